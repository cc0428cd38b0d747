"""Friend calls (找朋友, zhaopengyou.md §Calling friends): the Nth copy played joins the declarer's team."""

from __future__ import annotations

import random
from typing import Any

import pytest
from zpy_table import GAME, in_play, trick

from engine.core.errors import IllegalAction, NotationError, NotYourTurn
from engine.family.phases import Phase
from engine.games.zhaopengyou.actions import Call
from engine.games.zhaopengyou.bots import ZhaoHeuristicBot

SPADES = {0: "AS 3S", 1: "AS 4S", 2: "KS 6S", 3: "7S 8S", 4: "9S JS", 5: "QS 4S"}


def test_calls_are_written_with_ordinals_and_round_trip() -> None:
    """``call 2nd AS`` is the 2nd copy of AS; the text form round-trips."""
    call = GAME.parse_action("call 2nd AS")
    assert call == Call(2, "AS") and str(call) == "call 2nd AS"
    assert str(GAME.parse_action("call 1st td")) == "call 1st TD"
    for bad in ("call 2 AS", "call 0th AS", "call 2st AS", "call 2nd XX", "call AS"):
        with pytest.raises(NotationError):
            GAME.parse_action(bad)


def test_the_declarer_makes_as_many_calls_as_the_table_size_asks_then_leads() -> None:
    """Six players: two calls, then the declarer leads the first trick."""
    state = in_play(6, SPADES, "H", "2", declarer=0)
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    state.apply(0, GAME.parse_action("call 1st AC"))
    assert state.phase == "call"
    with pytest.raises(NotYourTurn):
        state.check(1, GAME.parse_action("call 1st AD"))
    state.apply(0, GAME.parse_action("call 1st AD"))
    assert state.phase == "play" and state.must_move() == {0}


@pytest.mark.parametrize("text", ["call 1st AH", "call 1st 2S", "call 1st 2H", "call 1st BJ", "call 1st LJ"])
def test_trumps_cannot_be_called(text: str) -> None:
    """Trump suit cards, rank cards of any suit and jokers are never called."""
    state = in_play(6, SPADES, "H", "2")
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    with pytest.raises(IllegalAction, match="not trump"):
        state.check(0, GAME.parse_action(text))


def test_a_copy_beyond_the_number_of_packs_or_a_repeated_call_is_refused() -> None:
    """Two packs: the 3rd AS does not exist; the same call twice is refused."""
    state = in_play(6, SPADES, "H", "2")
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    with pytest.raises(IllegalAction, match="2nd"):
        state.check(0, GAME.parse_action("call 3rd AS"))
    state.apply(0, GAME.parse_action("call 2nd AS"))
    with pytest.raises(IllegalAction, match="already"):
        state.check(0, GAME.parse_action("call 2nd AS"))
    state.check(0, GAME.parse_action("call 1st AS"))


def test_every_legal_call_is_enumerated() -> None:
    """Twelve players, four packs: 39 non-trump cards x 4 copies."""
    state = in_play(12, {0: "3S"}, "H", "2")
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    calls = [a for a in state.legal_actions(0) if isinstance(a, Call)]
    assert len(calls) == 36 * 4 and Call(4, "AS") in calls and Call(1, "AH") not in calls


def test_the_nth_copy_played_brings_its_player_in() -> None:
    """``2nd AS``: seat 1 plays the first AS and stays out; seat 2 plays the second and joins."""
    state = in_play(
        6, {0: "3S", 1: "AS", 2: "AS", 3: "7S", 4: "9S", 5: "QS"}, "H", "2", calls=("2nd AS", "1st AC")
    )
    state.apply(0, GAME.parse_action("play 3S"))
    state.apply(1, GAME.parse_action("play AS"))
    assert state.team == [0]
    state.apply(2, GAME.parse_action("play AS"))
    assert state.team == [0, 2]
    assert state.calls_json()[0]["by"] == 2 and state.calls_json()[0]["joined"] is True


def test_the_declarers_own_copy_counts() -> None:
    """The declarer plays the first AS: the 2nd AS is seat 3's, who joins."""
    state = in_play(6, SPADES | {1: "KS 4S", 3: "AS 8S"}, "H", "2", calls=("2nd AS", "1st AC"))
    trick(state, "0:AS 1:4S 2:6S 3:AS 4:9S 5:4S")
    assert state.calls_json()[0]["copies_played"] == 2
    assert state.team == [0, 3]


def test_a_call_fulfilled_by_the_declarer_is_used_up_and_the_team_stays_short() -> None:
    """``1st AS`` played by the declarer itself: nobody joins for it, the team stays short."""
    state = in_play(6, SPADES, "H", "2", calls=("1st AS", "1st AC"))
    trick(state, "0:AS 1:AS 2:KS 3:7S 4:9S 5:QS")
    assert state.team == [0]
    assert state.calls_json()[0] == {
        "call": "call 1st AS",
        "card": "AS",
        "nth": 1,
        "copies_played": 2,
        "by": 0,
        "joined": False,
    }


def test_a_call_fulfilled_by_an_existing_friend_is_used_up() -> None:
    """Seat 1 joined by the 1st AS; its QS is the 1st QS called too: still one friend."""
    hands = {0: "3S 3D", 1: "AS QS", 2: "6S 6D", 3: "7S 7D", 4: "9S 9D", 5: "4S 4D"}
    state = in_play(6, hands, "H", "2", calls=("1st AS", "1st QS"))
    trick(state, "0:3S 1:AS 2:6S 3:7S 4:9S 5:4S")
    assert state.team == [0, 1]
    trick(state, "1:QS 2:6D 3:7D 4:9D 5:4D 0:3D")
    assert state.team == [0, 1]
    result = state.result()
    assert result is not None and result["short"] == 1 and result["max_team"] == 3


