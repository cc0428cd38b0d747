"""Duplicate pages: a round's boards and travellers, and the printable board sheets."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league import access
from league.boards import stack_rows
from league.diagram import hand_diagram
from league.models import Board, Match, Round, Tournament
from league.services import duplicate, travellers
from league.templatetags.duplicate_tags import compass
from league.views.common import visible_tournament

DIRECTIONS = ("NS", "EW")


def duplicate_round(
    request: HttpRequest, slug: str, tslug: str, number: int
) -> tuple[Tournament, Round, bool]:
    """A published round of a duplicate event the visitor may see, and whether they manage the club."""
    tournament = visible_tournament(request, slug, tslug)
    rnd = tournament.rounds.filter(number=number).first()
    if rnd is None or not duplicate.is_duplicate(tournament) or not access.can_view_round(request.user, rnd):
        raise Http404
    return tournament, rnd, access.manages(request.user, tournament.club)


def round_boards(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """Each board's commitment and traveller; decks and the seed once the round is over.

    Results of a board are shown to directors at once and to everyone else once the round is
    over, because other tables may still have to play it (as bridge clubs hide travellers).
    """
    tournament, rnd, manages = duplicate_round(request, slug, tslug, number)
    finished = duplicate.revealed(rnd)
    shown = manages or finished
    rows = travellers.travellers(rnd) if shown else {}
    boards = [
        {
            "board": b,
            "rows": rows.get(b.number, []),
            "dealer": DIRECTIONS[b.dealer % 2],
            # The hands are shown once the decks are: when the round is over.
            "diagram": hand_diagram(b.deck, b.dealer, b.levels) if finished else None,
        }
        for b in travellers.boards_of(rnd)
    ]
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": rnd,
        "manages": manages,
        "boards": boards,
        "results_shown": shown,
        "revealed": finished,
        "team_matches": travellers.team_matches(rnd)
        if tournament.format == Tournament.Format.DUPLICATE_TEAMS and shown
        else [],
    }
    return render(request, "league/duplicate_boards.html", context)


def board_sheets(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """One printable page per board (stack top to bottom, dealer, levels).

    ``?match=<id>`` prints one table's version (its boards in its order, naming who draws each
    card), ``?match=all`` every table's version one after the other, so each table of the round
    builds its own stacks; without it, every board once. The stacks are the boards themselves:
    directors only while the round is being played.
    """
    tournament, rnd, manages = duplicate_round(request, slug, tslug, number)
    if not (manages or duplicate.revealed(rnd)):
        raise Http404
    boards = {b.number: b for b in travellers.boards_of(rnd)}
    tables = list(rnd.matches.order_by("stage", "table_number").prefetch_related("seats__player"))
    wanted = request.GET.get("match", "")
    if wanted == "all":
        chosen: list[Match | None] = list(tables)
    elif wanted.isdigit():
        chosen = [t for t in tables if t.pk == int(wanted)]
        if not chosen:
            raise Http404
    elif wanted:
        raise Http404
    else:
        chosen = [None]
    sheets = [
        sheet(boards[n], table)
        for table in chosen
        for n in (table.boards if table is not None else boards)
        if n in boards
    ]
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": rnd,
        "sheets": sheets,
        "match": chosen[0] if wanted.isdigit() else None,
        "every_table": wanted == "all",
        "tables": tables,
    }
    return render(request, "league/board_sheets.html", context)


def sheet(board: Board, match: Match | None) -> dict[str, Any]:
    """What one printed board page shows; with a table, the names of who draws."""
    names = {s.seat: s.display_name for s in match.seats.all()} if match is not None else {}
    rows = [
        {"position": pos, "card": card, "seat": seat, "compass": compass(seat), "name": names.get(seat, "")}
        for pos, card, seat in stack_rows(board.deck, board.dealer)
    ]
    half = (len(rows) + 1) // 2
    return {
        "board": board,
        "match": match,
        "dealer": board.dealer,
        "dealer_direction": DIRECTIONS[board.dealer % 2],
        "dealer_compass": compass(board.dealer),
        "dealer_name": names.get(board.dealer, ""),
        "diagram": hand_diagram(board.deck, board.dealer, board.levels),
        "columns": [rows[:half], rows[half:]],
    }
