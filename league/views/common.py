"""What every league view needs: finding objects the visitor may see, and refusing the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from league import access
from league.models import Club, Match, Player, Tournament


def visible_club(request: HttpRequest, slug: str) -> Club:
    """The club if the visitor may see it, else 404."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(request.user, club):
        raise Http404
    return club


def managed_club(request: HttpRequest, slug: str) -> Club:
    """The club if the visitor manages it (404 if hidden, 403 if only visible)."""
    club = visible_club(request, slug)
    if not access.manages(request.user, club):
        raise PermissionDenied
    return club


def visible_tournament(request: HttpRequest, slug: str, tslug: str) -> Tournament:
    """The tournament if the visitor may see it, else 404."""
    tournament = Tournament.objects.select_related("club").filter(club__slug=slug, slug=tslug).first()
    if tournament is None or not access.can_view_tournament(request.user, tournament):
        raise Http404
    return tournament


def managed_tournament(request: HttpRequest, slug: str, tslug: str) -> Tournament:
    """The tournament if the visitor manages its club."""
    tournament = visible_tournament(request, slug, tslug)
    if not access.manages(request.user, tournament.club):
        raise PermissionDenied
    return tournament


def visible_match(request: HttpRequest, match_id: int) -> Match:
    """The match if the visitor may see it (a draft round's tables only to directors), else 404."""
    match = Match.objects.select_related("club", "tournament", "round").filter(pk=match_id).first()
    if match is None or not access.can_view_match(request.user, match):
        raise Http404
    return match


def visible_player(request: HttpRequest, player_id: int) -> Player:
    """The player if their home club is visible, else 404."""
    player = Player.objects.select_related("club", "user").filter(pk=player_id).first()
    if player is None or not access.can_view_club(request.user, player.club):
        raise Http404
    return player


def act(
    request: HttpRequest,
    action: Callable[[], Any],
    success: str,
    target: str,
    errors: tuple[type[Exception], ...],
) -> HttpResponse:
    """Run a service call; flash its success or its error and go back to ``target``."""
    try:
        action()
    except errors as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, success)
    return redirect(target)
