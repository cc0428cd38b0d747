"""Si Se Pai bots: a random-legal one and a heuristic one, both deciding only from the seat's view.

The heuristic values a hand by its best split into melds and near-melds (a pair that could become
three, two thirds of a run or soldier set): it always wins when it can, claims when the meld it
gets is worth more than the turn it gives up, demands a redeal when allowed, and discards the card
whose loss costs the least.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache

from engine.core.game import Action, Bot, DealState
from engine.games.sisepai.actions import Discard, Hu, Pass, Redeal, Tsumo
from engine.games.sisepai.claims import hand_cards_used
from engine.games.sisepai.melds import Meld
from engine.games.sisepai.partition import GROUPS, TEMPLATES, Template, template_points

_PARTIAL_SHAPES: dict[str, tuple[tuple[int, ...], ...]] = {
    "KAE": ((0, 1), (0, 2), (1, 2)),
    "RHC": ((0, 1), (0, 2), (1, 2)),
    "P": ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)),
}
PAIR_BONUS = 0.5
PARTIAL = 2.0
CLAIM_MARGIN = 0.5


def _unit_value(shape: str, template: Template) -> float:
    size = len(template[1])
    bonus = PAIR_BONUS if size == 2 else 0.0
    return 2 * size + template_points(shape, template) + bonus


@cache
def group_value(shape: str, counts: tuple[int, ...]) -> float:
    """Best value of a group split into melds, near-melds and leftovers (leftovers are worth 0)."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return 0.0
    rest = list(counts)
    rest[first] -= 1
    best = group_value(shape, tuple(rest))  # the first card left over
    options: list[tuple[tuple[int, ...], float]] = [
        (t[1], _unit_value(shape, t)) for t in TEMPLATES[shape] if first in t[1]
    ]
    options += [(p, PARTIAL) for p in _PARTIAL_SHAPES[shape] if first in p]
    for positions, value in options:
        rest = list(counts)
        for p in positions:
            rest[p] -= 1
        if min(rest) >= 0:
            best = max(best, value + group_value(shape, tuple(rest)))
    return best


def _shape(group: tuple[str, ...]) -> str:
    return "P" if group[0][1] == "P" else "KAE" if group[0][1] == "K" else "RHC"


SHAPES = tuple(_shape(group) for group in GROUPS)
GROUP_OF = {card: (g, group.index(card)) for g, group in enumerate(GROUPS) for card in group}


def hand_value(hand: Mapping[str, int]) -> float:
    """The heuristic worth of a concealed hand."""
    return sum(_group_values(hand))


def _group_values(hand: Mapping[str, int]) -> list[float]:
    pairs = zip(SHAPES, GROUPS, strict=True)
    return [group_value(shape, tuple(hand.get(c, 0) for c in group)) for shape, group in pairs]


def best_discards(hand: Counter[str]) -> tuple[float, list[str]]:
    """The value left after the least costly discard, and every card whose discard leaves it."""
    values = _group_values(hand)
    total = sum(values)
    best: tuple[float, list[str]] | None = None
    for card in sorted(hand):
        # Only the discarded card's group changes; the values are multiples of 0.5, so the sums
        # are exact whatever their order.
        g, at = GROUP_OF[card]
        counts = [hand.get(c, 0) for c in GROUPS[g]]
        counts[at] -= 1
        value = total - values[g] + group_value(SHAPES[g], tuple(counts))
        if best is None or value > best[0]:
            best = (value, [card])
        elif value == best[0]:
            best[1].append(card)
    assert best is not None
    return best


def best_claim(legal: list[Action], hand: Counter[str], card: str) -> Action | None:
    """The meld claim on ``card`` that leaves the hand worth most, if it beats keeping the turn."""
    baseline = hand_value(hand) + CLAIM_MARGIN
    best: tuple[float, Action] | None = None
    for action in legal:
        used = hand_cards_used(action, card)
        if used is None:
            continue
        rest = hand.copy()
        rest.subtract(used)
        meld = Meld.of((card, *used), exposed=True)
        value = best_discards(+rest)[0] + 2 * len(meld.cards) + meld.points
        if value > baseline and (best is None or value > best[0]):
            best = (value, action)
    return best[1] if best else None


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    def choose(self, state: DealState, seat: int) -> Action:
        return self.rng.choice(list(state.legal_actions(seat)))


class HeuristicBot(Bot):
    """Wins when it can, claims melds that improve its hand, discards the least useful card."""

    def choose(self, state: DealState, seat: int) -> Action:
        legal = list(state.legal_actions(seat))
        view = state.view(seat)
        hand: Counter[str] = Counter(view["hand"])
        for action in legal:
            if isinstance(action, (Tsumo, Hu, Redeal)):
                return action
        if view["phase"] == "discard":
            return Discard(self.rng.choice(best_discards(hand)[1]))
        shown = view["shown"]
        if shown is None:
            return legal[0]
        return best_claim(legal, hand, shown["card"]) or Pass()
