"""The fixed facts of one trick deal (``Setup``), a failed throw's record, and rank-card helpers.

Split from ``engine.family.trickdeal`` (which imports them back) so the deal's machinery stays one
module of a readable size.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from engine.core.game import JSON
from engine.family.cards import CARD_POINTS, JOKERS, SUITS
from engine.family.trump import TRUMP, TrumpContext

THROW_PENALTY = 10  # points a failed throw costs its side with ``throw_penalty`` (docs/rules/tractor.md)


@dataclass(frozen=True)
class Setup:
    """The fixed facts of one deal, derived by the game from its rules and the situation."""

    seats: int
    hand_size: int
    kitty_size: int
    first_drawer: int
    dealer: int | None
    rank: str | None
    levels: tuple[str, ...] = ()
    permanent: tuple[str, ...] = ()
    sequences: bool = False
    quads: bool = False
    pointless_redeal: bool = True
    tractor_follow: bool = False
    kitty_per_card: bool = False
    kitty_per_trick: bool = False  # the kitty × 2 × the cards each player played to the last trick
    weak_points: int = -1  # a hand with at most this many points may demand a redeal (-1: never)
    weak_trumps: int = -1  # a hand with at most this many trumps may demand a redeal (-1: never)
    real_hand_throws: bool = False  # the option: throws judged against the real hands
    throw_penalty: int = 0  # points a failed throw costs the thrower's side (``throw_penalty``)
    ruff_every_unit: bool = False  # the option: a throw's later ruff must beat every unit of the best


@dataclass(frozen=True)
class FailedThrow:
    """A throw that another seat's real hand could beat (``real_hand_throws``); all of it is public.

    ``attempted`` is what the leader showed, ``forced`` the smallest beatable unit it had to play.
    Which seat could beat it is never kept, so no view can tell.
    """

    seat: int
    trick: int
    attempted: tuple[str, ...]
    forced: tuple[str, ...]

    def to_json(self) -> dict[str, JSON]:
        """The failed throw as views and results show it."""
        return {
            "seat": self.seat,
            "trick": self.trick,
            "attempted": list(self.attempted),
            "forced": list(self.forced),
        }


def is_rank_card(card: str, rank: str | None) -> bool:
    """True if ``card`` is a non-joker of ``rank``."""
    return card not in JOKERS and rank is not None and card[0] == rank


@cache
def rank_cards(rank: str | None) -> tuple[str, ...]:
    """The four cards of ``rank`` in code order (as ``sorted`` puts a hand's), none for ``None``."""
    return tuple(sorted(rank + suit for suit in SUITS)) if rank else ()


def weak_hand(hand: Counter[str], setup: Setup, trump: TrumpContext) -> bool:
    """True if ``hand`` may demand a redeal as weak: at most ``weak_points`` points or at most
    ``weak_trumps`` trumps as the trumps stand now (docs/rules/tractor.md §Declaring)."""
    points, trumps = setup.weak_points, setup.weak_trumps
    if points >= 0 and sum(CARD_POINTS[c] * n for c, n in hand.items()) <= points:
        return True
    eff = trump.eff
    return trumps >= 0 and sum(n for c, n in hand.items() if eff[c] == TRUMP) <= trumps
