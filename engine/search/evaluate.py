"""Scoring the candidate actions of one decision by playouts from the same sampled worlds.

Every candidate is played in every world, and the playout that follows draws from the same
seed in a world whatever the candidate (common random numbers), so the differences between
candidates come from the candidates, not from the luck of the worlds or of the playouts.
The game review reuses this to judge a decision that was made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.game import Action, DealState
from engine.search.knowledge import Knowledge
from engine.search.policy import playout
from engine.search.stats import mean, stderr
from engine.search.worlds import Zones


@dataclass(frozen=True)
class Estimate:
    """A candidate's value: the mean over the worlds, in the game's own unit from the deciding
    seat's side, its standard error, and the mean card-point ``margin`` (the secondary measure);
    ``values`` and ``margins`` world by world, for paired comparisons between candidates;
    ``sides`` world by world when the caller asked for the dealer's result too (``evaluate``)."""

    action: Action
    mean: float
    stderr: float
    margin: float
    playouts: int
    values: tuple[float, ...]
    margins: tuple[float, ...]
    sides: tuple[float, ...] = ()


# (a world's line just after a candidate, the world's index) → (value, margin[, the dealer's value])
Score = Callable[[DealState, int], tuple[float, ...]]
# A finished playout → the result of the dealer (庄家), whoever decided.
Side = Callable[[DealState], float]


def score_worlds(
    state: DealState,
    seat: int,
    candidates: Sequence[Action],
    worlds: Sequence[Zones],
    knowledge: Knowledge,
    score: Score,
) -> list[Estimate]:
    """One ``Estimate`` per candidate (in their order): each applied in each world and ``score``d."""
    values: list[list[float]] = [[] for _ in candidates]
    margins: list[list[float]] = [[] for _ in candidates]
    sides: list[list[float]] = [[] for _ in candidates]
    for index, zones in enumerate(worlds):
        world = knowledge.world(state, zones)
        for slot, action in enumerate(candidates):
            line = world.copy()
            line.apply_trusted(seat, action)
            value, margin, *side = score(line, index)
            values[slot].append(value)
            margins[slot].append(margin)
            sides[slot].extend(side)
    return [
        Estimate(action, mean(v), stderr(v), mean(m), len(v), tuple(v), tuple(m), tuple(d))
        for action, v, m, d in zip(candidates, values, margins, sides, strict=True)
    ]


def evaluate(
    state: DealState,
    seat: int,
    candidates: Sequence[Action],
    worlds: Sequence[Zones],
    knowledge: Knowledge,
    seed: int = 0,
    side: Side | None = None,
) -> list[Estimate]:
    """One ``Estimate`` per candidate (in their order) from one playout per world.

    ``candidates`` must be legal for ``seat`` in ``state``; ``worlds`` are ``replace_hidden``
    mappings (``sample_worlds``). ``seed`` fixes the playouts, so the call is deterministic.
    ``side`` also values each playout's end for the dealer (``Estimate.sides``)."""
    seats = knowledge.seats(state)

    def whole(line: DealState, index: int) -> tuple[float, ...]:
        end = playout(line, knowledge.policy, seed + index, seats)
        scored = knowledge.value(end, seat), knowledge.margin(end, seat)
        return scored if side is None else (*scored, side(end))

    return score_worlds(state, seat, candidates, worlds, knowledge, whole)
