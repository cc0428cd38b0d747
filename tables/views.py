"""Lobby and table pages: thin views over the table service."""

from __future__ import annotations

import math
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardclub.games import GAMES_BY_NAME
from engine import game_names, get_game
from league import access
from league.models import Club, Deal
from league.services.games import RULE_LABELS
from tables import results
from tables.models import LiveTable, TableSeat
from tables.services import access as table_access
from tables.services import lobby
from tables.services.errors import NotAllowed
from tables.services.lobby_rows import lobby_tables


def _club(request: HttpRequest, slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(request.user, club):
        raise Http404
    return club


def _table(request: HttpRequest, table_id: int) -> LiveTable:
    table = get_object_or_404(LiveTable.objects.select_related("club", "match__round"), pk=table_id)
    if not table_access.may_watch(request.user, table):
        raise Http404
    return table


def club_lobby(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's open and running tables, with a form to open one; a socket keeps the rows live."""
    club = _club(request, slug)
    games = [GAMES_BY_NAME[name] for name in game_names() if name in GAMES_BY_NAME]
    context = {
        "club": club,
        "tables": lobby_tables(club),
        "games": games,
        "seat_choices": seat_choices(),
        "member": access.is_member(request.user, club),
        "lobby_strings": {"live": _("Live"), "reconnecting": _("Reconnecting…")},
    }
    return render(request, "tables/lobby.html", context)


def seat_choices() -> list[tuple[str, int, int]]:
    """Every (game, table size, default size) the lobby's form offers (Zhao Pengyou: 6 to 12)."""
    out = []
    for name in game_names():
        game = get_game(name)
        out += [(name, n, game.default_seats) for n in range(game.min_seats, game.max_seats + 1)]
    return out


@login_required
@require_POST
def open_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Open a casual table and sit at it."""
    club = _club(request, slug)
    seats = request.POST.get("seats", "")
    if seats and not seats.isdigit():
        messages.error(request, _("Choose the number of players."))
        return redirect("table-lobby", slug=club.slug)
    try:
        table = lobby.open_table(
            club, request.user, request.POST.get("game", ""), seats=int(seats or 0) or None
        )
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
        "ring": ring(seats, mine),
        "my_seat": mine,
        "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
        "member": access.is_member(request.user, table.club),
        "game": GAMES_BY_NAME.get(table.game),
        "strings": js_strings(),
        "result_url": reverse("table-result", args=[table.pk, 0]),
    }
    # Si Se Pai is drawn with pieces, melds and claim windows instead of cards and tricks.
    page = "tables/sisepai.html" if table.game == "sisepai" else "tables/table.html"
    return render(request, page, context)


def ring(seats: list[TableSeat], mine: int | None) -> list[dict[str, Any]]:
    """Seats around an oval table: your seat at the bottom, the next to play on your right.

    Play goes counter-clockwise (下家 sits to the right), so seat ``mine + k`` is ``k`` steps
    counter-clockwise from the bottom; ``x``/``y`` are percentages of the felt.
    """
    count = len(seats)
    base = mine or 0
    out = []
    for seat in seats:
        angle = 2 * math.pi * ((seat.seat - base) % count) / count
        x = round(50 + 40 * math.sin(angle), 1)
        y = round(50 + 40 * math.cos(angle), 1)
        out.append({"seat": seat.seat, "name": seat.display_name, "bot": seat.bot, "x": x, "y": y})
    return out


def table_result(request: HttpRequest, table_id: int, deal_id: int) -> HttpResponse:
    """The result of a finished deal of this table, in words (the page fetches it when a deal ends)."""
    table = _table(request, table_id)
    deal = get_object_or_404(Deal, pk=deal_id, match_id=table.match_id, status=Deal.Status.FINISHED)
    return render(request, "tables/result.html", results.context(deal))


def js_strings() -> dict[str, Any]:
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
        "you": _("you"),
        "name_seat": _("%(name)s (seat %(n)s)"),
        "friend": _("friend"),
        "declarer": _("declarer"),
        "rank": _("rank %(rank)s"),
        "declarer_rank": _("%(name)s declares at rank %(rank)s"),
        "bids": _("Bids: %(bids)s"),
        "nth_copy": _("%(nth)s copy of"),
        "ordinals": {"1": _("1st"), "2": _("2nd"), "3": _("3rd"), "4": _("4th")},
        "copies_played": _("%(count)s played"),
        "found_by": _("friend: %(name)s"),
        "used_up": _("used up by %(name)s"),
        "not_found": _("not found yet"),
        "calls_made": _("%(made)s of %(due)s called"),
        "result_failed": _("Could not load the result; reload the page."),
        # RULINGS 2's real-hand option: a failed throw by the trick, and the deal's list of them.
        "failed_throw": _("%(name)s tried %(attempted)s — failed, plays %(forced)s"),
        "failed_throws": _("Failed throws: %(throws)s"),
        "failed_throw_item": _("Trick %(n)s: %(name)s tried %(attempted)s, failed, played %(forced)s"),
        "throw_penalty": RULE_LABELS["throw_penalty"],
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
