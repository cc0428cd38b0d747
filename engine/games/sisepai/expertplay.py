"""The Si Se Pai expert's one-ply bot: the heuristic, keeping the hand that can claim the most.

A Si Se Pai hand changes only by claims (a drawn piece that makes no meld goes to the discards),
so a hand's speed is how many of the unseen pieces it could claim. The heuristic discards a piece
whose loss costs its hand value least and draws lots among equal ones, often half a dozen; this
bot discards, among those, one that leaves the hand able to claim the most unseen pieces
(``acceptance``). Everything else (winning, claiming, redeals) is the heuristic's, which stays the
duels' opponent and the playouts' policy. Tried and dropped (bench/results/2026-11-26-expert.md,
"Si Se Pai's expert"): valuing
the points a win needs, and breaking ties by what the other seats could claim.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.core.game import Action, DealState
from engine.games.sisepai.actions import Discard
from engine.games.sisepai.bots import GROUP_OF, SHAPES, HeuristicBot, best_discards, group_value
from engine.games.sisepai.claims import run_partners
from engine.games.sisepai.partition import GROUPS
from engine.games.sisepai.pieces import pack
from engine.games.sisepai.state import Phase, SiSePaiDeal

MELD_GAIN = 3.0
"""Least gain in group value that counts a piece as claimable into a meld (a near-meld completed
gains 5, a general added as a single 3; a loose piece paired, which no claim makes, gains 4.5 but
is not counted)."""


def unseen_counts(deal: SiSePaiDeal, seat: int) -> Counter[str]:
    """How many copies of each piece ``seat`` cannot see (the other hands and the stock)."""
    pool = Counter(pack(deal.seats))
    pool -= deal.hands[seat]
    for s in range(deal.seats):
        pool -= Counter(c for meld in deal.exposed[s] for c in meld.cards)
        pool -= Counter(deal.discards[s])
    if deal.shown is not None:
        pool[deal.shown.card] -= 1
    return +pool


def claimable(hand: Mapping[str, int], card: str) -> bool:
    """True if ``hand`` could claim ``card`` into a meld: a third or fourth identical, or a run or
    soldier set with hand pieces that are worth more as that meld."""
    if hand.get(card, 0) >= 2:
        return True
    if next(run_partners(hand, card), None) is None:
        return False
    g, at = GROUP_OF[card]
    counts = [hand.get(c, 0) for c in GROUPS[g]]
    before = group_value(SHAPES[g], tuple(counts))
    counts[at] += 1
    return group_value(SHAPES[g], tuple(counts)) - before >= MELD_GAIN


def acceptance(hand: Mapping[str, int], pool: Mapping[str, int]) -> int:
    """How many of the unseen pieces ``pool`` the hand could claim into a meld."""
    return sum(n for card, n in pool.items() if claimable(hand, card))


def widest_discards(hand: Counter[str], pool: Mapping[str, int]) -> list[str]:
    """The heuristic's equally cheap discards that leave the widest ``acceptance``."""
    cards = best_discards(hand)[1]
    if len(cards) == 1:
        return cards
    widths = {card: acceptance(hand - Counter([card]), pool) for card in cards}
    most = max(widths.values())
    return [card for card in cards if widths[card] == most]


class WideBot(HeuristicBot):
    """The heuristic, discarding for the hand that can claim the most unseen pieces."""

    def choose(self, state: DealState, seat: int) -> Action:
        """The heuristic's action, but a discard among its equally cheap ones by ``acceptance``."""
        assert isinstance(state, SiSePaiDeal)
        if state.phase is not Phase.DISCARD:
            return super().choose(state, seat)
        cards = widest_discards(state.hands[seat], unseen_counts(state, seat))
        return Discard(self.rng.choice(cards))
