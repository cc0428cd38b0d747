"""The expert's one-ply bot (engine/expertplay.py): the heuristic, burying for voids.

Hands in one-deck Shengji, spades trump, rank 2.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Bury, Redeal
from engine.expert import FAMILY
from engine.expertplay import VoidBuryingBot, void_burial
from engine.trump import TrumpContext
from tests.engine.family_table import cards, deck_for, draw_all, in_play, start

SPADES_2 = TrumpContext("2", "S", sequences=False)


def test_buries_a_short_side_suit_whole() -> None:
    """Two low clubs go into the kitty (a club void to ruff with), then the cheapest cards."""
    hand = Counter(cards("3C 6C 4D 7D 8D 9D JD QD 3H 4H 6H 7H 8H 9H JH QH 3S 4S"))
    buried = void_burial(hand, SPADES_2, 6)
    assert Counter(buried)["3C"] == 1 and Counter(buried)["6C"] == 1
    assert sorted(buried) == sorted(cards("3C 6C 4D 3H 4H 6H"))


def test_keeps_a_short_suit_holding_points_or_an_ace() -> None:
    """A lone KC (ten points) and a lone AD stay in the hand: the cheapest cards go."""
    hand = Counter(cards("KC AD 3H 4H 6H 7H 8H 9H JH QH 3S 4S"))
    buried = void_burial(hand, SPADES_2, 6)
    assert "KC" not in buried and "AD" not in buried


def test_the_bot_buries_what_void_burial_gives() -> None:
    """In the bury phase the counting bot's action is ``void_burial`` of its hand."""
    state = in_play("shengji", {0: "3C 6C 4D 7D 8D 9D JD QD 3H 4H 6H 7H 8H 9H JH QH 3S 4S"}, "S")
    state.phase = "bury"
    action = VoidBuryingBot(random.Random(0), "fast").choose(state, 0)
    assert action == Bury(void_burial(state.hands[0], state.trump, 6))


def test_a_redeal_playout_has_no_margin() -> None:
    """A playout that ends in a redeal (a pointless hand shown) counts 0 points, with no declarer."""
    plain = "2S 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H"
    state = draw_all(start("shengji", deck_for("shengji", {1: plain})))
    state.apply(1, Redeal())
    assert FAMILY.margin(state, 0) == 0.0 and FAMILY.value(state, 0) == 0.0
