"""What a review measures in each game: the searching bot's knowledge with the game's own points.

Shengji, Tractor and Zhao Pengyou are judged in card points, the expert's ``margin``: the
defenders' points (the kitty's bonus included) counted from the pivot where the deal changes hands
(``engine.family.expert.pivot``), above it for a defender, below it for the declarer's side, so a decision
that moves the seat to the other side is valued by whether the side it joins wins; a redeal
counts 0. San Da Ha and Si Se Pai are judged in the points the seat is paid (negative
when it pays): San Da Ha's bid decides how card points turn into payments, and Si Se Pai has no
card points (its playouts look ``REVIEW_TURNS`` draws ahead, where the expert bot looks six).
Everything but the value is the expert bot's knowledge (engine.search). The payment games also
value every playout for the dealer (庄家: San Da Ha's declarer, Si Se Pai's dealer), whoever
decided: the result the viewer's graph follows (``Measure.side``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.game import Action, Bot, DealState
from engine.core.registry import get_game
from engine.family.expert import FAMILY
from engine.family.trickdeal import TrickDeal
from engine.search.knowledge import Knowledge
from engine.search.worlds import Hidden, Zones

Points = Callable[[Knowledge, DealState, int], float]


def card_points(knowledge: Knowledge, end: DealState, seat: int) -> float:
    """The defenders' card points counted from the pivot for ``seat``'s side (``margin``)."""
    return safe_margin(knowledge, end, seat)


def safe_margin(knowledge: Knowledge, end: DealState, seat: int) -> float:
    """The base knowledge's margin, 0 for a trick game's redeal (no dealer, no sides)."""
    result = end.result()
    if isinstance(end, TrickDeal) and (not result or result.get("outcome") != "played"):
        return 0.0
    return knowledge.margin(end, seat)


def payment(knowledge: Knowledge, end: DealState, seat: int) -> float:
    """The points ``seat`` is paid (negative when it pays)."""
    return knowledge.value(end, seat)


def dealer_payment(knowledge: Knowledge, end: DealState) -> float:
    """The points the dealer (庄家) is paid; 0 when the deal ended without one (a redeal)."""
    dealer = getattr(end, "dealer", None)
    return 0.0 if dealer is None else knowledge.value(end, dealer)


@dataclass(frozen=True)
class Measure:
    """A game's unit of review: its name, how a finished deal gives it, and its scale (the loss
    that costs a decision about two thirds of its accuracy; the label thresholds are multiples), and
    where the values of different seats do not mirror each other, how a playout's end is valued
    for the dealer."""

    unit: str
    points: Points
    scale: float
    side: Callable[[Knowledge, DealState], float] | None = None


CARD_POINTS = Measure("card points", card_points, 20.0)
PAYMENT = Measure("points paid", payment, 5.0, dealer_payment)
# Each unit's scale, so losses in different units compare (a player's costliest mistakes).
SCALES = {measure.unit: measure.scale for measure in (CARD_POINTS, PAYMENT)}


class ReviewKnowledge:
    """A game's ``Knowledge`` whose ``value`` is the review's unit (``Measure``)."""

    def __init__(self, base: Knowledge, measure: Measure) -> None:
        self.base = base
        self.measure = measure
        self.policy = base.policy
        self.margin_weight = base.margin_weight

    def hidden(self, state: DealState, seat: int) -> Hidden:
        """The base knowledge's."""
        return self.base.hidden(state, seat)

    def world(self, state: DealState, zones: Zones) -> DealState:
        """The base knowledge's."""
        return self.base.world(state, zones)

    def seats(self, state: DealState) -> int:
        """The base knowledge's."""
        return self.base.seats(state)

    def length(self, state: DealState) -> int:
        """The base knowledge's."""
        return self.base.length(state)

    def value(self, end: DealState, seat: int) -> float:
        """The result for ``seat`` in the review's unit."""
        return self.measure.points(self.base, end, seat)

    def dealer_value(self, end: DealState) -> float:
        """The dealer's result in the review's unit (``Measure.side``)."""
        assert self.measure.side is not None
        return self.measure.side(self.base, end)

    def margin(self, end: DealState, seat: int) -> float:
        """The base knowledge's (``safe_margin``)."""
        return safe_margin(self.base, end, seat)

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        """The base knowledge's."""
        return self.base.candidates(state, seat, fallback, limit)

    def fallback(self, rng: random.Random) -> Bot:
        """The base knowledge's."""
        return self.base.fallback(rng)


REVIEW_TURNS = 12
"""How many draws a Si Se Pai review's world looks ahead (the expert's look 6, ``TURNS``): a
playout ends in a win within them or counts 0. To the end of the deal, payments swing by 9 to 18
points on luck far beyond the decision and 20 worlds resolve no edge the expert has; at 12 draws
the gain of the expert's choice where it differs from the heuristic's was resolved best of the
horizons tried (+0.75 +- 0.13 points against +0.69 +- 0.27 to the end; 3, 6, 9, 16 and 20 draws
less clearly), and what random seats lose still shows (bench/results/2026-11-26-review.md,
"Si Se Pai's review looks 12 draws ahead")."""


# The family's two measures; each game names its own (``Game.review_knowledge``).
FAMILY_CARD_POINTS = ReviewKnowledge(FAMILY, CARD_POINTS)
FAMILY_PAYMENT = ReviewKnowledge(FAMILY, PAYMENT)


def knowledge_of(game: str) -> ReviewKnowledge:
    """The review's knowledge of ``game``, as the game declares it."""
    knowledge: ReviewKnowledge = get_game(game).review_knowledge()
    return knowledge
