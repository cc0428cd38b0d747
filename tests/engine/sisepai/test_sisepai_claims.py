"""docs/rules/sisepai.md §5: claims on a shown card, their priorities and ties by seat order."""

from __future__ import annotations

from itertools import combinations

import pytest
from sisepai_table import answer_all, play, table

from engine.core.errors import IllegalAction
from engine.core.game import Action
from engine.games.sisepai.actions import Chi, Hu, Kong, MeldOwn, Pass, Pong, Tsumo, parse_action
from engine.games.sisepai.claims import winning_claim

WAITS_FOR_RA_21 = "RK RE YR YR YR YR GH GH GH WC WC RP YP GP WP YK GE GE GE WK"
WAITS_FOR_RA_23 = "RK RE RR RR RR RH RH RH YC YC YC YC GP GP GP WA WA WA GK WK"


def legal(deal: object, seat: int) -> set[str]:
    return {str(a) for a in deal.legal_actions(seat)}  # type: ignore[attr-defined]


# -- the five priorities against each other (pure resolution) --------------------------------

# For each priority, a claim and a seat that may make it when seat 0 drew the card in a 4-player game.
BY_PRIORITY: dict[int, tuple[int, Action]] = {
    1: (0, Tsumo()),
    2: (2, Hu()),
    3: (3, Pong()),
    4: (0, MeldOwn(("RA", "RE"))),
    5: (1, Chi(("RA", "RE"))),
}


@pytest.mark.parametrize(("high", "low"), list(combinations(range(1, 6), 2)))
def test_the_higher_priority_claim_wins_whatever_the_seats(high: int, low: int) -> None:
    high_seat, high_claim = BY_PRIORITY[high]
    low_seat, low_claim = BY_PRIORITY[low]
    if high_seat == low_seat:  # the drawer answers once: move the other claim to a free seat
        high_seat = 3 if high_seat != 3 else 2
    answers = {s: Pass() for s in range(4)} | {low_seat: low_claim, high_seat: high_claim}
    assert winning_claim(answers, owner=0, seats=4) == (high_seat, high_claim)


def test_kong_and_pong_share_a_priority_and_the_nearest_seat_wins() -> None:
    assert winning_claim({1: Pong(), 2: Kong(), 3: Pass()}, owner=0, seats=4) == (1, Pong())
    assert winning_claim({1: Pass(), 2: Kong(), 3: Pong()}, owner=0, seats=4) == (2, Kong())


@pytest.mark.parametrize(
    ("owner", "claimants", "winner"),
    [(0, (1, 2), 1), (1, (2, 0), 2), (2, (0, 1), 0), (3, (1, 2), 1), (2, (3, 1), 3)],
)
def test_tied_hu_goes_to_the_nearest_seat_in_turn_order(
    owner: int, claimants: tuple[int, ...], winner: int
) -> None:
    answers: dict[int, Action] = {s: Pass() for s in range(4) if s != owner}
    answers.update({s: Hu() for s in claimants})
    assert winning_claim(answers, owner=owner, seats=4) == (winner, Hu())


def test_all_pass_is_no_claim() -> None:
    assert winning_claim({0: Pass(), 1: Pass()}, owner=0, seats=2) is None


# -- the same priorities in play -----------------------------------------------------------------


def test_tsumo_beats_hu_on_the_drawn_card() -> None:
    deal = table(3, hands={0: WAITS_FOR_RA_21, 1: WAITS_FOR_RA_23}, stock="RA")
    play(deal, "0:draw")
    answer_all(deal, s0="tsumo", s1="hu")
    assert deal.result() is not None and deal.result()["winner"] == 0  # type: ignore[index]


def test_hu_beats_pong() -> None:
    deal = table(3, hands={1: "RA RA", 2: WAITS_FOR_RA_23}, stock="RA")
    play(deal, "0:draw")
    answer_all(deal, s1="pong", s2="hu")
    result = deal.result()
    assert result is not None and (result["winner"], result["by"]) == (2, "hu")


def test_two_hu_on_a_draw_go_to_the_seat_after_the_drawer() -> None:
    deal = table(3, hands={1: WAITS_FOR_RA_21, 2: WAITS_FOR_RA_23}, stock="RA", dealer=0)
    play(deal, "0:draw")
    answer_all(deal, s1="hu", s2="hu")
    assert deal.result()["winner"] == 1  # type: ignore[index]


