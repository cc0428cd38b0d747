"""Standings as a pure fold over finished results (as lichess's SwissScoring does).

Pure Python, no Django. Input: the entries, every finished :class:`MatchResult` and every
:class:`Bye`; output: ordered :class:`StandingRow` objects with rank, points and each chosen
tie-break value. Nothing is stored incrementally, so the table is recomputed from results
whenever one changes and is always the same for the same results.

Points are the tournament's integer match points as stored (doubled where half points exist),
or what the game ranks by (levels risen in Zhao Pengyou, payments in Si Se Pai). An optional
second score (Zhao Pengyou's game points) comes next. Order: points, the second score, then the
chosen tie-breaks in the given order, all higher-is-better. Entries equal on all of them share a
rank ("1, 2, 2, 4") and are listed in the order the entries were passed (their seeds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from league.tiebreaks import COMPUTE, DIRECT_ENCOUNTER, TIEBREAKS, Meeting, Sheet, direct_encounter


@dataclass(frozen=True)
class MatchResult:
    """A finished match: entries at the table, their points, level differences, places and sides.

    ``places`` are 1 for the best; equal places are a draw between those entries. ``sides`` give
    each entry's side at the table (entries on the same side are partners, not opponents); when
    empty every entry is its own side. ``diffs`` and ``second`` (a score ranked after points)
    default to zero.
    """

    round: int
    entries: tuple[int, ...]
    points: tuple[int, ...]
    places: tuple[int, ...]
    diffs: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    second: tuple[int, ...] = ()

    @classmethod
    def with_winners(
        cls,
        round: int,
        entries: tuple[int, ...],
        points: tuple[int, ...],
        winners: Iterable[int],
        diffs: tuple[int, ...] = (),
        sides: tuple[int, ...] = (),
    ) -> MatchResult:
        """A result given by its winners: winners share first place, the rest second."""
        won = set(winners)
        return cls(round, entries, points, tuple(1 if e in won else 2 for e in entries), diffs, sides)


@dataclass(frozen=True)
class Bye:
    """A round an entry did not play, and the points it was given for it."""

    round: int
    entry: int
    points: int


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: rank, entry, points and the tie-break values in order."""

    rank: int
    entry: int
    points: int
    played: int
    byes: int
    tiebreaks: tuple[tuple[str, int], ...]
    second: int = 0

    def value(self, code: str) -> int:
        """The value of one tie-break on this row."""
        return dict(self.tiebreaks)[code]


def fold_sheets(
    entries: Iterable[int], results: Iterable[MatchResult], byes: Iterable[Bye] = ()
) -> dict[int, Sheet]:
    """Fold results and byes into one sheet per entry."""
    sheets = {e: Sheet(e) for e in entries}
    for result in results:
        _add_result(sheets, result)
    for bye in byes:
        sheet = sheets.setdefault(bye.entry, Sheet(bye.entry))
        sheet.points += bye.points
        sheet.byes += 1
    return sheets


def _add_result(sheets: dict[int, Sheet], result: MatchResult) -> None:
    """Add one match to the sheets of everyone at the table."""
    n = len(result.entries)
    sides = result.sides or tuple(range(n))
    diffs = result.diffs or (0,) * n
    second = result.second or (0,) * n
    if not len(result.points) == len(result.places) == len(sides) == len(diffs) == len(second) == n:
        raise ValueError(f"result of round {result.round}: one value per entry is needed")
    for i, entry in enumerate(result.entries):
        sheet = sheets.setdefault(entry, Sheet(entry))
        sheet.points += result.points[i]
        sheet.second += second[i]
        sheet.diff += diffs[i]
        sheet.played += 1
        beaten = False
        for j, other in enumerate(result.entries):
            if sides[j] == sides[i]:
                continue
            mine, theirs = result.places[i], result.places[j]
            outcome = 2 if mine < theirs else 1 if mine == theirs else 0
            beaten = beaten or outcome == 2
            sheet.meetings.append(Meeting(result.round, other, outcome))
        # A win is a best place that beat at least one opponent; a table-wide draw is not a win.
        if beaten and result.places[i] == min(result.places):
            sheet.wins += 1


def compute_standings(
    entries: Sequence[int],
    results: Iterable[MatchResult],
    byes: Iterable[Bye] = (),
    tiebreaks: Sequence[str] = (),
) -> list[StandingRow]:
    """Standings for ``entries`` (in seed order) with the chosen tie-break codes, best first."""
    unknown = [c for c in tiebreaks if c not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break codes: {', '.join(unknown)}")
    sheets = fold_sheets(entries, results, byes)
    order = list(dict.fromkeys([*entries, *sheets]))
    keys: dict[int, list[int]] = {e: [sheets[e].points, sheets[e].second] for e in order}
    for code in tiebreaks:
        if code == DIRECT_ENCOUNTER:
            # The tie group is everyone equal on points and on the tie-breaks before this one.
            groups: dict[tuple[int, ...], set[int]] = {}
            for e in order:
                groups.setdefault(tuple(keys[e]), set()).add(e)
            for e in order:
                keys[e].append(direct_encounter(sheets[e], groups[tuple(keys[e])]))
        else:
            for e in order:
                keys[e].append(COMPUTE[code](sheets[e], sheets))
    ranked = sorted(order, key=lambda e: [-v for v in keys[e]])
    rows: list[StandingRow] = []
    for position, e in enumerate(ranked):
        rank = rows[-1].rank if rows and keys[rows[-1].entry] == keys[e] else position + 1
        values = tuple(zip(tiebreaks, keys[e][2:], strict=True))
        sheet = sheets[e]
        rows.append(StandingRow(rank, e, sheet.points, sheet.played, sheet.byes, values, sheet.second))
    return rows
