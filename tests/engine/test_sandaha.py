"""San Da Ha (三打哈), clause by clause of docs/rules/sandaha.md, its payment table included."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from family_table import cards, deck_for, draw_all, in_play, play, start

from engine.core.errors import IllegalAction, NotYourTurn, WrongPhase
from engine.core.registry import get_game
from engine.family.actions import Bid, Bury, NameTrump, Pass, PickUp, Play
from engine.family.trump import TrumpContext
from engine.family.units import decompose, shape_of
from engine.games.sandaha import sandaha_payment

GAME = get_game("sandaha")
SEVEN = "BJ LJ 7S 7H 2S 2D 2C"
PLAIN = "6S 6S 8S 8S 9S 9S JS JS QS QS AS AS 6H 6H"


def bidding(hands: dict[int, str] | None = None, situation: dict[str, Any] | None = None) -> Any:
    return draw_all(start("sandaha", deck_for("sandaha", hands or {}), situation))


def test_deck_is_92_cards_21_each_8_in_the_kitty() -> None:
    """Two decks with jokers, without 3s and 4s: 92 cards, 21 each, kitty 8 (§Cards and deal)."""
    state = bidding()
    assert len(state.deck) == 92 and not any(c[0] in "34" for c in state.deck)
    assert [sum(h.values()) for h in state.hands] == [21] * 4 and len(state.kitty) == 8


@pytest.mark.parametrize(
    "cards_", ["8H 8H 6H 6H", "AD AD 2S 2S", "2S 2S 2D 2D", "2D 2D 7S 7S", "7S 7S 7D 7D", "7D 7D LJ LJ"]
)
def test_tractors_skip_sevens_and_twos_and_chain_through_permanent_trumps(cards_: str) -> None:
    """8-8-6-6 is a tractor; trump A → off 2 → trump 2 → off 7 → trump 7 → LJ (diamonds trump)."""
    ctx = TrumpContext(None, "D", ("7", "2"))
    assert shape_of(decompose(Counter(cards_.split()), ctx)) == ((2, 2),)


def test_two_different_off_suit_seven_pairs_are_not_consecutive() -> None:
    """7S 7S + 7H 7H are two pairs (diamonds trump)."""
    ctx = TrumpContext(None, "D", ("7", "2"))
    assert shape_of(decompose(Counter(["7S", "7S", "7H", "7H"]), ctx)) == ((2, 1), (2, 1))


def test_bidding_starts_with_the_first_bidder_in_play_order() -> None:
    """Bids go round from the first bidder, each player once."""
    state = bidding(situation={"first_bidder": 2})
    assert state.must_move() == {2}
    state.apply(2, Pass())
    assert state.must_move() == {3}


def test_bids_step_down_by_five_from_eighty() -> None:
    """80 down to 5 in steps of 5, each strictly lower than the last."""
    state = bidding()
    for bad in (85, 77, 0):
        with pytest.raises(IllegalAction):
            state.apply(0, Bid(bad))
    state.apply(0, Bid(80))
    with pytest.raises(IllegalAction):
        state.apply(1, Bid(80))
    state.apply(1, Bid(75))


def test_bid_out_of_turn_refused() -> None:
    """Only the seat to bid may bid."""
    with pytest.raises(NotYourTurn):
        bidding().apply(1, Bid(80))


def test_lowest_bidder_takes_kitty_buries_eight_then_names_trump_and_leads() -> None:
    """The lowest bidder becomes declarer: pickup, bury 8, name the suit, lead."""
    state = bidding()
    for seat, action in [(0, Bid(80)), (1, Bid(60)), (2, Pass()), (3, Pass())]:
        state.apply(seat, action)
    assert state.phase == "kitty" and state.must_move() == {1}
    state.apply(1, PickUp())
    state.apply(1, Bury(tuple(list(state.hands[1].elements())[:8])))
    with pytest.raises(WrongPhase):
        state.apply(1, Play(("AS",)))
    state.apply(1, NameTrump("H"))
    assert state.trump.suit == "H" and state.phase == "play" and state.must_move() == {1}


def test_bid_of_five_ends_the_bidding() -> None:
    """Nobody can bid under 5: bidding ends at once."""
    state = bidding()
    state.apply(0, Bid(5))
    assert state.phase == "kitty" and state.dealer == 0


def test_all_pass_redeal() -> None:
    """Everyone passes: redeal."""
    state = bidding()
    for seat in range(4):
        state.apply(seat, Pass())
    assert state.result() == {"outcome": "redeal", "reason": "all passed", "by": None, "scores": [0, 0, 0, 0]}


@pytest.mark.parametrize(
    ("held", "may_pass"), [(SEVEN + " " + PLAIN, False), ("BJ LJ 7S 7H 2S 2D 8H " + PLAIN, True)]
)
def test_seven_permanent_trumps_may_not_pass(held: str, may_pass: bool) -> None:
    """Seven or more jokers, 7s and 2s: a bid of 75 or lower must be made (§Bidding)."""
    state = bidding({0: held})
    if may_pass:
        state.apply(0, Pass())
    else:
        with pytest.raises(IllegalAction):
            state.apply(0, Pass())
        with pytest.raises(IllegalAction):
            state.apply(0, Bid(80))
        state.apply(0, Bid(75))


def test_seven_permanent_trumps_may_pass_when_five_is_bid() -> None:
    """With 5 already bid nothing lower is open: the bidding is over anyway."""
    state = bidding({1: SEVEN})
    state.apply(0, Bid(10))
    with pytest.raises(IllegalAction):
        state.apply(1, Pass())
    state.apply(1, Bid(5))
    assert state.phase == "kitty"


@pytest.mark.parametrize(
    ("bid", "defenders", "declarer_wins", "unit"),
    [
        (60, 0, True, 15),
        (60, 5, True, 10),
        (60, 30, True, 10),
        (60, 35, True, 5),
        (60, 55, True, 5),
        (60, 60, False, 5),
        (60, 95, False, 5),
        (60, 100, False, 10),
        (60, 125, False, 10),
        (60, 130, False, 15),
    ],
)
def test_payment_table(bid: int, defenders: int, declarer_wins: bool, unit: int) -> None:
    """§Payments: 5, 10 (≤ bid − 30), 15 (nothing) to declarer; 5, 10 (≥ bid + 40), 15 (≥ bid + 70) back."""
    assert sandaha_payment(bid, defenders) == (declarer_wins, unit)


def last_trick(last: dict[int, str], won: str, bid: int = 60, kitty: str = "") -> dict[str, Any]:
    state = in_play("sandaha", last, "H", rank=None)
    state.bids = [(0, bid), (1, None), (2, None), (3, None)]
    state.won[1] = Counter(cards(won))
    state.kitty = cards(kitty)
    for seat in range(4):
        play(state, seat, last[seat])
    result = state.result()
    assert result is not None
    return result


def test_scores_are_zero_sum_three_against_one() -> None:
    """The declarer wins: each of the three pays it."""
    result = last_trick({0: "AS", 1: "6S", 2: "8S", 3: "9S"}, won="KC KD KH KS")
    assert result["scores"] == [15, -5, -5, -5]


def test_declarer_losing_pays_each_defender() -> None:
    """The three reach the bid: the declarer pays each."""
    result = last_trick({0: "AS", 1: "6S", 2: "8S", 3: "9S"}, won="KC KD KH KS TC TD", bid=60)
    assert result["scores"] == [-15, 5, 5, 5]


def test_next_bidding_starts_at_declarer_if_it_won_else_next_seat() -> None:
    """§Bidding: the declarer starts again after winning; else its next seat."""
    rules = GAME.rules_from_json({})
    won = GAME.next_situation(
        rules,
        4,
        None,
        {"outcome": "played", "declarer": 2, "declarer_wins": True, "scores": [-5, -5, 15, -5]},
    )
    lost = GAME.next_situation(
        rules, 4, won, {"outcome": "played", "declarer": 2, "declarer_wins": False, "scores": [5, 5, -15, 5]}
    )
    assert (won["first_bidder"], lost["first_bidder"]) == (2, 3)
    assert lost["scores"] == [0, 0, 0, 0] and won["scores"] == [-5, -5, 15, -5]


@pytest.mark.parametrize(("played", "winners"), [(7, None), (8, [1])])
def test_match_ends_after_match_deals_with_the_highest_score(played: int, winners: list[int] | None) -> None:
    """The match ends after match_deals played deals (default 8); the highest cumulative score wins."""
    rules = GAME.rules_from_json({})
    situation = {"deal": 9, "first_bidder": 0, "scores": [5, 25, -15, -15], "played": played}
    assert GAME.match_winners(rules, situation) == winners