def test_two_hu_wrap_round_the_table() -> None:
    deal = table(3, hands={1: WAITS_FOR_RA_21, 0: WAITS_FOR_RA_23}, stock="RA", dealer=2)
    play(deal, "2:draw")  # seat 2 draws: seat 0 comes next, then seat 1
    answer_all(deal, s0="hu", s1="hu")
    assert deal.result()["winner"] == 0  # type: ignore[index]


def test_two_pongs_in_a_four_player_game_go_to_the_nearest_seat() -> None:
    # Four players hold five copies of each piece: two seats may each hold a pair.
    deal = table(4, hands={1: "RR RR", 3: "RR RR"}, stock="RR")
    play(deal, "0:draw")
    answer_all(deal, s1="pong", s3="pong")
    assert deal.exposed[1] and not deal.exposed[3]


def test_the_drawer_is_nearest_to_its_own_card() -> None:
    deal = table(4, hands={0: "RR RR", 1: "RR RR"}, stock="RR")
    play(deal, "0:draw")
    answer_all(deal, s0="pong", s1="pong")
    assert deal.exposed[0] and not deal.exposed[1]


def test_pong_beats_the_drawers_own_meld_and_play_continues_after_the_claimer() -> None:
    deal = table(3, hands={0: "YK YE", 2: "YA YA"}, stock="YA")
    play(deal, "0:draw")
    assert "meld YK YE" in legal(deal, 0)
    answer_all(deal, s0="meld YK YE", s2="pong")
    assert deal.to_move() == {2}
    assert [m.cards for m in deal.exposed[2]] == [("YA", "YA", "YA")]
    assert deal.hands[0]["YK"] == 1  # the drawer keeps its cards
    discard = next(iter(deal.legal_actions(2)))
    deal.apply(2, discard)
    answer_all(deal)
    assert deal.to_move() == {0}  # seat 1 was skipped


def test_the_drawers_own_meld_beats_chi() -> None:
    deal = table(3, hands={0: "YK YE", 1: "YK YE"}, stock="YA")
    play(deal, "0:draw")
    assert "chi YK YE" in legal(deal, 1)
    answer_all(deal, s0="meld YK YE", s1="chi YK YE")
    assert [m.cards for m in deal.exposed[0]] == [("YK", "YA", "YE")]
    assert deal.exposed[1] == []
    assert deal.to_move() == {0} and deal.phase.value == "discard"


def test_pong_beats_chi_on_a_discard() -> None:
    deal = table(3, hands={0: "GH", 1: "GR GC", 2: "GH GH"}, stock="RK")
    play(deal, "0:draw")
    answer_all(deal, s0="meld")
    play(deal, "0:discard GH")
    assert deal.to_move() == {1, 2}
    answer_all(deal, s1="chi GR GC", s2="pong")
    assert [m.cards for m in deal.exposed[2]] == [("GH", "GH", "GH")]


def test_chi_takes_the_previous_seats_discard_then_the_chier_discards() -> None:
    deal = table(3, hands={0: "GH", 1: "GR GC"}, stock="RK")
    play(deal, "0:draw")
    answer_all(deal, s0="meld")
    play(deal, "0:discard GH")
    answer_all(deal, s1="chi GR GC")
    assert [m.cards for m in deal.exposed[1]] == [("GR", "GH", "GC")]
    assert deal.to_move() == {1}


def test_chi_is_only_for_the_seat_after_the_cards_owner() -> None:
    deal = table(3, hands={1: "GR GC", 2: "GR GC"}, stock="GH")
    play(deal, "0:draw")
    assert "chi GR GC" in legal(deal, 1)
    assert "chi GR GC" not in legal(deal, 2)
    with pytest.raises(IllegalAction, match="only seat 1"):
        deal.apply(2, parse_action("chi GR GC"))


def test_chi_makes_three_and_four_colour_soldiers() -> None:
    deal = table(3, hands={1: "YP GP WP"}, stock="RP")
    play(deal, "0:draw")
    assert {"chi YP GP", "chi YP WP", "chi GP WP", "chi YP GP WP"} <= legal(deal, 1)
    answer_all(deal, s1="chi YP GP WP")
    assert deal.exposed[1][0].points == 4


def test_a_single_general_is_only_the_drawers_own_meld() -> None:
    deal = table(3, hands={1: "YR"}, stock="RK")
    play(deal, "0:draw")
    assert "meld" in legal(deal, 0)
    assert not {a for a in legal(deal, 1) if a.startswith("chi")}
    answer_all(deal, s0="meld")
    assert deal.exposed[0][0].points == 1


