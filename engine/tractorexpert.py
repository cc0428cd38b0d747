"""Tractor's expert: the family's expert with a leaf evaluation (``engine.tractorleaf``).

A Tractor playout runs to a hundred plays, so whole playouts afford ``fast`` three worlds only in
the last eleven tricks and none before. With the leaf evaluation the expert plays its candidates
to the end of the trick on the felt in many worlds and scores the position reached by the
defenders' points the model expects; whole playouts stay for the deal's end (``Budget.whole``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Play
from engine.expert import FamilyPlayout, TrickKnowledge, pivot
from engine.expertplay import FamilyExpertBot, VoidBuryingBot
from engine.game import Action, DealState
from engine.tractorleaf import estimate
from engine.trickdeal import TrickDeal


class TractorKnowledge(TrickKnowledge):
    """The family's knowledge, and a position between tricks scored by the leaf evaluation."""

    def settled(self, state: DealState) -> bool:
        """A short playout stops between tricks."""
        assert isinstance(state, TrickDeal)
        return not state.trick

    def estimate(self, state: DealState, seat: int) -> tuple[float, float]:
        """The expected levels and card-point margin for ``seat`` (``tractorleaf.estimate``)."""
        assert isinstance(state, TrickDeal)
        return estimate(state, seat, pivot(state))

    def cut_length(self, state: DealState, candidates: Sequence[Action]) -> int:
        """The plays left in the trick, counted by the cards each lays (a follow of a pair or a
        throw costs the policy as many choices of a card: a four-card throw's follows took
        96 ms for 16 worlds at ``fast`` counted as single plays), and two for the estimate."""
        assert isinstance(state, TrickDeal)
        if state.lead is not None:
            size = state.lead.size
        else:
            size = max(len(a.cards) for a in candidates if isinstance(a, Play))
        return (state.setup.seats - len(state.trick)) * size + 2


class TractorExpertBot(FamilyExpertBot):
    """The expert bot of Tractor."""

    knowledge = TractorKnowledge(VoidBuryingBot, FamilyPlayout)
