"""Scoring candidates by short playouts and an estimate of the rest of the deal (a leaf evaluation).

Where whole playouts cost too much for enough worlds (a Tractor seat early in the deal: a
hundred plays a playout), each candidate is played in each world only until the trick on the
felt is complete, and the position reached is scored by the game's ``estimate``: the expected
result, in the game's unit, of the rest of the deal under the playout policy. A playout of a
few steps leaves room for many more worlds and candidates than a whole one, and the estimate
sees what a few tricks' card points do not (who holds the trumps and the points still out).
Common random numbers as in ``evaluate``: the candidates of one world share its playout seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.core.game import Action, DealState
from engine.search.evaluate import Estimate, score_worlds
from engine.search.knowledge import Knowledge
from engine.search.policy import playout_until
from engine.search.worlds import Zones


class LeafKnowledge(Knowledge, Protocol):
    """A game's ``Knowledge`` that can also score a position short of the deal's end."""

    def judges(self, state: DealState) -> bool:
        """Whether the estimate may judge the decision at ``state``; where it may not, the
        decision is searched by whole playouts where the budget affords them, else not at all."""

    def settled(self, state: DealState) -> bool:
        """Whether a short playout stops at ``state`` (a trick game: no trick on the felt)."""

    def estimate(self, state: DealState, seat: int) -> tuple[float, float]:
        """The expected ``value`` and ``margin`` for ``seat`` of the rest of the deal from ``state``."""

    def cut_length(self, state: DealState, candidates: Sequence[Action], beyond: int = 0) -> int:
        """About how many steps a short playout after one of ``candidates`` costs, the estimate
        included, when it stops ``beyond`` more times than at the first ``settled`` position."""


def has_leaf(knowledge: Knowledge) -> bool:
    """Whether ``knowledge`` offers a leaf evaluation (``LeafKnowledge``)."""
    return callable(getattr(knowledge, "estimate", None))


def evaluate_cut(
    state: DealState,
    seat: int,
    candidates: Sequence[Action],
    worlds: Sequence[Zones],
    knowledge: LeafKnowledge,
    seed: int = 0,
    beyond: int = 0,
) -> list[Estimate]:
    """One ``Estimate`` per candidate from a short playout and the estimate, world by world; the
    playout passes ``beyond`` settled positions before it stops (a trick game: more tricks)."""
    seats = knowledge.seats(state)

    def cut(line: DealState, index: int) -> tuple[float, float]:
        line = playout_until(line, knowledge.policy, seed + index, seats, knowledge.settled, beyond)
        if line.is_over():
            return knowledge.value(line, seat), knowledge.margin(line, seat)
        return knowledge.estimate(line, seat)

    return score_worlds(state, seat, candidates, worlds, knowledge, cut)
