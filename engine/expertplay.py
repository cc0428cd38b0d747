"""The expert's one-ply bot for Shengji, Tractor and San Da Ha: the heuristic, burying for voids.

The expert keeps this bot's choice wherever it does not search (burials, the opening plays at
``fast``) and lists it first among the searched candidates. It differs from ``HeuristicBot`` (the
duels' opponent, kept as it is) in its burial only: whole short side suits (voids to ruff with
later) before the cheapest cards. Four changes to its plays were tried and measured worse
(docs/engine.md, "Tuning at 400 steps (h/expert3)"): feeding a partner only when no opponent
left can overtake, taking over a trick of ten points or more, taking a trick with a sure winner
rather than the cheapest winner, and not leading a side suit an opponent showed a void in.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Bury
from engine.bots import HeuristicBot, cheapest
from engine.cards import CARD_POINTS
from engine.expert import FamilyPlayout, TrickKnowledge
from engine.search.expert import ExpertBot
from engine.trickdeal import TrickDeal
from engine.trump import TrumpContext


def void_burial(hand: Counter[str], trump: TrumpContext, size: int) -> tuple[str, ...]:
    """``size`` cards to bury: whole side suits without points or aces, shortest first, while they
    fit; then the heuristic's cheapest cards (points counted dear)."""
    by_suit: dict[str, list[str]] = {}
    for card in sorted(hand.elements()):
        if not trump.is_trump(card):
            by_suit.setdefault(trump.eff[card], []).append(card)
    buried: list[str] = []
    for suit in sorted(by_suit, key=lambda s: (len(by_suit[s]), s)):
        cards = by_suit[suit]
        if any(CARD_POINTS[c] or c[0] == "A" for c in cards) or len(buried) + len(cards) > size:
            continue
        buried.extend(cards)
    rest = Counter(hand) - Counter(buried)
    return (*buried, *cheapest(rest.elements(), trump)[: size - len(buried)])


class VoidBuryingBot(HeuristicBot):
    """The heuristic, burying for voids: the expert's one-ply bot."""

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(void_burial(deal.hands[seat], deal.trump, deal.setup.kitty_size))


class FamilyExpertBot(ExpertBot):
    """The expert bot of Shengji, Tractor and San Da Ha."""

    knowledge = TrickKnowledge(VoidBuryingBot, FamilyPlayout)
