"""Lobby and table pages: thin views over the table service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardclub.games import GAMES_BY_NAME
from engine import game_names
from league import access
from league.models import Club
from tables.models import LiveTable
from tables.services import lobby, presence
from tables.services.errors import NotAllowed


def _club(request: HttpRequest, slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(request.user, club):
        raise Http404
    return club


def _table(request: HttpRequest, table_id: int) -> LiveTable:
    table = get_object_or_404(LiveTable.objects.select_related("club"), pk=table_id)
    if not access.can_view_club(request.user, table.club):
        raise Http404
    return table


def club_lobby(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's open and running tables, with a form to open one."""
    club = _club(request, slug)
    tables = list(
        club.live_tables.exclude(status=LiveTable.Status.FINISHED)
        .prefetch_related("seats__user", "seats__player")
        .order_by("-created")[:100]
    )
    for table in tables:
        table.watchers = presence.count(table.pk)
        table.info = GAMES_BY_NAME.get(table.game)
    games = [GAMES_BY_NAME[name] for name in game_names() if name in GAMES_BY_NAME]
    context = {"club": club, "tables": tables, "games": games, "member": access.is_member(request.user, club)}
    return render(request, "tables/lobby.html", context)


@login_required
@require_POST
def open_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Open a casual table and sit at it."""
    club = _club(request, slug)
    try:
        table = lobby.open_table(club, request.user, request.POST.get("game", ""))
    except NotAllowed as exc:
        messages.error(request, exc.message)
        return redirect("table-lobby", slug=club.slug)
    return redirect(table)


def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    """The live table page; the socket does the rest."""
    table = _table(request, table_id)
    seats = list(table.seats.select_related("user", "player").order_by("seat"))
    user_id = request.user.pk if request.user.is_authenticated else None
    mine = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
    context = {
        "table": table,
        "seats": seats,
        "my_seat": mine,
        "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
        "member": access.is_member(request.user, table.club),
        "game": GAMES_BY_NAME.get(table.game),
        "strings": js_strings(),
    }
    # Si Se Pai is drawn with pieces, melds and claim windows instead of cards and tricks.
    page = "tables/sisepai.html" if table.game == "sisepai" else "tables/table.html"
    return render(request, page, context)


def js_strings() -> dict[str, str]:
    """Every string table.js shows, translated here so the script needs no catalogue of its own."""
    return {
        "live": _("Live"),
        "reconnecting": _("Reconnecting…"),
        "deal": _("Deal %(number)s"),
        "play": _("Play the selected cards"),
        "bury": _("Bury the selected cards"),
        "pickup": _("Pick up the kitty"),
        "redeal": _("Ask for a redeal"),
        "pass": _("Pass"),
        "declare": _("Declare %(cards)s"),
        "bid": _("Bid %(points)s"),
        "name_trump": _("Trump suit: %(suit)s"),
        "your_turn": _("Your turn"),
        "turn_of": _("Waiting for %(name)s"),
        "drawing": _("Drawing cards…"),
        "seconds_left": _("%(seconds)s s left"),
        "trump": _("Trump: %(trump)s"),
        "no_trump": _("no trump suit"),
        "declared": _("Declared by %(name)s: %(cards)s"),
        "points": _("Defenders' points: %(points)s"),
        "levels": _("Levels: %(levels)s"),
        "scores": _("Scores: %(scores)s"),
        "cards_left": _("%(count)s cards"),
        "dealer": _("dealer"),
        "deal_over": _("The deal is over."),
        "match_over": _("The match is over."),
        "watching": _("You are watching this table."),
        "select_first": _("Select cards in your hand first."),
        "commitment": _("Commitment (SHA-256 of salt and deck): %(commitment)s"),
        "revealed": _("Seed %(seed)s, salt %(salt)s, deck: %(deck)s"),
        "auto": _("played for you when the clock ran out"),
    }


@login_required
@require_POST
def table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    """Lobby actions of a table: sit, leave, ready, seat a bot."""
    table = _table(request, table_id)
    try:
        seat = int(request.POST.get("seat", "-1"))
        if action == "sit":
            lobby.take_seat(table.pk, request.user, seat)
        elif action == "leave":
            lobby.leave_seat(table.pk, request.user)
        elif action == "ready":
            lobby.set_ready(table.pk, request.user)
        elif action == "bot":
            lobby.seat_bot(table.pk, request.user, seat, request.POST.get("kind", ""))
        else:
            raise Http404
    except NotAllowed as exc:
        messages.error(request, exc.message)
    except ValueError:
        messages.error(request, _("Choose a seat."))
    return redirect(table)
