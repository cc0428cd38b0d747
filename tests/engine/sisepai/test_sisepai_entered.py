"""A deal entered by hand (sisepai.md §6-§7): the winner's hand paid by each other player, or void."""

from __future__ import annotations

import pytest

from engine.core.errors import BadResult
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.scoring import entered_result, payments

RULES = SiSePaiRules()


def test_each_other_player_pays_the_winner() -> None:
    """Three players, seat 1 wins with 11 points: seats 0 and 2 pay 11 each."""
    result = entered_result(RULES, 3, None, winner=1, points=11, dealer=0)
    assert result["payments"] == result["scores"] == [-11, 22, -11]
    assert result["deal_winners"] == [1]


def test_payments_sum_to_zero() -> None:
    """Four players: whatever the hand, nobody gains what nobody lost."""
    assert sum(payments(3, 41, 4)) == 0


def test_a_void_deal_pays_nothing() -> None:
    """The stock ran out: no winner, no payments, the same dealer deals again."""
    result = entered_result(RULES, 4, {"dealer": 2, "deals": 1, "scores": [0] * 4}, None, None, dealer=0)
    assert (result["outcome"], result["payments"], result["dealer"]) == ("void", [0, 0, 0, 0], 2)


def test_the_dealer_comes_from_the_situation_once_known() -> None:
    """After the first deal the last winner deals, whatever is typed."""
    result = entered_result(RULES, 3, {"dealer": 2}, winner=0, points=9, dealer=0)
    assert result["dealer"] == 2


@pytest.mark.parametrize(("points", "ok"), [(7, False), (9, True), (10, False), (41, True), (43, False)])
def test_a_winning_hand_scores_an_odd_number_from_9_to_41(points: int, ok: bool) -> None:
    """sisepai.md §6: at least 9 points, at most 41, always odd."""
    if ok:
        assert entered_result(RULES, 2, None, 0, points, 0)["points"] == points
    else:
        with pytest.raises(BadResult) as caught:
            entered_result(RULES, 2, None, 0, points, 0)
        assert caught.value.reason == "hand_points"


def test_the_minimum_follows_the_house_rule() -> None:
    """With an 11-point minimum a 9-point hand cannot have won."""
    with pytest.raises(BadResult):
        entered_result(SiSePaiRules(min_points=11), 3, None, 0, 9, 0)


@pytest.mark.parametrize(
    ("winner", "points", "dealer", "reason"),
    [
        (3, 9, 0, "no_such_seat"),
        (0, 9, 5, "no_such_seat"),
        (None, 9, 0, "void_points"),
        (0, None, 0, "hand_points"),
    ],
)
def test_it_refuses_figures_no_deal_can_have(
    winner: int | None, points: int | None, dealer: int, reason: str
) -> None:
    """A seat that is not at the table, points on a void deal, a win without its points."""
    with pytest.raises(BadResult) as caught:
        entered_result(RULES, 3, None, winner, points, dealer)
    assert caught.value.reason == reason
