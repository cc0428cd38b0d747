"""Stored standings: the pure fold of ``league.standings`` over a tournament's finished matches.

Match points are integers: against each other side at the table an entry scores 2 for a better
place, 1 for the same place, 0 for a worse one (a two-sided match: win 2, draw 1, loss 0; a San
Da Ha table of four: up to 6). ``DIFF`` is the entry's own total ``scores`` (level rises or
payments) less the other side's in a two-sided match, its own total at a table of several.

Two games rank by what they score instead of match points: Zhao Pengyou by the rank reached
(levels risen from 2, summed over the matches) and then the game points won (the row's
``second_points``); Si Se Pai by cumulative payments. The tie-breaks follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from league import standings as fold
from league.models import Bye, Match, StandingRow, Tournament
from league.services import travellers, typed_rows
from league.services.duplicate import DUPLICATE_FORMATS
from league.services.games import game, partnerships
from league.tiebreaks import TIEBREAKS


def match_points(places: Sequence[int], sides: Sequence[int]) -> list[int]:
    """Points per entry: 2 per other side placed below it, 1 per other side level with it."""
    firsts: dict[int, int] = {}
    for place, side in zip(places, sides, strict=True):
        firsts.setdefault(side, place)
    out = []
    for place, side in zip(places, sides, strict=True):
        others = [p for s, p in firsts.items() if s != side]
        out.append(sum(2 if place < p else 1 if place == p else 0 for p in others))
    return out


def result_of(match: Match, round_number: int) -> fold.MatchResult | None:
    """The pure fold's view of one finished match: entries, points, places, diffs and sides."""
    result = typed_rows.match_result(match)
    if result is None or not result.places:
        return None
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    first_seat: dict[int, int] = {}
    for seat in seats:
        if seat.entry_id is not None:
            first_seat.setdefault(seat.entry_id, seat.seat)
    if len(first_seat) < 2:
        return None
    entries = tuple(first_seat)
    partnership_individuals = partnerships(match.game) and len(entries) == len(seats)
    sides = tuple(first_seat[e] % 2 if partnership_individuals else i for i, e in enumerate(entries))
    places = tuple(result.places[first_seat[e]] for e in entries)

    def per_entry(values: Sequence[int]) -> tuple[int, ...]:
        return tuple(int(values[first_seat[e]]) for e in entries) if values else ()

    own = [result.score[first_seat[e]] for e in entries]
    diffs = (
        tuple(own[0] - own[1] if i == 0 else own[1] - own[0] for i in range(2))
        if len(entries) == 2
        else tuple(own)
    )
    # A game that does not use match points names the ``Match.result`` list its points column sums.
    traits = game(match.game)
    points = per_entry(result.column(traits.points_from)) or tuple(match_points(places, sides))
    second = per_entry(result.column(traits.second_from))
    return fold.MatchResult(round_number, entries, points, places, diffs, sides, second)


def compute(tournament: Tournament) -> list[fold.StandingRow]:
    """The standings of ``tournament`` from its finished matches and byes."""
    if tournament.format in DUPLICATE_FORMATS:
        return travellers.standings(tournament)
    matches = (
        Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED)
        .select_related("round")
        .prefetch_related("seats")
    )
    results = [r for m in matches if (r := result_of(m, m.round.number if m.round else 0)) is not None]
    byes = [
        fold.Bye(b.round.number, b.entry_id, b.points)
        for b in Bye.objects.filter(round__tournament=tournament).select_related("round")
    ]
    entries = list(tournament.entries.order_by("seed", "id").values_list("id", flat=True))
    return fold.compute_standings(entries, results, byes, list(tournament.tie_breaks))


def row_values(row: fold.StandingRow) -> dict[str, Any]:
    """The stored fields of one row."""
    return {
        "rank": row.rank,
        "points": row.points,
        "second_points": row.second,
        "played": row.played,
        "byes": row.byes,
        "tiebreaks": [[code, value] for code, value in row.tiebreaks],
    }


@transaction.atomic
def update(tournament_id: int) -> int | None:
    """Recompute and store the standings, writing only what changed; the new version, or None if unchanged."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    wanted = {row.entry: row_values(row) for row in compute(tournament)}
    stored = {row.entry_id: row for row in tournament.standing_rows.all()}
    changed = False
    for entry_id, values in wanted.items():
        row = stored.get(entry_id)
        if row is None:
            StandingRow.objects.create(tournament=tournament, entry_id=entry_id, **values)
            changed = True
        elif any(getattr(row, k) != v for k, v in values.items()):
            StandingRow.objects.filter(pk=row.pk).update(**values)
            changed = True
    stale = [pk for entry_id, pk in ((e, r.pk) for e, r in stored.items()) if entry_id not in wanted]
    if stale:
        StandingRow.objects.filter(pk__in=stale).delete()
        changed = True
    if not changed:
        return None
    tournament.standings_version += 1
    tournament.save(update_fields=["standings_version"])
    return tournament.standings_version


def shown(code: str, value: int) -> str:
    """A stored tie-break integer as shown: divided by its divisor (2 for Sonneborn-Berger and DE)."""
    divisor = TIEBREAKS[code].divisor if code in TIEBREAKS else 1
    whole, rest = divmod(value, divisor)
    return str(whole) if not rest else f"{value / divisor:g}"


def display_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Stored rows with each tie-break value ready to show, best first."""
    rows = tournament.standing_rows.select_related("entry").order_by("rank", "entry__seed")
    return [{"row": r, "values": [shown(code, value) for code, value in r.tiebreaks]} for r in rows]
