"""The expert's one-ply bot (engine/family/expertplay.py): the heuristic, declaring early and burying
for voids.

Hands in one-deck Shengji (spades trump, rank 2) and Tractor (a match's first deal, rank 2).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.family.actions import Bury, Declare, Draw, Redeal
from engine.family.bots import HeuristicBot
from engine.family.expert import FAMILY
from engine.family.expertplay import VoidBuryingBot, void_burial
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext
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
    state.phase = Phase.BURY
    action = VoidBuryingBot(random.Random(0), "fast").choose(state, 0)
    assert action == Bury(void_burial(state.hands[0], state.trump, 6))


def test_a_redeal_playout_has_no_margin() -> None:
    """A playout that ends in a redeal (a pointless hand shown) counts 0 points, with no declarer."""
    plain = "2S 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H"
    state = draw_all(start("shengji", deck_for("shengji", {1: plain})))
    state.apply(1, Redeal())
    assert FAMILY.margin(state, 0) == 0.0 and FAMILY.value(state, 0) == 0.0


def drawn(game: str, hands: dict[int, str], cards_each: int) -> TrickDeal:
    """A first deal drawn until every seat holds ``cards_each`` cards, nobody having declared."""
    state = start(game, deck_for(game, hands))
    while state.phase == "draw" and sum(state.hands[state.drawer].values()) < cards_each:
        state.apply(state.drawer, Draw())
    return state


def one_ply() -> VoidBuryingBot:
    return VoidBuryingBot(random.Random(0), "fast")


@pytest.mark.parametrize("game", ["shengji", "tractor"])
def test_declares_with_two_hearts_where_the_heuristic_waits(game: str) -> None:
    """Seat 1 drew 2H 3H: the expert's bot shows 2H at once, the heuristic waits for more cards."""
    state = drawn(game, {1: "2H 3H"}, 2)
    assert one_ply().offer(state, 1) == Declare(("2H",))
    assert HeuristicBot(random.Random(0), "fast").offer(state, 1) is None


@pytest.mark.parametrize(
    ("held", "declares"), [("2H 3H 4S 6S 7S 8S 9S JS", True), ("2H 3H 4S 6S 7S 8S 9S JS QS 3D 4D 6D", False)]
)
def test_the_suit_must_hold_a_quarter_of_the_cards_drawn(held: str, declares: bool) -> None:
    """Two hearts out of 8 cards are enough (a quarter); out of 12 they are not (3 needed)."""
    state = drawn("shengji", {1: held}, len(cards(held)))
    assert (one_ply().offer(state, 1) == Declare(("2H",))) is declares


def test_a_lone_2_is_not_enough() -> None:
    """Seat 1 drew 2H alone: one heart is too short a trump suit even for the expert's bot."""
    assert one_ply().offer(drawn("shengji", {1: "2H"}, 1), 1) is None


def test_the_last_chance_declares_a_short_suit() -> None:
    """After the draw nobody has declared: rather than a redeal, seat 1 shows its lone 2H."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "2H 3S 4S 6S 7S 8S 9S JS QS KS AS 3D"})))
    assert state.phase == "kitty" and state.declaration is None
    assert one_ply().offer(state, 1) == Declare(("2H",))


def test_overcalls_the_other_side_with_a_pair() -> None:
    """Tractor: seat 1 showed 2S; seat 0's pair 2H 2H overcalls it, however short its hearts."""
    state = drawn("tractor", {0: "2H 2H 3S 4S 6S 7S 8S 9S", 1: "2S 3C"}, 8)
    state.apply(1, Declare(("2S",)))
    assert one_ply().offer(state, 0) == Declare(("2H", "2H"))


def test_never_overcalls_its_partner() -> None:
    """Tractor: seat 2 showed 2S; its partner seat 0 keeps its pair 2H 2H to itself."""
    state = drawn("tractor", {0: "2H 2H 3H 4H 6H 7H 8H 9H", 2: "2S 3C"}, 8)
    state.apply(2, Declare(("2S",)))
    assert one_ply().offer(state, 0) is None


def test_strengthens_its_own_single_with_a_pair() -> None:
    """Tractor: seat 0 showed 2H and has drawn a second 2H: the pair keeps the other side's rank
    pairs from overcalling."""
    state = drawn("tractor", {0: "2H 3H 2H 4H 6H 7H 8H 9H"}, 2)
    state.apply(0, Declare(("2H",)))
    while sum(state.hands[0].values()) < 3:
        state.apply(state.drawer, Draw())
    assert one_ply().offer(state, 0) == Declare(("2H", "2H"))
