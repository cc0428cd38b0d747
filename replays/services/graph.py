"""The expected-points graph under the timeline (as lichess draws its evaluation): for each judged
decision, the review's estimate of the deal's final result for the declaring side, drawn as SVG
by a template on the server, the inaccuracies, mistakes and blunders marked on the line.

The review values a decision for the seat that made it, in card points counted from the pivot
(``engine.review.points``: above it for a defender, below it for the declarer's side), so the
declaring side's estimate is the value itself for its own seats and the value negated for a
defender's. The sides are the finished deal's (``side_of`` at the end: a Zhao Pengyou friend
counts with the declarer, as the review's worlds count it). Payment games (San Da Ha, Si Se Pai)
value a seat's own payment, which has no such symmetry: their lines carry the dealer's (庄家:
San Da Ha's declarer, Si Se Pai's dealer) expected payment besides (``value_side``), drawn
instead; a line stored without it (an older review) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.record import DealRecord, start_state
from engine.core.registry import get_game

WIDTH = 640
HEIGHT = 90
PAD = 14
MARKED = {"inaccuracy", "mistake", "blunder"}
# The unit whose values are margins from the pivot (engine.review.points.CARD_POINTS), and the
# one whose lines carry the dealer's payment (engine.review.points.PAYMENT).
MARGIN_UNIT = "card points"
PAYMENT_UNIT = "points paid"
# The least half-height of the scale in each unit, so a quiet deal's line is not blown up.
FLOOR = {MARGIN_UNIT: 10.0, PAYMENT_UNIT: 5.0}


@dataclass(frozen=True)
class Point:
    """One judged decision: the step its move led to, the declaring side's estimate, where drawn."""

    at: int
    seat: int
    value: float
    label: str
    x: float
    y: float

    @property
    def marked(self) -> bool:
        """An inaccuracy or worse: drawn as a mark on the line."""
        return self.label in MARKED


@dataclass(frozen=True)
class Graph:
    """The points, the polyline through them and the zero line (the pivot: the deal changes hands)."""

    points: list[Point]
    line: str
    zero: float
    top: float
    unit: str = MARGIN_UNIT
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD


def declaring_sides(record: DealRecord) -> dict[int, bool]:
    """Seat → whether it finished the deal on the declaring side (replayed by the engine)."""
    game = get_game(record.game)
    state: Any = start_state(record)  # a trick game's deal: it knows each seat's side
    for seat, text in record.actions:
        state.apply(seat, game.parse_action(text))
    return {seat: state.side_of(seat) == 0 for seat in range(len(record.seats))}


def expected_points(record: DealRecord, unit: str, lines: list[dict[str, Any]], last: int) -> Graph | None:
    """The graph of a review's ``lines`` (``index``, ``seat``, ``value_played``, ``label``,
    ``value_side``) over a replay of ``last`` steps; ``None`` without a line to draw."""
    values = declaring_values(record, unit, lines) if last > 0 else []
    if not values:
        return None
    top = max(FLOOR[unit], max(abs(v) for _, v in values))
    middle = HEIGHT / 2
    scale = (middle - PAD) / top

    def x_of(at: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * at / last

    points = [
        Point(
            line["index"] + 1,
            line["seat"],
            round(v, 1),
            line["label"],
            x_of(line["index"] + 1),
            middle - v * scale,
        )
        for line, v in values
    ]
    polyline = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)
    return Graph(points, polyline, middle, top, unit)


Line = dict[str, Any]


def declaring_values(record: DealRecord, unit: str, lines: list[Line]) -> list[tuple[Line, float]]:
    """Each line with the declaring side's (the dealer's) expected result after it, in ``unit``."""
    if unit == PAYMENT_UNIT:
        return [(line, line["value_side"]) for line in lines if line.get("value_side") is not None]
    if unit != MARGIN_UNIT or not lines:
        return []
    sides = declaring_sides(record)
    return [(line, line["value_played"] if sides[line["seat"]] else -line["value_played"]) for line in lines]
