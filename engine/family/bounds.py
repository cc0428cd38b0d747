"""The most a trick-game deal can give the defenders: the bounds hand entry checks figures against.

A deal's reported points (``engine.core.figures``) cannot exceed what its cards, kitty multiplier
and failed-throw penalties can make; each trick game asks these for its own top.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import Rules
from engine.family.cards import points
from engine.family.dealfacts import THROW_PENALTY


def most_kitty_multiplier(hand_size: int, per_card: bool, per_trick: bool = False) -> int:
    """The largest kitty multiplier a last lead can give (tractor.md §Scoring), as ``last_lead_multiplier``.

    The last lead holds at most a hand; its longest tractor has an even number of cards.
    """
    if per_trick:
        return 2 * hand_size
    longest = hand_size - hand_size % 2
    return 2 * longest if per_card else 2**longest


def most_throw_penalties(rules: Rules, hand_size: int) -> int:
    """What failed-throw penalties can add to the defenders' points (``throw_penalty``), else 0.

    Each failed throw of the declarer's side gives the defenders ``THROW_PENALTY``. A throw is led
    from two cards or more and a failed one plays only part of them, so the leader still holds a
    card and another trick follows: at most one failed throw per trick but the last.
    """
    if not getattr(rules, "throw_penalty", False):
        return 0
    return THROW_PENALTY * (hand_size - 1)


def most_defender_points(deck: Sequence[str], kitty_size: int, multiplier: int) -> int:
    """The defenders' best total: every card point outside the kitty plus the kitty multiplied.

    ``multiplier`` is the kitty's largest (0 when it never counts for the defenders); the richest
    kitty holds the deck's ``kitty_size`` best counters.
    """
    kitty_top = sum(sorted(points((card,)) for card in deck)[-kitty_size:])
    return points(deck) + max(0, kitty_top * (multiplier - 1))