@pytest.mark.parametrize("counts", [True, False])
def test_two_copies_in_one_play_fulfil_two_calls_at_once(counts: bool) -> None:
    """A pair of AS played by seat 2 is the 1st and 2nd AS: it joins, the second call is used up;
    the same with ``own_copy_counts`` off (the declarer holds no AS to leave out)."""
    hands = {0: "3S 3S", 1: "5S 6S", 2: "AS AS", 3: "7S 8S", 4: "9S JS", 5: "QS 4S"}
    state = in_play(6, hands, "H", "2", calls=("1st AS", "2nd AS"), own_copy_counts=counts)
    trick(state, "0:3S+3S 1:5S+6S 2:AS+AS 3:7S+8S 4:9S+JS 5:QS+4S")
    assert state.team == [0, 2]
    assert [c["joined"] for c in state.calls_json()] == [True, False]


def test_points_a_new_friend_captured_before_joining_are_discarded() -> None:
    """Seat 2 wins 25 points as a defender, then plays the called AC: the 25 no longer count."""
    hands = {0: "3S 3C", 1: "KS 4C", 2: "AS AC", 3: "TS 5C", 4: "9S 6C", 5: "QS 7C"}
    state = in_play(6, hands, "H", "2", calls=("1st AC", "1st AD"))
    trick(state, "0:3S 1:KS 2:AS 3:TS 4:9S 5:QS")
    assert state.leader == 2 and state.view(None)["defender_points"] == 20
    state.apply(2, GAME.parse_action("play AC"))
    assert state.team == [0, 2]
    assert state.view(None)["defender_points"] == 0
    assert state.view(None)["discarded_points"] == [[2, 20]]
    trick(state, "3:5C 4:6C 5:7C 0:3C 1:4C")
    result = state.result()
    assert result is not None and result["defender_points"] == 0 and result["declarer_wins"]


@pytest.mark.parametrize(("counts", "team", "played"), [(True, [0], 2), (False, [0, 1], 1)])
def test_with_own_copy_counts_off_the_declarers_copies_do_not_count(
    counts: bool, team: list[int], played: int
) -> None:
    """``1st AS``, the declarer leading its AS and seat 1 following with the other: by default
    the declarer's own copy was the 1st (used up, the team stays short); with the option off,
    seat 1's is the 1st, and seat 1 joins (zhaopengyou.md §Calling friends)."""
    state = in_play(6, SPADES, "H", "2", calls=("1st AS", "1st AC"), own_copy_counts=counts)
    trick(state, "0:AS 1:AS 2:KS 3:7S 4:9S 5:QS")
    assert state.team == team and state.calls_json()[0]["copies_played"] == played


def calls_allowed(rank: str, refused: str | None, allowed: tuple[str, ...], **options: Any) -> None:
    """At ``rank`` (hearts trump) a club rule refuses the call of ``refused``; ``allowed`` may be called."""
    state = in_play(6, SPADES, "H", rank, **options)
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    if refused is not None:
        with pytest.raises(IllegalAction, match="a club rule"):
            state.check(0, GAME.parse_action(f"call 1st {refused}"))
    for card in allowed:
        state.check(0, GAME.parse_action(f"call 1st {card}"))


@pytest.mark.parametrize("card", ["KD", "TD", "5D"])
@pytest.mark.parametrize("allowed", [True, False])
def test_point_cards_may_be_called_unless_the_club_forbids_it(allowed: bool, card: str) -> None:
    """``call_point_cards`` off: a 5, 10 or K is refused; an A or a Q is still allowed."""
    if allowed:
        calls_allowed("2", None, (card,), call_point_cards=True)
    else:
        calls_allowed("2", card, ("AD", "QD"), call_point_cards=False)


@pytest.mark.parametrize(
    ("allowed", "rank", "card", "below"),
    [(True, "2", "AD", "KD"), (False, "2", "AD", "KD"), (True, "A", "KD", "QD"), (False, "A", "KD", "QD")],
)
def test_the_highest_card_of_a_suit_may_be_called_unless_the_club_forbids_it(
    allowed: bool, rank: str, card: str, below: str
) -> None:
    """``call_top_card`` off: the suit's highest card (its A, its K when A is the rank) is refused
    and the next one down is allowed; on (the default), the A may be called."""
    if allowed:
        calls_allowed(rank, None, (card, below), call_top_card=True)
    else:
        calls_allowed(rank, card, (below,), call_top_card=False)


def test_the_heuristic_bot_calls_a_king_when_the_highest_card_is_refused() -> None:
    """With ``call_top_card`` off the bot, lacking the side kings, calls a K instead of an A."""
    state = in_play(6, {0: "3S 4D 5C"}, "H", "2", call_top_card=False)
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    call = ZhaoHeuristicBot(random.Random(1))._call(state, 0)
    assert call.card[0] == "K"


@pytest.mark.parametrize(("counts", "nth"), [(True, 2), (False, 1)])
def test_the_heuristic_bot_calls_past_its_own_copy_only_when_it_counts(counts: bool, nth: int) -> None:
    """Holding one copy of every side ace, the bot calls an ace's 2nd copy by default (its own is
    the 1st) and the 1st with ``own_copy_counts`` off."""
    state = in_play(6, {0: "AS AD AC 3S 4D 5C"}, "H", "2", own_copy_counts=counts)
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    call = ZhaoHeuristicBot(random.Random(1))._call(state, 0)
    assert call.card[0] == "A" and call.nth == nth
