"""docs/rules/sisepai.md §2, §4 and §7: the dealer, the deal, the turn and the void deal."""

from __future__ import annotations

from collections import Counter

import pytest
from sisepai_table import answer_all, build_deck, play, table

from engine.core.errors import BadSetup, IllegalAction, NotYourTurn, WrongPhase
from engine.games.sisepai import GAME
from engine.games.sisepai.actions import Discard, Draw, parse_action
from engine.games.sisepai.game import draw_for_dealer
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import SiSePaiDeal

RULES = SiSePaiRules(redeal=False)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_player_is_dealt_20_cards_and_the_rest_is_the_stock(seats: int) -> None:
    deal = table(seats)
    assert [deal.hand_size(s) for s in range(seats)] == [20] * seats
    assert deal.stock_left() == len(GAME.deck(RULES, seats)) - 20 * seats


def test_the_dealer_draws_first() -> None:
    deal = table(3, dealer=1)
    assert deal.to_move() == {1}
    assert list(deal.legal_actions(1)) == [Draw()]


def test_the_drawn_card_is_shown_and_never_enters_the_hand() -> None:
    deal = table(3, stock="WH")
    before = deal.hands[0].copy()
    play(deal, "0:draw")
    assert deal.view(1)["shown"] == {"card": "WH", "seat": 0, "source": "draw"}
    assert deal.hands[0] == before


def test_an_unclaimed_drawn_card_is_discarded_without_a_second_window() -> None:
    deal = table(3, stock="WH YR")
    play(deal, "0:draw")
    answer_all(deal)
    assert deal.discards[0] == ["WH"]
    assert deal.to_move() == {1} and deal.phase.value == "draw"


def test_after_melding_the_drawer_discards_a_card_from_hand_which_gets_a_window() -> None:
    deal = table(3, hands={0: "YP"}, stock="RK")
    play(deal, "0:draw")
    answer_all(deal, s0="meld")
    assert deal.to_move() == {0}
    assert {str(a) for a in deal.legal_actions(0)} == {f"discard {c}" for c in deal.hands[0]}
    play(deal, "0:discard YP")
    assert deal.view(2)["shown"] == {"card": "YP", "seat": 0, "source": "discard"}
    assert deal.to_move() == {1, 2}
    answer_all(deal)
    assert deal.discards[0] == ["YP"] and deal.to_move() == {1}


def test_hand_plus_exposed_cards_stay_at_20_between_turns() -> None:
    deal = table(3, hands={0: "YP", 2: "WE WE"}, stock="RK WE")
    play(deal, "0:draw")
    answer_all(deal, s0="meld")
    play(deal, "0:discard YP")
    answer_all(deal)
    play(deal, "1:draw")
    answer_all(deal, s2="pong")
    play(deal, f"2:discard {min(deal.hands[2])}")
    for seat in range(3):
        assert deal.hand_size(seat) + sum(len(m.cards) for m in deal.exposed[seat]) == 20


def test_dealer_21_option_deals_the_dealer_21_cards_and_opens_with_a_discard() -> None:
    rules = SiSePaiRules(redeal=False, dealer_21=True)
    deal = table(3, dealer=2, rules=rules)
    assert [deal.hand_size(s) for s in range(3)] == [20, 20, 21]
    assert deal.to_move() == {2} and deal.phase.value == "discard"
    card = min(deal.hands[2])
    deal.apply(2, Discard(card))
    assert deal.to_move() == {0, 1}


def test_the_stock_running_out_voids_the_deal() -> None:
    deck = build_deck(2, {})
    deal = GAME.start(RULES, 2, deck, {"dealer": 0})
    assert isinstance(deal, SiSePaiDeal)
    while not deal.is_over():
        seat = min(deal.to_move())
        deal.apply(seat, deal.timeout_action(seat))
    assert deal.stock_left() == 0
    assert deal.result() == {
        "outcome": "void",
        "winner": None,
        "payments": [0, 0],
        "dealer": 0,
        "dealer_draw": None,
        "scores": [0, 0],
        "deal_winners": [],
    }
    assert len(deal.discards[0]) + len(deal.discards[1]) == 112 - 40


