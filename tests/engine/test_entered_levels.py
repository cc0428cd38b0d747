"""Shengji and Tractor deals entered by hand: the rules' level tables from the table's figures."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.entered import entered_result, limits
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.registry import get_game

LATER = {"deal": 2, "dealer": 1, "levels": ["5", "9"], "winners": None}


def enter(
    name: str, figures: Figures, situation: dict[str, Any] | None = None, **rules: Any
) -> dict[str, Any]:
    return entered_result(name, get_game(name).rules_from_json(rules), 4, situation, figures)


def at_level(level: str, dealer: int = 0) -> dict[str, Any]:
    """A later deal with the dealer's side (seats 0 and 2 when ``dealer`` is 0) at ``level``."""
    levels = ["4", "4"]
    levels[dealer % 2] = level
    return {"deal": 3, "dealer": dealer, "levels": levels, "winners": None}


@pytest.mark.parametrize(
    ("points", "dealer_wins", "levels_after", "next_dealer"),
    [
        (0, True, ["4", "2"], 2),
        (5, True, ["3", "2"], 2),
        (35, True, ["3", "2"], 2),
        (40, False, ["2", "2"], 1),
        (75, False, ["2", "2"], 1),
        (80, False, ["2", "3"], 1),
        (95, False, ["2", "3"], 1),
        (100, False, ["2", "4"], 1),
        (160, False, ["2", "4"], 1),
    ],
)
def test_shengji_defenders_points_against_40_80_100(
    points: int, dealer_wins: bool, levels_after: list[str], next_dealer: int
) -> None:
    """Under 40 the dealer's side rises (2 at 0); 40-75 the deal passes; 80 the defenders +1, 100 +2."""
    result = enter("shengji", Figures(0, points))
    assert result["levels_after"] == levels_after and result["next_dealer"] == next_dealer
    assert result["deal_winners"] == ([0, 2] if dealer_wins else [1, 3])


@pytest.mark.parametrize(
    ("points", "levels_after", "next_dealer"),
    [
        (0, ["5", "2"], 2),
        (5, ["4", "2"], 2),
        (35, ["4", "2"], 2),
        (40, ["3", "2"], 2),
        (75, ["3", "2"], 2),
        (80, ["2", "2"], 1),
        (115, ["2", "2"], 1),
        (120, ["2", "3"], 1),
        (155, ["2", "3"], 1),
        (160, ["2", "4"], 1),
    ],
)
def test_tractor_table_by_forty_points(points: int, levels_after: list[str], next_dealer: int) -> None:
    """Tractor: 0 +3, under 40 +2, under 80 +1; from 80 the defenders take the deal, +1 per 40 over 80."""
    result = enter("tractor", Figures(0, points))
    assert (result["levels_after"], result["next_dealer"]) == (levels_after, next_dealer)


@pytest.mark.parametrize("name", ["shengji", "tractor"])
def test_the_first_deals_declarer_deals(name: str) -> None:
    """First deal: the entered seat declared, so deals (§Drawing and declaring); its partner next on a win."""
    result = enter(name, Figures(3, 0))
    assert (result["dealer"], result["next_dealer"], result["scores"][3]) == (3, 1, result["scores"][1])


@pytest.mark.parametrize("name", ["shengji", "tractor"])
def test_a_later_deal_keeps_the_situations_dealer(name: str) -> None:
    """Later deals: the dealer the last deal named deals, from its side's level, whatever seat is entered."""
    result = enter(name, Figures(0, 0), LATER)
    assert (result["dealer"], result["levels_before"]) == (1, ["5", "9"])
    assert result["scores"] == ([0, 2, 0, 2] if name == "shengji" else [0, 3, 0, 3])


@pytest.mark.parametrize(("points", "winners"), [(35, [0, 2]), (40, None)])
def test_a_side_at_ace_wins_the_match_only_by_winning_as_dealer(
    points: int, winners: list[int] | None
) -> None:
    """§End of the game: at A, the dealer's side wins the match by keeping the deal, not otherwise."""
    assert enter("shengji", Figures(0, points), at_level("A"))["winners"] == winners


