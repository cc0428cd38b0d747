"""``ExpertBot``: perfect-information Monte Carlo over worlds consistent with the seat's knowledge.

At each decision it lists a few candidates (the one-ply bot's choice first), deals the hidden
cards again ``worlds`` times from what the seat knows, plays every candidate in every world to
the end of the deal with the fast policy, and takes the best mean (ties: the earlier candidate).
Budgets count worlds and candidates, never seconds, so a seed gives the same play on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.game import Action, Bot, DealState
from engine.search.evaluate import Estimate, evaluate
from engine.search.knowledge import Knowledge
from engine.search.worlds import sample_worlds


@dataclass(frozen=True)
class Budget:
    """A search's effort: worlds sampled and candidates compared (one playout per pair)."""

    worlds: int
    candidates: int


BUDGET = {"fast": Budget(worlds=4, candidates=4), "strong": Budget(worlds=24, candidates=8)}


class ExpertBot(Bot):
    """A searching bot; a game subclasses it with its ``knowledge``."""

    knowledge: ClassVar[Knowledge]

    def __init__(self, rng: random.Random, budget: str = "strong") -> None:
        super().__init__(rng, budget)
        self.fallback = self.knowledge.fallback(rng)

    def offer(self, state: DealState, seat: int) -> Action | None:
        """Optional declarations and redeals: the one-ply bot's."""
        return self.fallback.offer(state, seat)

    def choose(self, state: DealState, seat: int) -> Action:
        """The candidate with the best mean over the sampled worlds."""
        budget = BUDGET[self.budget]
        seed = self.rng.getrandbits(64)  # drawn at every decision, searched or not
        candidates = self.knowledge.candidates(state, seat, self.fallback, budget.candidates)
        if len(candidates) == 1:
            return candidates[0]
        return best(
            self.estimates(state, seat, candidates, seed, budget), self.knowledge.margin_weight
        ).action

    def estimates(
        self, state: DealState, seat: int, candidates: Sequence[Action], seed: int, budget: Budget
    ) -> list[Estimate]:
        """The candidates' estimates over ``budget.worlds`` worlds drawn from ``seed``."""
        hidden = self.knowledge.hidden(state, seat)
        worlds = sample_worlds(hidden, random.Random(seed), budget.worlds)
        return evaluate(state, seat, candidates, worlds, self.knowledge, seed)


def best(estimates: list[Estimate], margin_weight: float = 0.0) -> Estimate:
    """The estimate with the highest ``mean + margin_weight * margin``, the first of equals."""
    return max(estimates, key=lambda e: e.mean + margin_weight * e.margin)
