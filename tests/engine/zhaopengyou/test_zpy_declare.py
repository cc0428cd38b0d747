"""Declaring (zhaopengyou.md §Declaring trumps): last deal's winners only, own rank, the first stands."""

from __future__ import annotations

import pytest
from zpy_table import GAME, deck_for, start

from engine.core.errors import IllegalAction, NotYourTurn, WrongPhase
from engine.family.actions import Declare, Draw, PickUp, Redeal
from engine.games.zhaopengyou.deal import ZhaoDeal


def draw_until(state: ZhaoDeal, cards_each: int) -> None:
    """Draw until every seat holds ``cards_each`` cards."""
    while state.phase == "draw" and sum(state.hands[state.drawer].values()) < cards_each:
        state.apply(state.drawer, Draw())


def draw_all(state: ZhaoDeal) -> None:
    while state.phase == "draw":
        state.apply(state.drawer, Draw())


def test_in_the_first_deal_anyone_drawing_a_2_may_declare_while_others_draw() -> None:
    """Everyone counts as a winner in the first deal; declaring is open to all at once (to_move)."""
    state = start(6, deck_for(6, {3: "2H", 5: "2C"}))
    draw_until(state, 1)
    assert state.must_move() == {0}
    assert {3, 5} <= state.to_move()
    state.apply(5, Declare(("2C",)))
    assert (state.trump.rank, state.trump.suit) == ("2", "C")
    assert state.declaration == (5, ("2C",))


def test_a_player_declares_with_its_own_rank_only() -> None:
    """Seat 0 at rank 5 may show 5S (trump spades and 5s), not 3S, which is seat 1's rank."""
    ranks = ["5", "3", "2", "2", "2", "2"]
    state = start(6, deck_for(6, {0: "5S 3S"}), {"ranks": ranks})
    draw_until(state, 2)
    assert state.declarations(0) == [Declare(("5S",))]
    with pytest.raises(IllegalAction, match="own rank 5"):
        state.check(0, Declare(("3S",)))
    state.apply(0, Declare(("5S",)))
    assert (state.trump.rank, state.trump.suit) == ("5", "S")
    assert state.trump.is_trump("5D") and state.trump.is_trump("9S") and not state.trump.is_trump("3D")


def test_only_the_last_deals_winners_may_declare() -> None:
    """Seat 0 lost the last deal: holding its rank card does not let it declare."""
    state = start(6, deck_for(6, {0: "2S", 1: "2H"}), {"last_winners": [1, 3]})
    draw_until(state, 1)
    assert state.declarations(0) == []
    with pytest.raises(IllegalAction, match="winners of the last deal"):
        state.check(0, Declare(("2S",)))
    state.apply(1, Declare(("2H",)))


def test_the_first_declaration_stands() -> None:
    """After seat 1 declares, seat 2 cannot declare over it, not even with two cards."""
    state = start(6, deck_for(6, {1: "2H", 2: "2S 2S"}))
    draw_until(state, 2)
    state.apply(1, Declare(("2H",)))
    assert state.declarations(2) == []
    with pytest.raises(IllegalAction, match="first declaration stands"):
        state.check(2, Declare(("2S",)))


def test_jokers_do_not_declare() -> None:
    """Only a card of the player's rank names the trump."""
    state = start(6, deck_for(6, {1: "BJ"}))
    draw_until(state, 1)
    with pytest.raises(IllegalAction):
        state.check(1, Declare(("BJ",)))


def test_a_declaration_may_come_after_the_last_card_is_drawn() -> None:
    """Once all is drawn the deal waits for the provisional dealer; any winner may still declare."""
    state = start(6, deck_for(6, {4: "2D"}))
    draw_all(state)
    assert state.phase == "kitty" and state.must_move() == {0}
    assert 4 in state.to_move()
    state.apply(4, Declare(("2D",)))
    assert state.must_move() == {4}
    state.apply(4, PickUp())
    assert sum(state.hands[4].values()) == 17 + 6 and state.phase == "bury"


def test_the_declarer_takes_the_six_kitty_cards_and_buries_six() -> None:
    """Take 6, bury exactly 6, then the calls."""
    state = start(6, deck_for(6, {2: "2S"}, kitty="KH KH 5D 5D TC TC"))
    draw_until(state, 1)
    state.apply(2, Declare(("2S",)))
    draw_all(state)
    with pytest.raises(NotYourTurn):
        state.check(0, PickUp())
    state.apply(2, PickUp())
    with pytest.raises(IllegalAction):
        state.check(2, GAME.parse_action("bury KH KH"))
    hand = state.hands[2]
    cards = sorted(hand.elements())[:6]
    state.apply(2, GAME.parse_action("bury " + " ".join(cards)))
    assert sorted(state.kitty) == sorted(cards)
    assert state.phase == "call" and state.must_move() == {2}


def test_nobody_declares_the_provisional_dealer_redeals_and_everyone_becomes_a_winner() -> None:
    """No declaration: a redeal by the same provisional dealer; everyone may declare next time."""
    state = start(6, deck_for(6, {}), {"ranks": ["9"] * 6, "last_winners": [1], "provisional_dealer": 3})
    draw_all(state)
    assert state.kitty_options() == [Redeal()]
    with pytest.raises(IllegalAction):
        state.check(3, PickUp())
    state.apply(3, Redeal())
    result = state.result()
    assert result is not None and result["outcome"] == "redeal" and result["scores"] == [0] * 6
    situation = GAME.next_situation(state.rules, 6, state.situation, result)
    assert situation["provisional_dealer"] == 3
    assert situation["last_winners"] is None and situation["ranks"] == ["9"] * 6
    assert GAME.match_winners(state.rules, situation) is None


def test_play_actions_do_not_fit_the_draw() -> None:
    """An action of another phase is a WrongPhase error."""
    state = start(6, deck_for(6, {}))
    with pytest.raises(WrongPhase):
        state.check(0, GAME.parse_action("play AS"))
    with pytest.raises(WrongPhase):
        state.check(0, GAME.parse_action("call 1st AS"))
