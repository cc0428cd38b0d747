"""Duplicate scoring: plus points per board, matchpoints for pairs, victory points for teams.

Pure Python, no Django; every figure is an integer or an exact ``Fraction`` (no floats). The
units are explained with a worked example in ``docs/duplicate.md``.

- **Plus points** (the board score of one table, from NS's side): 100 per level NS climbed more
  than EW on the board, plus the card points NS won as defenders or minus those EW won against
  NS as declarers. The level term comes first (100 is more than any card-point swing inside one
  level band), so the game's own outcome decides; the card points then separate tables where the
  same cards gave the same level result but one table played them better.
- **Matchpoints** (pairs): on each board a pair gets 2 for every pair in its direction it beat
  and 1 for every tie. When a board has fewer results than the most any board has, the scores
  are factored up by Neuberg's formula (as the EBU and ACBL do) so every board weighs the same.
- **Teams of four**: a team's board score is the plus points of its NS pair at one table minus
  those of the other team's NS pair at the other table; the match total in levels is turned into
  victory points on a 20-0 scale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.core.result import DealResult, LevelsResult
from engine.family.cards import RANKS

LEVEL = 100  # plus points per level of difference


class ScoringError(ValueError):
    """A result that cannot be scored (not a level game's played result)."""


def plus_score(result: DealResult) -> int | None:
    """NS's plus points on a board from a deal result; ``None`` when the board was not played."""
    if not result.played:
        return None
    if not isinstance(result, LevelsResult) or result.dealer is None or result.defender_points is None:
        raise ScoringError(f"not a level game's result: {result!r}")
    before, after = result.levels_before, result.levels_after
    try:
        gain = [RANKS.index(after[t]) - RANKS.index(before[t]) for t in (0, 1)]
    except (IndexError, ValueError) as exc:
        raise ScoringError(f"not a level game's result: {exc}") from None
    points = result.defender_points
    cards = -points if result.dealer % 2 == 0 else points
    return LEVEL * (gain[0] - gain[1]) + cards


@dataclass(frozen=True)
class TableResult:
    """One table's result on one board: the NS and EW pair numbers and NS's plus points."""

    ns: int
    ew: int
    plus: int


@dataclass(frozen=True)
class BoardScore:
    """A pair's matchpoints on one board, with the top they are out of (both may be factored)."""

    pair: int
    direction: str  # "NS" or "EW"
    matchpoints: Fraction
    top: int


def raw_matchpoints(scores: Sequence[int]) -> list[int]:
    """2 per other score beaten and 1 per tie, for each score (higher is better)."""
    return [sum(2 if s > o else 1 if s == o else 0 for o in scores) - 1 for s in scores]


def neuberg(mp: int, results: int, expected: int) -> Fraction:
    """Neuberg's factoring of a score got among ``results`` to a board with ``expected`` results.

    Neuberg's formula in single units (1 a pair beaten) is MP * E / N + (E / N - 1) / 2; in this
    module's units (2 a pair beaten) that is (MP + 1) * E / N - 1. It keeps the board's average at
    half the top; with N = E it changes nothing.
    """
    return Fraction((mp + 1) * expected, results) - 1


def score_board(tables: Sequence[TableResult], expected: int) -> list[BoardScore]:
    """Every pair's matchpoints on one board, both directions, factored to ``expected`` results."""
    out: list[BoardScore] = []
    if len(tables) > expected:
        raise ScoringError(f"{len(tables)} results on a board expected to have {expected}")
    for direction, sign in (("NS", 1), ("EW", -1)):
        mps = raw_matchpoints([sign * t.plus for t in tables])
        for table, mp in zip(tables, mps, strict=True):
            pair = table.ns if sign == 1 else table.ew
            out.append(BoardScore(pair, direction, neuberg(mp, len(tables), expected), 2 * (expected - 1)))
    return out


@dataclass(frozen=True)
class PairTotal:
    """A pair's event total: matchpoints, the top over the boards it played, boards played."""

    pair: int
    matchpoints: Fraction
    top: int
    boards: int

    @property
    def percent(self) -> Fraction:
        """Matchpoints as a percentage of the top (boards not played leave both out)."""
        return Fraction(100) * self.matchpoints / self.top if self.top else Fraction(50)


def pair_totals(boards: Mapping[int, Sequence[TableResult]]) -> list[PairTotal]:
    """Totals of every pair over ``boards`` (board number → its tables' results), best first.

    ``expected`` per board is the most results any board has. A pair whose table did not play a
    board gets nothing for it and its top shrinks by the same amount: its percentage is that of
    the boards it played (no artificial score is handed out).
    """
    expected = max((len(t) for t in boards.values()), default=0)
    totals: dict[int, list[Fraction | int]] = {}
    for tables in boards.values():
        if not tables:
            continue
        for score in score_board(tables, expected):
            row = totals.setdefault(score.pair, [Fraction(0), 0, 0])
            row[0] += score.matchpoints
            row[1] += score.top
            row[2] += 1
    rows = [PairTotal(p, Fraction(mp), int(top), int(n)) for p, (mp, top, n) in totals.items()]
    return sorted(rows, key=lambda r: (-r.percent, -r.matchpoints, r.pair))


def hundredths(value: Fraction) -> int:
    """A fraction in hundredths, rounded half away from zero (how totals are stored and shown)."""
    scaled = value * 100
    sign = -1 if scaled < 0 else 1
    return sign * int(abs(scaled) + Fraction(1, 2))


# --- Teams of four ----------------------------------------------------------------------------


def team_board(home_ns: int | None, away_ns: int | None) -> int:
    """The home team's plus points on a board: its NS table minus the away team's NS table.

    A board not played at either table scores 0 for both teams (nothing to compare).
    """
    if home_ns is None or away_ns is None:
        return 0
    return home_ns - away_ns


def victory_points(
    difference: int, boards: int, blitz_levels_per_board: Fraction = Fraction(1, 2)
) -> tuple[int, int]:
    """A match's plus-point difference on a 20-0 victory-point scale (home, away), summing to 20.

    Linear: 10 each for a tie, one VP more per tenth of the blitz margin, 20-0 from the blitz on.
    The blitz is half a level (50 plus points) per board played, so a team must win by a level
    every other board to take every VP. Rounded half away from zero.
    """
    if boards <= 0:
        return 10, 10
    blitz = LEVEL * blitz_levels_per_board * boards
    swing = Fraction(10 * difference) / blitz
    step = int(abs(swing) + Fraction(1, 2))
    home = 10 + min(10, step) * (1 if swing > 0 else -1 if swing < 0 else 0)
    return home, 20 - home
