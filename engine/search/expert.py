"""``ExpertBot``: perfect-information Monte Carlo over worlds consistent with the seat's knowledge.

At each decision it lists a few candidates (the one-ply bot's choice first), deals the hidden
cards again as many times as its budget pays for, from what the seat knows, plays every
candidate in every world to the end of the deal with the fast policy, and keeps the one-ply
bot's choice unless another candidate is clearly better world by world (``best``). A game whose
knowledge can score a position short of the end (``leaf.LeafKnowledge``: Tractor) plays the
candidates only to the end of the trick wherever whole playouts afford fewer worlds than the
budget's ``whole``, and scores them by its estimate (``leaf.evaluate_cut``). Budgets count
playout steps, never seconds, so a seed gives the same play on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from engine.core.game import Action, Bot, DealState
from engine.search.evaluate import Estimate, evaluate
from engine.search.knowledge import Knowledge
from engine.search.leaf import LeafKnowledge, evaluate_cut, has_leaf
from engine.search.stats import mean, stderr
from engine.search.worlds import Zones, sample_worlds


@dataclass(frozen=True)
class Budget:
    """A search's effort, in playout steps (one action each), never seconds: ``candidates``
    compared in as many worlds (up to ``worlds``) as ``steps`` pay for with one playout per
    candidate and world; below ``least`` worlds it does not search (the one-ply bot decides).
    With a leaf evaluation, whole playouts are kept for where they afford ``whole`` worlds;
    elsewhere ``cut_candidates`` are played to the trick's end, and ``cut_tricks`` tricks more, in
    up to ``cut_worlds`` worlds."""

    steps: int
    worlds: int
    candidates: int
    least: int = 3
    whole: int = 3
    cut_worlds: int = 16
    cut_candidates: int = 5
    cut_tricks: int = 0

    def worlds_for(self, candidates: int, length: int, most: int | None = None) -> int:
        """Worlds affordable for ``candidates`` playouts of about ``length`` steps each (0: none),
        at most ``most`` (``worlds`` unless given)."""
        worlds = min(self.worlds if most is None else most, self.steps // max(1, candidates * length))
        return worlds if worlds >= self.least else 0


EVIDENCE = 1.5  # standard errors of the paired gain needed to leave the one-ply bot's choice
BUDGET = {
    # Its slowest decision under 50 ms. With a leaf evaluation (Tractor) whole playouts only in
    # the last four tricks: 5 candidates to the trick's end in up to 12 worlds beat 3 played out in
    # 3 to 7 (bench/results/2026-11-26-expert.md, "Tractor's leaf evaluation").
    "fast": Budget(steps=400, worlds=8, candidates=3, whole=8, cut_worlds=12, cut_candidates=5),
    # Its slowest decision under 1 s; with a leaf evaluation, whole playouts where they afford 20 worlds.
    "strong": Budget(steps=7000, worlds=40, candidates=6, whole=20, cut_worlds=40, cut_candidates=6),
}


class ExpertBot(Bot):
    """A searching bot; a game subclasses it with its ``knowledge``."""

    knowledge: ClassVar[Knowledge]

    def __init__(self, rng: random.Random, budget: str = "strong") -> None:
        super().__init__(rng, budget)
        self.fallback = self.knowledge.fallback(rng)
        self.searched = ""  # how the last decision was searched: "whole", "cut" or "" (not at all)

    def offer(self, state: DealState, seat: int) -> Action | None:
        """Optional declarations and redeals: the one-ply bot's."""
        return self.fallback.offer(state, seat)

    def choose(self, state: DealState, seat: int) -> Action:
        """The one-ply bot's choice, or a candidate the search finds clearly better (``best``)."""
        budget = BUDGET[self.budget]
        seed = self.rng.getrandbits(64)  # drawn at every decision, searched or not
        self.searched = ""
        leaf = has_leaf(self.knowledge)
        limit = max(budget.candidates, budget.cut_candidates) if leaf else budget.candidates
        candidates = self.knowledge.candidates(state, seat, self.fallback, limit)
        whole = candidates[: budget.candidates]
        worlds = budget.worlds_for(len(whole), self.knowledge.length(state))
        if len(candidates) == 1:
            return candidates[0]
        judged = leaf and cast(LeafKnowledge, self.knowledge).judges(state)
        if worlds and (worlds >= budget.whole or not judged):
            if not self.searches(state, seat):
                return candidates[0]
            self.searched = "whole"
            estimates = self.estimates(state, seat, whole, seed, worlds)
            return best(estimates, self.knowledge.margin_weight, EVIDENCE).action
        if not judged:
            return candidates[0]
        knowledge = cast(LeafKnowledge, self.knowledge)
        length = knowledge.cut_length(state, candidates, budget.cut_tricks)
        worlds = budget.worlds_for(len(candidates), length, budget.cut_worlds)
        if not worlds or not self.searches(state, seat):
            return candidates[0]
        self.searched = "cut"
        dealt = self.dealt(state, seat, seed, worlds)
        estimates = evaluate_cut(state, seat, candidates, dealt, knowledge, seed, budget.cut_tricks)
        return best(estimates, knowledge.margin_weight, EVIDENCE).action

    def searches(self, state: DealState, seat: int) -> bool:
        """Whether this decision is searched at all (a game may keep its one-ply bot's choice)."""
        return True

    def estimates(
        self, state: DealState, seat: int, candidates: Sequence[Action], seed: int, worlds: int
    ) -> list[Estimate]:
        """The candidates' estimates over ``worlds`` worlds drawn from ``seed``."""
        return evaluate(state, seat, candidates, self.dealt(state, seat, seed, worlds), self.knowledge, seed)

    def dealt(self, state: DealState, seat: int, seed: int, worlds: int) -> list[Zones]:
        """``worlds`` deals of what ``seat`` cannot see, drawn from ``seed``."""
        return sample_worlds(self.knowledge.hidden(state, seat), random.Random(seed), worlds)


def best(estimates: Sequence[Estimate], margin_weight: float = 0.0, evidence: float = EVIDENCE) -> Estimate:
    """The first estimate (the one-ply bot's choice) unless another beats it clearly: the best
    mean paired gain over it in ``mean + margin_weight * margin``, world by world, once that gain
    is more than ``evidence`` standard errors (a few noisy worlds must not overturn a sound play)."""
    first = estimates[0]

    def gains(other: Estimate) -> list[float]:
        return [
            (v - fv) + margin_weight * (m - fm)
            for v, m, fv, fm in zip(other.values, other.margins, first.values, first.margins, strict=True)
        ]

    chosen, best_gain = first, 0.0
    for other in estimates[1:]:
        paired = gains(other)
        gain = mean(paired)
        if gain > best_gain and gain > evidence * stderr(paired):
            chosen, best_gain = other, gain
    return chosen
