"""The expert's one-ply bot for Shengji, Tractor and San Da Ha: the heuristic, declaring early
and burying for voids.

The expert keeps this bot's choice wherever it does not search (declarations, burials, the
opening plays at ``fast``) and lists it first among the searched candidates. It differs from
``HeuristicBot`` (the duels' opponent, kept as it is) in two decisions:

* It declares (亮主, Shengji and Tractor; San Da Ha bids instead) as soon as the declaration's suit
  holds two cards and a quarter of the cards drawn, and overcalls the other side whenever it can,
  where the heuristic waits for 60% of its hand and a long suit. In a match's first deal the
  declarer deals, takes the kitty and names trumps: with the heuristic's play the dealer's side wins
  114 of the 119 deals that move a level in Shengji and 104 of 154 in Tractor (300 decks,
  bench/results/2026-11-26-expert.md, "Shengji and Tractor declare early"), so the seat is worth
  taking early. It never overcalls its partner (the seat stays on its side either way; a change of
  suit would only throw away the partner's choice), but does strengthen its own single with a pair
  when it can, which the other side's rank pair can then no longer overcall.
* It buries whole short side suits (voids to ruff with later) before the cheapest cards.

Four changes to its plays were tried and measured worse
(bench/results/2026-11-26-expert.md, "Tuning at 400 steps"): feeding a partner only when no opponent
left can overtake, taking over a trick of ten points or more, taking a trick with a sure winner
rather than the cheapest winner, and not leading a side suit an opponent showed a void in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.family.actions import Bury, Declare
from engine.family.bots import HeuristicBot, cheapest, strongest, suit_length
from engine.family.cards import CARD_POINTS
from engine.family.expert import FamilyPlayout, TrickKnowledge
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext
from engine.search.expert import ExpertBot


def side_suits(hand: Counter[str], trump: TrumpContext) -> list[list[str]]:
    """The hand's plain (side) suits, each its cards in sorted order, shortest suit first."""
    by_suit: dict[str, list[str]] = {}
    for card in sorted(hand.elements()):
        if not trump.is_trump(card):
            by_suit.setdefault(trump.eff[card], []).append(card)
    return [by_suit[suit] for suit in sorted(by_suit, key=lambda s: (len(by_suit[s]), s))]


def topped_up(hand: Counter[str], buried: Sequence[str], trump: TrumpContext, size: int) -> tuple[str, ...]:
    """``buried`` and then the heuristic's cheapest other cards of ``hand`` (points counted dear)
    up to ``size`` cards."""
    rest = hand - Counter(buried)
    return (*buried, *cheapest(rest.elements(), trump)[: size - len(buried)])


def void_burial(hand: Counter[str], trump: TrumpContext, size: int) -> tuple[str, ...]:
    """``size`` cards to bury: whole side suits without points or aces, shortest first, while they
    fit; then the heuristic's cheapest cards (points counted dear)."""
    buried: list[str] = []
    for cards in side_suits(hand, trump):
        if any(CARD_POINTS[c] or c[0] == "A" for c in cards) or len(buried) + len(cards) > size:
            continue
        buried.extend(cards)
    return topped_up(hand, buried, trump, size)


def worth_declaring(hand: Counter[str], cards: tuple[str, ...]) -> bool:
    """Whether a declaration of ``cards`` names a suit worth taking early: two cards of it and
    a quarter of the cards drawn so far (jokers count as a long suit, ``suit_length``)."""
    return suit_length(hand, cards) >= max(2, sum(hand.values()) // 4)


class VoidBuryingBot(HeuristicBot):
    """The heuristic, declaring early and burying for voids: the expert's one-ply bot."""

    def _declaration(self, deal: TrickDeal, seat: int) -> Declare | None:
        options = deal.declarations(seat)
        standing = deal.declaration
        if not options or (standing is not None and standing[0] != seat and (standing[0] - seat) % 2 == 0):
            return None  # nothing to show, or the partner's declaration stands
        best = strongest(options, deal.hands[seat])
        late = deal.phase is Phase.KITTY  # the last chance: nobody declaring means a redeal
        if late or standing is not None or worth_declaring(deal.hands[seat], best.cards):
            return best
        return None

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(void_burial(deal.hands[seat], deal.trump, deal.setup.kitty_size))


class FamilyExpertBot(ExpertBot):
    """The expert bot of Shengji, Tractor and San Da Ha."""

    knowledge = TrickKnowledge(VoidBuryingBot, FamilyPlayout)
