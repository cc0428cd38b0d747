"""Tractor's expert: the family's expert with a leaf evaluation (``engine.games.tractor.leaf``).

A Tractor playout runs to a hundred plays, so whole playouts afford ``fast`` three worlds only in
the last eleven tricks and none before. With the leaf evaluation the expert plays its candidates
to the end of the trick on the felt in many worlds and scores the position reached by the
defenders' points the model expects; whole playouts stay for the deal's end (``Budget.whole``).
The dealer's burial is compared by whole playouts where they afford ``least`` worlds (``strong``
only): the model was fitted on one way of burying, so it never judges a burial.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.core.game import Action, Bot, DealState
from engine.family.actions import Bury, Play
from engine.family.expert import FamilyPlayout, TrickKnowledge, pivot
from engine.family.expertplay import FamilyExpertBot, VoidBuryingBot, side_suits, topped_up
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext
from engine.games.tractor.leaf import estimate


def burials(hand: Counter[str], trump: TrumpContext, size: int, first: Bury, limit: int) -> list[Action]:
    """Up to ``limit`` burials, ``first`` (the one-ply bot's) first: each plain suit buried whole
    where it fits (a void to ruff with), shortest first, topped up with the cheapest other cards;
    then the cheapest cards alone (points counted dear, the heuristic's burial)."""
    whole = [topped_up(hand, cards, trump, size) for cards in side_suits(hand, trump) if len(cards) <= size]
    options = [first.cards, *whole, topped_up(hand, (), trump, size)]
    out: list[Action] = []
    seen: set[tuple[str, ...]] = set()
    for buried in options:
        key = tuple(sorted(buried))
        if key not in seen:
            seen.add(key)
            out.append(Bury(buried))
    return out[:limit]


class TractorKnowledge(TrickKnowledge):
    """The family's knowledge, and a position between tricks scored by the leaf evaluation; the
    burial compared by whole playouts where the budget affords them (``strong``)."""

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        """The family's candidates; burying, ``burials`` (the leaf model never saw another burial
        than the heuristic's, so only whole playouts judge them: ``judges``)."""
        assert isinstance(state, TrickDeal)
        if state.phase is not Phase.BURY:
            return super().candidates(state, seat, fallback, limit)
        first = fallback.choose(state, seat)
        assert isinstance(first, Bury)
        return burials(state.hands[seat], state.trump, state.setup.kitty_size, first, limit)

    def judges(self, state: DealState) -> bool:
        """The estimate judges plays only."""
        assert isinstance(state, TrickDeal)
        return state.phase is Phase.PLAY

    def settled(self, state: DealState) -> bool:
        """A short playout stops between tricks."""
        assert isinstance(state, TrickDeal)
        return not state.trick

    def estimate(self, state: DealState, seat: int) -> tuple[float, float]:
        """The expected levels and card-point margin for ``seat`` (``tractorleaf.estimate``)."""
        assert isinstance(state, TrickDeal)
        return estimate(state, seat, pivot(state))

    def cut_length(self, state: DealState, candidates: Sequence[Action], beyond: int = 0) -> int:
        """The plays left in the trick and in ``beyond`` tricks more, counted by the cards each
        lays (a follow of a pair or a throw costs the policy as many choices of a card: a
        four-card throw's follows took 96 ms for 16 worlds at ``fast`` counted as single plays;
        the later tricks are counted at this trick's size), and two for the estimate."""
        assert isinstance(state, TrickDeal)
        if state.lead is not None:
            size = state.lead.size
        else:
            size = max(len(a.cards) for a in candidates if isinstance(a, Play))
        seats = state.setup.seats
        return (seats - len(state.trick) + beyond * seats) * size + 2


class TractorExpertBot(FamilyExpertBot):
    """The expert bot of Tractor."""

    knowledge = TractorKnowledge(VoidBuryingBot, FamilyPlayout)
