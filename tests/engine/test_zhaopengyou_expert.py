"""Zhao Pengyou's expert one-ply bot (engine/games/zhaopengyou/expertplay.py): it declares as soon as its
trump suit holds two cards and a quarter of its hand, and buries whole short side suits; the
heuristic does neither. Its search (engine/games/zhaopengyou/expert.py): worlds that believe the calls,
searched once the teams are known or late in the deal.

Six players, two packs, everyone at rank 2 (a match's first deal: anyone may declare).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.family.actions import Bury, Declare, Draw
from engine.family.expertplay import void_burial
from engine.family.phases import Phase
from engine.games.zhaopengyou.bots import ZhaoHeuristicBot
from engine.games.zhaopengyou.deal import ZhaoDeal
from engine.games.zhaopengyou.expert import ZhaoExpertBot
from engine.games.zhaopengyou.expertplay import ZhaoExpertPlayBot
from engine.games.zhaopengyou.rules import zhao_deck
from engine.search.worlds import sample_worlds
from tests.engine.zhaopengyou.zpy_table import cards, deck_for, in_play, start, trick


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
    state.phase, state.buried = Phase.BURY, False
    action = one_ply().choose(state, 0)
    assert action == Bury(void_burial(state.hands[0], state.trump, 6))
    assert isinstance(action, Bury) and Counter(action.cards)["8C"] == Counter(action.cards)["9C"] == 1
    heuristic = ZhaoHeuristicBot(random.Random(0)).choose(state, 0)
    assert isinstance(heuristic, Bury) and "9C" not in heuristic.cards


def test_keeps_a_short_suit_holding_a_king() -> None:
    """A lone KC (ten points) stays in the hand: the cheapest cards are buried instead."""
    hand = "KC 3D 4D 6D 7D 8D 9D JD QD AD 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H 6H 7H"
    state = in_play(6, {0: hand}, "H", "2")
    state.phase, state.buried = Phase.BURY, False
    action = one_ply().choose(state, 0)
    assert isinstance(action, Bury) and "KC" not in action.cards
    assert sorted(action.cards) == sorted(cards("3D 4D 6D 3S 4S 6S"))


def test_the_expert_uses_this_bot() -> None:
    """The expert's declarations and burials are this bot's."""
    expert = ZhaoExpertBot(random.Random(0), "fast")
    assert isinstance(expert.fallback, ZhaoExpertPlayBot)
    assert expert.offer(drawn({3: "2H 3H"}, 2), 3) == Declare(("2H",))


def called_deal(calls: tuple[str, ...]) -> ZhaoDeal:
    """Hearts trump; the declarer (seat 0) holds one AS, seats 1 and 2 the AC and the other AS."""
    hands = {0: "AS 3S 4D 6D", 1: "AC 4S 7D 8D", 2: "AS 6S 9D JD", 3: "7S 3C 4C 6C", 4: "8S 7C 8C 9C"}
    return in_play(6, {**hands, 5: "9S JC QC 3D"}, "H", "2", calls=calls, kitty="3S 4S 6S 7S 8S 9S")


def test_the_worlds_leave_the_declarer_the_copy_before_the_one_it_called() -> None:
    """``call 2nd AS``: seat 3's worlds give the declarer exactly one AS, the other to seat 1, 2,
    4 or 5 (never the kitty); the family's worlds often gave the declarer both or neither."""
    state = called_deal(("2nd AS", "1st AC"))
    expert = ZhaoExpertBot(random.Random(0), "strong")
    for world in sample_worlds(expert.knowledge.hidden(state, 3), random.Random(1), 40):
        assert world["hand:0"].count("AS") == 1
        assert world["kitty"].count("AS") == 0


def test_the_worlds_give_the_declarer_no_copy_of_a_first_call() -> None:
    """``call 1st AC``: the declarer lacks AC, so no world gives it one, nor the kitty."""
    state = called_deal(("2nd AS", "1st AC"))
    expert = ZhaoExpertBot(random.Random(0), "strong")
    for world in sample_worlds(expert.knowledge.hidden(state, 3), random.Random(1), 40):
        assert "AC" not in world["hand:0"] and "AC" not in world["kitty"]


def full_hands() -> dict[int, str]:
    """Nine cards each: one spade (seats 1 and 2 hold the aces), eight clubs and diamonds."""
    spades = ["3S", "AS", "AS", "4S", "6S", "7S"]
    filler = [c for c in zhao_deck(6) if c[1] in "CD" and c[0] != "2"]
    return {s: " ".join([spades[s], *filler[8 * s : 8 * s + 8]]) for s in range(6)}


def test_it_keeps_its_one_ply_choice_while_a_call_is_open() -> None:
    """54 cards left and nobody has played a called AS: the teams are unknown, no search."""
    state = in_play(6, full_hands(), "H", "2", calls=("1st AS", "2nd AS"))
    assert not ZhaoExpertBot(random.Random(0), "strong").searches(state, 0)


def test_it_searches_once_every_call_is_fulfilled() -> None:
    """Seats 1 and 2 play the two AS in the first trick: the team is known, 48 cards left."""
    state = in_play(6, full_hands(), "H", "2", calls=("1st AS", "2nd AS"))
    trick(state, "0:3S 1:AS 2:AS 3:4S 4:6S 5:7S")
    assert state.team == [0, 1, 2]
    assert ZhaoExpertBot(random.Random(0), "strong").searches(state, 0)


def test_it_searches_in_the_last_cards_even_with_a_call_open() -> None:
    """Four cards each (24 left), nobody has played AC yet: late enough to search."""
    state = called_deal(("2nd AS", "1st AC"))
    assert ZhaoExpertBot(random.Random(0), "strong").searches(state, 0)
