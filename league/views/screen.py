"""The room's screen: a full-screen tournament view that cycles tables, standings and travellers.

No login: it shows what the tournament's visibility shows any visitor (a private club's screen
needs a member signed in). The running round's tables and seats come first, then the standings,
then, for duplicate events, the travellers of the last finished round (a round still being played
keeps its boards face down, as on the boards page). The page refetches its panels when the
tournament's live socket says a table or the standings changed.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from cardclub.games import GAMES_BY_NAME
from league.models import Round, Tournament
from league.services import duplicate, table_states, tournaments, travellers
from league.views.common import visible_tournament
from league.views.table_cards import qr_svg
from league.views.tournaments import standings_context

# Seconds each panel stays up; the room reads a table's seat from across it in that time.
PANEL_SECONDS = 15
# Boards of travellers shown: the screen is read from afar, a few boards at a time.
TRAVELLER_BOARDS = 2


def shown_round(tournament: Tournament) -> Round | None:
    """The round the room plays: the latest published one, else the latest finished one."""
    rounds = tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("-number")
    return rounds.filter(status=Round.Status.PUBLISHED).first() or rounds.first()


def check_in_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """While check-in is open: the phone page's QR code and how many entries are in."""
    if not tournaments.check_in_open(tournament):
        return {}
    url = request.build_absolute_uri(
        reverse("tournament-check-in", args=[tournament.club.slug, tournament.slug])
    )
    playing = tournament.entries.filter(withdrawn=False)
    return {
        "check_in": {
            "url": url,
            "qr": mark_safe(qr_svg(url)),  # noqa: S308  # segno's own SVG, no user text in it
            "round": tournaments.next_round(tournament),
            "present": sum(tournaments.checked_in(e) for e in playing),
            "entries": len(playing),
        }
    }


def panels_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What the panels show: check-in, the round's tables, the standings, the last travellers."""
    rnd = shown_round(tournament)
    finished = tournament.rounds.filter(status=Round.Status.FINISHED).order_by("-number").first()
    boards: list[tuple[int, Any]] = []
    if finished is not None and duplicate.is_duplicate(tournament):
        boards = list(travellers.travellers(finished).items())[-TRAVELLER_BOARDS:]
    return {
        "tournament": tournament,
        "game": GAMES_BY_NAME.get(tournament.game),
        "round": rnd,
        "states": table_states.round_states(rnd) if rnd is not None else [],
        "travellers_round": finished if boards else None,
        "boards": boards,
        **standings_context(tournament),
        **check_in_context(request, tournament),
    }


def tournament_screen(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """The full-screen page for the room's projector."""
    tournament = visible_tournament(request, slug, tslug)
    asked = request.GET.get("seconds", "")
    seconds = min(max(int(asked), 2), 120) if asked.isdecimal() and len(asked) < 4 else PANEL_SECONDS
    context = panels_context(request, tournament) | {"club": tournament.club, "seconds": seconds}
    return render(request, "league/screen.html", context)


def screen_panels(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """Just the panels: what the screen refetches when the tournament's socket says something changed."""
    tournament = visible_tournament(request, slug, tslug)
    return render(request, "league/_screen_panels.html", panels_context(request, tournament))