@pytest.mark.parametrize(("on", "next_dealer"), [(True, 1), (False, 2)])
def test_shengji_last_trick_passes_the_deal(on: bool, next_dealer: int) -> None:
    """Variant 3: the defenders' last trick passes the deal even with 10 points."""
    result = enter("shengji", Figures(0, 10, defenders_last=True), last_trick_passes=on)
    assert (result["next_dealer"], result["defenders_last"]) == (next_dealer, True)


def test_shengji_last_trick_by_the_dealers_side_does_not_pass() -> None:
    """Variant 3 needs the defenders to take the last trick."""
    assert enter("shengji", Figures(0, 10), last_trick_passes=True)["next_dealer"] == 2


@pytest.mark.parametrize(
    ("hook", "two_always_trump", "dealer_level"),
    [
        ("trump", False, "2"),
        ("side", False, "7"),
        ("trump", True, "3"),
        ("side", True, "7"),
        (None, False, "Q"),
    ],
)
def test_shengji_j_hook(hook: str | None, two_always_trump: bool, dealer_level: str) -> None:
    """Variant 4 (鉤到底): at J, the trump J sends the dealer's side to the start, another J to 7."""
    figures = Figures(0, 10, defenders_last=hook is not None, hook=hook)
    result = enter("shengji", figures, at_level("J"), j_hook=True, two_always_trump=two_always_trump)
    assert result["levels_after"][0] == dealer_level
    assert result.get("j_hook") == hook


@pytest.mark.parametrize(
    ("rules", "situation", "figures"),
    [
        ({"j_hook": False}, at_level("J"), Figures(0, 10, defenders_last=True, hook="trump")),
        ({"j_hook": True}, at_level("Q"), Figures(0, 10, defenders_last=True, hook="trump")),
        ({"j_hook": True}, at_level("J"), Figures(0, 10, defenders_last=False, hook="trump")),
        ({"j_hook": True}, at_level("J"), Figures(0, 10, defenders_last=True, hook="JS")),
    ],
)
def test_shengji_refuses_a_j_hook_that_cannot_happen(
    rules: dict[str, Any], situation: dict[str, Any], figures: Figures
) -> None:
    """Without the rule, away from J, or with the dealer's side taking the last trick: no J-hook."""
    with pytest.raises(BadResult) as caught:
        enter("shengji", figures, situation, **rules)
    assert caught.value.reason == "hook"


@pytest.mark.parametrize(
    ("name", "rules", "top"),
    [
        ("shengji", {}, 160),
        ("shengji", {"last_trick_passes": True}, 100),
        ("tractor", {}, 200 + 80 * (2**24 - 1)),
        ("tractor", {"kitty_per_card": True}, 200 + 80 * 47),
    ],
)
def test_the_defenders_top_points(name: str, rules: dict[str, Any], top: int) -> None:
    """Every card point plus the richest kitty multiplied as much as a last lead can: the top is accepted."""
    assert limits(name, get_game(name).rules_from_json(rules), 4)["top"] == top
    assert enter(name, Figures(0, top), **rules)["defender_points"] == top
    with pytest.raises(BadResult) as caught:
        enter(name, Figures(0, top + 5), **rules)
    assert caught.value.reason == "points"


@pytest.mark.parametrize("name", ["shengji", "tractor"])
@pytest.mark.parametrize(
    ("seats", "figures", "reason"),
    [
        (4, Figures(0, 12), "points_fives"),
        (4, Figures(0, -5), "points_fives"),
        (4, Figures(4, 0), "no_such_seat"),
        (4, Figures(-1, 0), "no_such_seat"),
        (5, Figures(0, 0), "seats"),
    ],
)
def test_it_refuses_figures_no_deal_can_have(name: str, seats: int, figures: Figures, reason: str) -> None:
    """Points not in fives or below 0, a seat not at the table, a table of the wrong size."""
    with pytest.raises(BadResult) as caught:
        entered_result(name, get_game(name).rules_from_json({}), seats, None, figures)
    assert caught.value.reason == reason


@pytest.mark.parametrize("name", ["shengji", "tractor"])
def test_the_entered_result_is_marked_and_has_no_cards(name: str) -> None:
    """The league tells an entered deal from a played one; nothing the cards alone decide is made up."""
    result = enter(name, Figures(0, 30))
    assert result["entered"] is True
    assert not {"trump", "kitty", "last_trick_winner", "card_points", "declared_by"} & set(result)