def test_pairs_are_never_claimed() -> None:
    deal = table(3, hands={1: "WC"}, stock="WC")
    play(deal, "0:draw")
    assert legal(deal, 1) == {"pass"}
    with pytest.raises(IllegalAction):
        deal.apply(0, parse_action("meld WC"))


def test_kong_exposes_four_identical_worth_six() -> None:
    deal = table(3, hands={2: "WE WE WE"}, stock="WE")
    play(deal, "0:draw")
    assert {"kong", "pong"} <= legal(deal, 2)
    answer_all(deal, s2="kong")
    assert deal.exposed[2][0].cards == ("WE",) * 4 and deal.exposed[2][0].points == 6


def test_the_drawer_may_pong_its_own_drawn_card() -> None:
    deal = table(2, hands={0: "WE WE"}, stock="WE")
    play(deal, "0:draw")
    assert "pong" in legal(deal, 0)


def test_a_claim_needs_the_named_cards_in_hand() -> None:
    deal = table(3, hands={1: "GR"}, stock="GH")
    play(deal, "0:draw")
    with pytest.raises(IllegalAction, match="does not hold"):
        deal.apply(1, parse_action("chi GR GC"))
    with pytest.raises(IllegalAction, match="does not hold"):
        deal.apply(2, parse_action("pong"))


# -- the window asks every seat ------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_drawn_card_asks_every_seat_and_a_discard_every_seat_but_the_discarder(seats: int) -> None:
    deal = table(seats, hands={0: "RP"}, stock="YK")
    play(deal, "0:draw")
    assert deal.to_move() == set(range(seats))
    for seat in range(seats):
        assert deal.view(seat)["window"] == {"seats": list(range(seats)), "answered": False}
    answer_all(deal, s0="meld")
    play(deal, "0:discard RP")
    assert deal.to_move() == set(range(1, seats))


def test_the_window_waits_for_every_answer_and_hides_them() -> None:
    deal = table(3, hands={2: "WE WE"}, stock="WE")
    play(deal, "0:draw", "2:pong")
    assert deal.to_move() == {0, 1}
    assert deal.view(2)["window"]["answered"] is True  # type: ignore[index]
    assert deal.view(1)["window"]["answered"] is False  # type: ignore[index]
    assert "pong" not in str(deal.view(1)) and "pong" not in str(deal.view(None))
    play(deal, "1:pass", "0:pass")
    assert deal.last_claim == {"seat": 2, "claim": "pong", "from": 0}


def test_a_seat_answers_a_window_only_once() -> None:
    deal = table(3, stock="WE")
    play(deal, "0:draw", "1:pass")
    with pytest.raises(Exception, match="not to move"):
        play(deal, "1:pass")


def test_a_timeout_is_a_pass_in_a_window() -> None:
    deal = table(3, stock="WE")
    play(deal, "0:draw")
    assert all(deal.timeout_action(s) == Pass() for s in range(3))


def test_exposed_melds_are_never_added_to() -> None:
    # sisepai.md §5: melds are made from the hand only; an exposed three cannot become four.
    deal = table(3, hands={2: "WE WE"}, stock="WE WE")
    play(deal, "0:draw")
    answer_all(deal, s2="pong")
    play(deal, f"2:discard {min(deal.hands[2])}")
    answer_all(deal)
    play(deal, "0:draw")
    assert deal.shown is not None and deal.shown.card == "WE"
    assert legal(deal, 2) == {"pass"}


def test_concealed_groups_in_the_hand_may_be_broken_to_claim() -> None:
    # The red advisor of a concealed three may go into a general-advisor-elephant.
    deal = table(3, hands={1: "RA RA RA RE"}, stock="RK")
    play(deal, "0:draw")
    assert "chi RA RE" in legal(deal, 1)


def test_a_general_from_another_seat_wins_with_hu() -> None:
    # Waits for a general as a single: only a win may take another seat's general alone.
    hand = "RA RA RA YH YH YH YP GP WP RK GC GC WR WR RE RE GR GR WH WH"
    deal = table(3, hands={1: hand}, stock="YK")
    play(deal, "0:draw")
    assert "hu" in legal(deal, 1)
    answer_all(deal, s1="hu")
    assert deal.result()["points"] == 9  # type: ignore[index]
