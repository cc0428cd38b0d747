"""The expert's one-ply bot (engine/expertplay.py): it counts the cards its seat has seen.

Positions in one-deck Shengji, spades trump, rank 2, seats 0 and 2 against 1 and 3.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Bury, Play, Redeal
from engine.bots import HeuristicBot
from engine.expert import FAMILY
from engine.expertplay import CountingBot, void_burial
from engine.trickdeal import TrickDeal
from engine.trump import TrumpContext
from tests.engine.family_table import cards, deck_for, draw_all, in_play, play, start

SPADES_2 = TrumpContext("2", "S", sequences=False)


def position(hands: dict[int, str], *plays: tuple[int, str]) -> TrickDeal:
    """A deal in play with ``hands`` after the ``plays`` (seat, cards) in order."""
    state = in_play("shengji", hands, "S")
    for seat, text in plays:
        play(state, seat, text)
    return state


QH_LED = {0: "QH 3C", 1: "3H 5C", 2: "TH 4H", 3: "6H 7C"}
VOID_SHOWN = {0: "AH KH 3C 4C", 1: "5C 6C 7C 8D", 2: "5H 6H 8C 9C", 3: "7H 8H TC JC"}
FIRST_TRICK = ((0, "KH"), (1, "5C"), (2, "5H"), (3, "7H"))


def choice(state: TrickDeal, seat: int) -> tuple[str, ...]:
    """The counting bot's play for ``seat``."""
    action = CountingBot(random.Random(0), "fast").choose(state, seat)
    assert isinstance(action, Play)
    return action.cards


def test_feeds_a_partner_whose_card_nobody_left_can_beat() -> None:
    """The partner led AH, the top heart: the ten goes on it."""
    state = position({0: "AH 3C", 1: "3H 5C", 2: "TH 4H", 3: "6H 7C"}, (0, "AH"), (1, "3H"))
    assert choice(state, 2) == ("TH",)


def test_keeps_points_from_a_partner_an_opponent_may_overtake() -> None:
    """The partner's QH wins for now, but AH is unseen and the last seat may hold it: no ten."""
    assert choice(position(QH_LED, (0, "QH"), (1, "3H")), 2) == ("4H",)


def test_the_heuristic_feeds_that_partner() -> None:
    """The same position: the heuristic (the duels' opponent) gives the ten."""
    state = position(QH_LED, (0, "QH"), (1, "3H"))
    assert HeuristicBot(random.Random(0), "fast").choose(state, 2) == Play(("TH",))


def test_keeps_points_when_the_last_seat_showed_a_void_and_trumps_are_out() -> None:
    """Seat 3 discarded a club on hearts: it may ruff the partner's top heart, so no ten on it."""
    hands = {0: "AH KH 3C", 1: "4H 6H 5C", 2: "5H TH 8H", 3: "9C 7C 8C"}
    state = position(hands, (0, "AH"), (1, "4H"), (2, "5H"), (3, "9C"), (0, "KH"), (1, "6H"))
    assert choice(state, 2) == ("8H",)


def test_second_hand_takes_with_the_top_card_rather_than_one_an_opponent_can_beat() -> None:
    """Seat 1 after a 3H lead, the opponent seat 2 still to play: AH, not the 4H that wins for now."""
    state = position({0: "3H 3C", 1: "AH 4H 5C", 2: "6H 7C", 3: "8H 9C"}, (0, "3H"))
    assert choice(state, 1) == ("AH",)


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
    action = CountingBot(random.Random(0), "fast").choose(state, 0)
    assert action == Bury(void_burial(state.hands[0], state.trump, 6))


def test_a_redeal_playout_has_no_margin() -> None:
    """A playout that ends in a redeal (a pointless hand shown) counts 0 points, with no declarer."""
    plain = "2S 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H"
    state = draw_all(start("shengji", deck_for("shengji", {1: plain})))
    state.apply(1, Redeal())
    assert FAMILY.margin(state, 0) == 0.0 and FAMILY.value(state, 0) == 0.0


def test_takes_over_a_partner_who_may_be_overtaken_when_ten_points_are_on_the_table() -> None:
    """The partner's QH may fall to KH, still unseen, and a ten lies on it: seat 2 takes it with AH."""
    state = position({0: "QH 3C", 1: "TH 5C", 2: "AH 4H", 3: "6H 7C"}, (0, "QH"), (1, "TH"))
    assert choice(state, 2) == ("AH",)


def test_leads_away_from_a_suit_an_opponent_showed_a_void_in() -> None:
    """Seat 1 discarded on hearts and trumps are out: seat 0 keeps its top heart, leads a club."""
    state = position(VOID_SHOWN, *FIRST_TRICK)
    assert choice(state, 0) == ("3C",)


def test_the_heuristic_leads_that_top_heart() -> None:
    """The same position: the heuristic leads AH, the safe lead it prefers."""
    state = position(VOID_SHOWN, *FIRST_TRICK)
    assert HeuristicBot(random.Random(0), "fast").choose(state, 0) == Play(("AH",))
