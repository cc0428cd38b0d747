"""The defenders' top points entered by hand under the throw penalty (``throw_penalty``): each failed throw of
the declarer's side gives the defenders 10 points more than the cards, one per trick but the last."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.entered import entered_result, limits
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.registry import get_game

PENALTY = {"real_hand_throws": True, "throw_penalty": True}
REAL_HANDS = {"real_hand_throws": True}  # failed throws, no penalty

# A table of six after a deal: seats 0, 3 and 4 won it and may declare.
ZHAO_SITUATION = {"deal": 2, "ranks": ["3"] * 6, "last_winners": [0, 3, 4], "provisional_dealer": 0}


def enter(name: str, points: int, rules: dict[str, Any]) -> dict[str, Any]:
    """A deal of ``name`` declared by seat 0 (Zhao Pengyou: with seats 3 and 4 as friends)."""
    game = get_game(name)
    if name == "zhaopengyou":
        figures = Figures(0, points, friends=(3, 4))
        return entered_result(name, game.rules_from_json(rules), 6, ZHAO_SITUATION, figures)
    return entered_result(name, game.rules_from_json(rules), 4, None, Figures(0, points, bid=80))


def top(name: str, rules: dict[str, Any]) -> int:
    return limits(name, get_game(name).rules_from_json(rules), 6 if name == "zhaopengyou" else 4)["top"]


@pytest.mark.parametrize(
    ("name", "rules", "most"),
    [
        ("shengji", {}, 160),
        ("shengji", REAL_HANDS, 160),
        ("shengji", PENALTY, 160 + 10 * 11),  # 12 cards each: 11 tricks before the last
        ("zhaopengyou", {}, 260),
        ("zhaopengyou", PENALTY, 260 + 10 * 16),  # six players hold 17 cards each
    ],
)
def test_the_top_counts_a_failed_throw_per_trick_but_the_last_only_with_the_penalty(
    name: str, rules: dict[str, Any], most: int
) -> None:
    """The top is accepted, 5 more is refused with the top named; without the penalty it is unchanged."""
    assert top(name, rules) == most
    assert enter(name, most, rules)["defender_points"] == most
    with pytest.raises(BadResult) as caught:
        enter(name, most + 5, rules)
    assert caught.value.reason == "points"


@pytest.mark.parametrize("name", ["shengji", "zhaopengyou"])
@pytest.mark.parametrize(("rules", "accepted"), [({}, False), (REAL_HANDS, False), (PENALTY, True)])
def test_the_cards_top_and_one_failed_throw_needs_the_penalty(
    name: str, rules: dict[str, Any], accepted: bool
) -> None:
    """Every card point and the kitty, plus 10 for one failed throw of the declarer's side."""
    points = top(name, {}) + 10
    if accepted:
        assert enter(name, points, rules)["defender_points"] == points
    else:
        with pytest.raises(BadResult):
            enter(name, points, rules)


@pytest.mark.parametrize(("name", "hand"), [("tractor", 25), ("sandaha", 21)])
def test_two_deck_tops_rise_by_10_per_trick_but_the_last(name: str, hand: int) -> None:
    """Tractor holds 25 cards a hand, San Da Ha 21; the penalty adds 10 for each trick but the last."""
    assert top(name, PENALTY) - top(name, {}) == 10 * (hand - 1)
    assert enter(name, top(name, PENALTY), PENALTY)["defender_points"] == top(name, PENALTY)
    with pytest.raises(BadResult):
        enter(name, top(name, PENALTY) + 5, PENALTY)
