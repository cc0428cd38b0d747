"""The tables of 找朋友 (docs/rules/zhaopengyou.md §Players and cards) and the house-rule options.

Decks, jokers and hand sizes per number of players come from the rules' table; the kitty is
always 6; the number of friend calls is the table's (6-7 players 2, 8-9 3, 10-11 4, 12 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.core.game import ADDED, Rules
from engine.family.cards import make_deck

KITTY = 6

# players: (decks, big jokers, little jokers, cards per player)
TABLE: dict[int, tuple[int, int, int, int]] = {
    6: (2, 2, 2, 17),
    7: (2, 0, 0, 14),
    8: (3, 2, 0, 19),
    9: (3, 3, 0, 17),
    10: (3, 0, 0, 15),
    11: (3, 2, 2, 14),
    12: (4, 2, 0, 17),
}

CALLS: dict[int, int] = {6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5}


class ShortBonus(Enum):
    """What a winning declarer's team short of friends earns (zhaopengyou.md §Scoring a deal)."""

    PER_MISSING_MEMBER = "per_missing_member"  # the default: +1 game point per missing member (+2 at 0)
    ONE_LEVEL = "one_level"  # +1 game point however many are missing
    NONE = "none"  # no bonus: a short team scores as a full one


@dataclass(frozen=True)
class ZhaoRules(Rules):
    """House rules of Zhao Pengyou; every default is docs/rules/zhaopengyou.md's (§Options)."""

    first_dealer: int = -1  # -1: the first provisional dealer is drawn for (§The provisional dealer)
    kitty_multiplier: int = 2  # §Scoring a deal: the kitty's points count double for the last trick's side
    tractor_follow: bool = False  # §Following option: a held sequence must answer a sequence lead
    passive_penalty: int = 1  # §Rank rises: a winner who lost the deal before rises one level less
    real_hand_throws: bool = False  # §Leading option: throws judged against the real hands
    throw_penalty: bool = False  # §Leading option: a failed throw costs the thrower's side 10 points
    # §Calling friends: the declarer's own copies count towards a call
    own_copy_counts: bool = field(default=True, metadata=ADDED)
    # §Calling friends: a 5, 10 or K may be called
    call_point_cards: bool = field(default=True, metadata=ADDED)
    # §Calling friends: the highest card of a suit (its A, or K when A is the rank) may be called
    call_top_card: bool = field(default=True, metadata=ADDED)
    # §Winning a trick: a throw's later ruff wins only if every unit beats the standing best's
    ruff_every_unit: bool = field(default=False, metadata=ADDED)
    # §Scoring a deal: the bonus of a winning declarer's team with fewer friends than called
    short_bonus: ShortBonus = field(default=ShortBonus.PER_MISSING_MEMBER, metadata=ADDED)


def decks_for(seats: int) -> int:
    """How many 52-card packs ``seats`` players use."""
    return TABLE[seats][0]


def hand_size(seats: int) -> int:
    """Cards each player draws."""
    return TABLE[seats][3]


def calls_for(seats: int) -> int:
    """How many friend calls the declarer makes."""
    return CALLS[seats]


def zhao_deck(seats: int) -> tuple[str, ...]:
    """The unshuffled deck: the packs without jokers, then the big and little jokers of the table."""
    decks, big, little, _ = TABLE[seats]
    return make_deck(decks, jokers=False) + ("BJ",) * big + ("LJ",) * little
