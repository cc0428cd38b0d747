"""Tie-breaks: a registry of codes with human names, and the functions that compute them.

Pure Python, no Django. Each function reads an entry's :class:`Sheet` (its results folded by
:mod:`league.standings`) and returns an integer, so standings never hold floats. Codes follow
the FIDE tie-break regulations (C.07) where one exists.

Who counts as an opponent: in a two-entry match (a Tractor partnership against another) the
other entry. At a table of several entries (individual seating) every entry on another *side*:
at a four-seat Shengji table with fixed partners (seats 0 and 2 against 1 and 3) an individual's
opponents are the two players across, and the partner is not one; at a free-for-all table
(Si Se Pai) or when no sides are given, everyone else at the table. Each meeting is counted, so a
player met twice counts twice.

Pairwise outcome: against each opponent an entry scores 2 (better place), 1 (same place) or 0
(worse place). Byes have no opponent: they add points but nothing to Buchholz, Sonneborn-Berger,
direct encounter or wins.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Meeting:
    """One opponent met in one match, and the pairwise outcome against it (2, 1 or 0)."""

    round: int
    opponent: int
    outcome2: int


@dataclass
class Sheet:
    """Everything the tie-breaks need about one entry, folded from its results."""

    entry: int
    points: int = 0
    second: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0
    diff: int = 0
    meetings: list[Meeting] = field(default_factory=list)


@dataclass(frozen=True)
class TieBreak:
    """A tie-break the organiser can choose: code, human name, how it is computed.

    ``divisor`` says how to show the stored integer: the shown value is ``value / divisor`` (in
    the tournament's own point units for the point-based ones).
    """

    code: str
    name: str
    description: str
    divisor: int = 1
    needs_group: bool = False

    def show(self, value: int) -> str:
        """The stored integer as people read it: ``9`` with divisor 2 is ``4.5``."""
        whole, rest = divmod(abs(value), self.divisor)
        sign = "-" if value < 0 else ""
        if not rest:
            return f"{sign}{whole}"
        return (
            f"{sign}{whole}.{rest * 10 // self.divisor}"
            if 10 % self.divisor == 0
            else f"{value}/{self.divisor}"
        )


BUCHHOLZ = "BH"
BUCHHOLZ_CUT1 = "BH-C1"
SONNEBORN_BERGER = "SB"
DIRECT_ENCOUNTER = "DE"
LEVEL_DIFFERENCE = "DIFF"
WINS = "WIN"

# Names and descriptions are plain strings so that the Django side can wrap them in gettext.
TIEBREAKS: dict[str, TieBreak] = {
    t.code: t
    for t in (
        TieBreak(BUCHHOLZ, "Buchholz", "Sum of the final points of every opponent met."),
        TieBreak(
            BUCHHOLZ_CUT1,
            "Buchholz cut 1",
            "Buchholz without the single lowest opponent score (softens one weak pairing).",
        ),
        TieBreak(
            SONNEBORN_BERGER,
            "Sonneborn-Berger",
            "Final points of each opponent beaten, plus half of each opponent drawn.",
            divisor=2,
        ),
        TieBreak(
            DIRECT_ENCOUNTER,
            "Direct encounter",
            "Score in the games among the entries still tied (win 1, draw 1/2).",
            divisor=2,
            needs_group=True,
        ),
        TieBreak(
            LEVEL_DIFFERENCE,
            "Level difference",
            "Levels (or card points) won minus levels conceded, over all matches.",
        ),
        TieBreak(WINS, "Number of wins", "Matches won over the table (byes are not wins)."),
    )
}


def buchholz(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int:
    """Sum of the opponents' final points, one term per meeting."""
    return sum(sheets[m.opponent].points for m in sheet.meetings)


def buchholz_cut1(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int:
    """Buchholz less the lowest single opponent term (0 without meetings)."""
    terms = [sheets[m.opponent].points for m in sheet.meetings]
    return sum(terms) - min(terms) if terms else 0


def sonneborn_berger(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int:
    """Opponents' final points weighted by the outcome, in half units (shown divided by 2)."""
    return sum(sheets[m.opponent].points * m.outcome2 for m in sheet.meetings)


def direct_encounter(sheet: Sheet, tied: Collection[int]) -> int:
    """Pairwise outcomes (2, 1, 0) against the other entries of the tie group."""
    return sum(m.outcome2 for m in sheet.meetings if m.opponent in tied and m.opponent != sheet.entry)


def level_difference(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int:
    """Sum of the level (or point) differences recorded for the entry."""
    return sheet.diff


def wins(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int:
    """Number of matches won."""
    return sheet.wins


# Tie-breaks that depend only on the sheets; direct encounter needs the tie group instead.
COMPUTE: dict[str, Callable[[Sheet, Mapping[int, Sheet]], int]] = {
    BUCHHOLZ: buchholz,
    BUCHHOLZ_CUT1: buchholz_cut1,
    SONNEBORN_BERGER: sonneborn_berger,
    LEVEL_DIFFERENCE: level_difference,
    WINS: wins,
}