def test_the_first_dealer_is_drawn_from_the_bottom_of_the_deck() -> None:
    deck = ["RP"] * 109 + ["YK", "WK", "YA"]  # seat 0 draws YA, seat 1 WK, seat 2 YK
    assert draw_for_dealer(deck, 3) == (2, [["YA"], ["WK"], ["YK"]])


def test_seats_drawing_the_same_best_card_draw_again() -> None:
    deck = ["RP"] * 107 + ["GE", "YA", "RP", "RK", "RK"]  # seats 0 and 1 tie on RK; then YA beats GE
    assert draw_for_dealer(deck, 3) == (0, [["RK", "YA"], ["RK", "GE"], ["RP"]])


def test_the_first_deal_records_the_draw_in_its_result() -> None:
    deck = GAME.shuffled_deck(RULES, 3, __import__("random").Random(5))
    deal = GAME.start(RULES, 3, deck, None)
    assert isinstance(deal, SiSePaiDeal)
    dealer, draws = draw_for_dealer(deck, 3)
    assert deal.dealer == dealer and deal.dealer_draw == draws


def test_the_winner_deals_next_and_a_void_deal_keeps_the_dealer() -> None:
    win = {"outcome": "win", "winner": 2, "dealer": 0, "payments": [-9, -9, 18]}
    void = {"outcome": "void", "winner": None, "dealer": 0, "payments": [0, 0, 0]}
    first = GAME.next_situation(RULES, 3, None, win)
    assert first == {"dealer": 2, "deals": 1, "scores": [-9, -9, 18]}
    assert GAME.next_situation(RULES, 3, first, void | {"dealer": 2}) == {
        "dealer": 2,
        "deals": 2,
        "scores": [-9, -9, 18],
    }


def test_a_match_of_a_set_number_of_deals_is_won_on_payments() -> None:
    assert GAME.match_winners(RULES, {"dealer": 0, "deals": 5, "scores": [3, -1, -2]}) is None
    rules = SiSePaiRules(match_deals=5)
    assert GAME.match_winners(rules, {"dealer": 0, "deals": 4, "scores": [3, -1, -2]}) is None
    assert GAME.match_winners(rules, {"dealer": 0, "deals": 5, "scores": [3, -1, -2]}) == [0]


def test_rules_round_trip_through_json_with_defaults() -> None:
    rules = SiSePaiRules(dealer_21=True, min_points=11)
    assert GAME.rules_from_json(rules.to_json()) == rules
    assert GAME.rules_from_json({}) == SiSePaiRules()
    with pytest.raises(BadSetup):
        GAME.rules_from_json({"jokers": True})
    assert GAME.rules_from_json({"dealer_21": "true", "min_points": "11"}) == rules
    for bad in ({"min_points": "nine"}, {"redeal": "maybe"}, {"redeal": 1}, {"min_points": 0}):
        with pytest.raises(BadSetup):
            GAME.rules_from_json(bad)


@pytest.mark.parametrize("seats", [1, 5])
def test_only_two_to_four_players(seats: int) -> None:
    with pytest.raises(BadSetup):
        GAME.deck(RULES, seats)


def test_a_deck_that_is_not_the_pack_is_refused() -> None:
    with pytest.raises(BadSetup):
        GAME.start(RULES, 3, ["RK"] * 112, None)
    with pytest.raises(BadSetup):
        GAME.start(RULES, 4, GAME.deck(RULES, 3), None)


def test_wrong_seat_wrong_phase_and_illegal_actions_are_typed_errors() -> None:
    deal = table(3, stock="WH")
    with pytest.raises(NotYourTurn):
        deal.apply(1, Draw())
    with pytest.raises(WrongPhase):
        deal.apply(0, parse_action("pass"))
    play(deal, "0:draw")
    with pytest.raises(WrongPhase):
        deal.apply(1, Draw())
    with pytest.raises(IllegalAction):
        deal.apply(1, parse_action("hu"))


def test_a_rejected_action_leaves_the_state_exactly_as_it_was() -> None:
    deal = table(3, hands={0: "YP"}, stock="RK")
    play(deal, "0:draw")
    answer_all(deal, s0="meld")
    before = (deal.view(0), deal.zones(), Counter(deal.hands[0]))
    with pytest.raises(IllegalAction):
        deal.apply(0, Discard("WK"))
    assert (deal.view(0), deal.zones(), Counter(deal.hands[0])) == before
