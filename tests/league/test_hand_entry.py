"""Deals entered by hand: the figures each game reads, Zhao Pengyou's redeal, a rescored later deal."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.entered import entered_result, figures_of, figures_read
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.registry import get_game

ZHAO = get_game("zhaopengyou")

# A Zhao Pengyou table of six at its third deal: seats 0, 3 and 4 won deal 2, seat 2 deals.
SITUATION: dict[str, Any] = {
    "deal": 3,
    "ranks": ["4", "3", "3", "4", "4", "2"],
    "last_winners": [0, 3, 4],
    "provisional_dealer": 2,
    "winners": None,
}


def zhao(figures: Figures, situation: dict[str, Any] | None = SITUATION, **rules: Any) -> dict[str, Any]:
    return entered_result(
        "zhaopengyou", get_game("zhaopengyou").rules_from_json(rules), 6, situation, figures
    )


@pytest.mark.parametrize(
    ("rules", "read"),
    [
        ({}, ()),
        ({"last_trick_passes": True}, ("defenders_last",)),
        ({"j_hook": True}, ("defenders_last", "hook")),
    ],
)
def test_one_deck_shengji_reads_the_last_trick_only_for_its_variants(rules: dict, read: tuple) -> None:
    """The last trick and the J that took it matter only under the last-trick rule or the J-hook."""
    parsed = get_game("shengji").rules_from_json(rules)
    assert figures_read("shengji", parsed) == ("declarer", "defender_points", *read)


def test_a_zhao_pengyou_redeal_counts_for_nothing() -> None:
    """Nobody declared: no score, and the same provisional dealer (seat 2) deals again."""
    result = zhao(Figures(0, redeal=True))
    assert (result["outcome"], result["scores"], result["by"], result["next_dealer"]) == (
        "redeal",
        [0] * 6,
        2,
        2,
    )


def test_after_a_redeal_everyone_may_declare_at_the_same_ranks() -> None:
    """zhaopengyou.md §Declaring trumps: after a redeal everyone counts as a winner; nobody's rank moved."""
    after = ZHAO.next_situation(ZHAO.rules_from_json({}), 6, SITUATION, zhao(Figures(0, redeal=True)))
    assert (after["deal"], after["ranks"], after["last_winners"], after["provisional_dealer"]) == (
        4,
        SITUATION["ranks"],
        None,
        2,
    )


@pytest.mark.parametrize(("first_dealer", "dealer"), [(-1, None), (4, 4)])
def test_a_first_deal_redeal_keeps_the_rules_dealer_or_leaves_the_draw_unknown(
    first_dealer: int, dealer: int | None
) -> None:
    """A dealer drawn for at the table is not entered; a dealer fixed by the rules is known."""
    result = zhao(Figures(0, redeal=True), None, first_dealer=first_dealer)
    assert (result["by"], result["next_dealer"]) == (dealer, dealer)


@pytest.mark.parametrize("figures", [Figures(0, redeal=True, friends=(3,)), Figures(0, 40, redeal=True)])
def test_a_redeal_with_friends_or_points_is_refused(figures: Figures) -> None:
    """Nobody declared, so nobody called a friend and nothing was counted."""
    with pytest.raises(BadResult) as caught:
        zhao(figures)
    assert caught.value.reason == "redeal_figures"


def test_a_redeal_of_a_level_game_is_refused() -> None:
    """Only Zhao Pengyou's redeal is entered by hand."""
    with pytest.raises(BadResult) as caught:
        entered_result("tractor", get_game("tractor").rules_from_json({}), 4, None, Figures(0, redeal=True))
    assert caught.value.reason == "no_redeal"


def test_an_entered_redeal_reads_back_as_a_redeal() -> None:
    """A corrected match scores an entered redeal again from its stored result."""
    result = zhao(Figures(0, redeal=True))
    assert zhao(figures_of(result)) == result


def test_a_declarer_who_did_not_win_the_deal_before_is_refused_when_entered() -> None:
    """Seat 1 lost deal 2, so it cannot declare deal 3."""
    with pytest.raises(BadResult) as caught:
        zhao(Figures(1, 0, friends=(2,)))
    assert caught.value.reason == "not_a_winner"


@pytest.mark.parametrize(("declarer", "rise"), [(0, 4), (1, 3)])
def test_a_rescored_deal_keeps_its_declarer_as_a_passive_winner(declarer: int, rise: int) -> None:
    """Scored again after a correction, seat 1's deal stands; taking every point with a team one
    short (4 game points), seat 1 rises one less than seat 0, who won the deal before."""
    figures = Figures(declarer, 0, friends=(2,))
    result = entered_result("zhaopengyou", ZHAO.rules_from_json({}), 6, SITUATION, figures, rescore=True)
    assert result["declarer"] == declarer and result["scores"][declarer] == rise
