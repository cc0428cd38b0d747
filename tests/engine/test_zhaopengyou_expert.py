"""Zhao Pengyou's expert one-ply bot (engine/zhaopengyou/expertplay.py): it declares as soon as its
trump suit holds two cards and a quarter of its hand, and buries whole short side suits; the
heuristic does neither.

Six players, two packs, everyone at rank 2 (a match's first deal: anyone may declare).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Bury, Declare, Draw
from engine.expertplay import void_burial
from engine.zhaopengyou.bots import ZhaoHeuristicBot
from engine.zhaopengyou.deal import ZhaoDeal
from engine.zhaopengyou.expert import ZhaoExpertBot
from engine.zhaopengyou.expertplay import ZhaoExpertPlayBot
from tests.engine.zhaopengyou.zpy_table import cards, deck_for, in_play, start


def drawn(hands: dict[int, str], cards_each: int) -> ZhaoDeal:
    """A first deal drawn until every seat holds ``cards_each`` cards, nobody having declared."""
    state = start(6, deck_for(6, hands))
    while sum(state.hands[state.drawer].values()) < cards_each:
        state.apply(state.drawer, Draw())
    return state


def one_ply(seed: int = 0) -> ZhaoExpertPlayBot:
    return ZhaoExpertPlayBot(random.Random(seed), "fast")


def test_declares_with_two_hearts_where_the_heuristic_waits() -> None:
    """Seat 3 drew 2H 3H: the expert's bot shows 2H at once, the heuristic waits for more cards."""
    state = drawn({3: "2H 3H"}, 2)
    assert one_ply().offer(state, 3) == Declare(("2H",))
    assert ZhaoHeuristicBot(random.Random(0), "fast").offer(state, 3) is None


def test_a_lone_2_is_not_enough() -> None:
    """Seat 3 drew 2H alone: one heart is too short a trump suit even for the expert's bot."""
    assert one_ply().offer(drawn({3: "2H"}, 1), 3) is None


def test_the_suit_must_hold_a_quarter_of_the_cards_drawn() -> None:
    """Two hearts out of 8 cards are enough (a quarter); out of 12 they are not (3 needed)."""
    eight = "2H 3H 4S 6S 7S 8S 9S JS"
    assert one_ply().offer(drawn({3: eight}, 8), 3) == Declare(("2H",))
    assert one_ply().offer(drawn({3: eight + " 3C 4C 6C 7C"}, 12), 3) is None


def test_declares_the_2_of_its_longest_suit() -> None:
    """Holding 2H and 2S with two more spades, it names spades."""
    state = drawn({3: "2H 2S 3S 4S"}, 4)
    assert one_ply().offer(state, 3) == Declare(("2S",))


def test_without_a_2_it_draws() -> None:
    """No card of its rank: nothing to declare, so it draws like the heuristic."""
    state = drawn({3: "3H 4S"}, 2)
    assert one_ply().offer(state, 3) is None
    assert one_ply().choose(state, state.drawer) == Draw()


def test_the_declarer_buries_two_low_clubs_for_a_void() -> None:
    """Hearts trump: 8C and 9C go into the kitty whole (a club void to ruff with), then the cheapest;
    the heuristic buries the six cheapest cards and keeps the clubs."""
    hand = "8C 9C 3D 4D 6D 7D 8D 9D JD QD AD 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H 6H"
    state = in_play(6, {0: hand}, "H", "2")
    state.phase, state.buried = "bury", False
    action = one_ply().choose(state, 0)
    assert action == Bury(void_burial(state.hands[0], state.trump, 6))
    assert isinstance(action, Bury) and Counter(action.cards)["8C"] == Counter(action.cards)["9C"] == 1
    heuristic = ZhaoHeuristicBot(random.Random(0)).choose(state, 0)
    assert isinstance(heuristic, Bury) and "9C" not in heuristic.cards


def test_keeps_a_short_suit_holding_a_king() -> None:
    """A lone KC (ten points) stays in the hand: the cheapest cards are buried instead."""
    hand = "KC 3D 4D 6D 7D 8D 9D JD QD AD 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H 6H 7H"
    state = in_play(6, {0: hand}, "H", "2")
    state.phase, state.buried = "bury", False
    action = one_ply().choose(state, 0)
    assert isinstance(action, Bury) and "KC" not in action.cards
    assert sorted(action.cards) == sorted(cards("3D 4D 6D 3S 4S 6S"))


def test_the_expert_uses_this_bot() -> None:
    """The expert's declarations and burials are this bot's."""
    expert = ZhaoExpertBot(random.Random(0), "fast")
    assert isinstance(expert.fallback, ZhaoExpertPlayBot)
    assert expert.offer(drawn({3: "2H 3H"}, 2), 3) == Declare(("2H",))
