"""San Da Ha deals entered by hand: the bid against the defenders' points (sandaha.md §Payments)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.entered import entered_result, limits
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.registry import get_game

RULES = get_game("sandaha").rules_from_json({})


def enter(declarer: int, bid: int | None, points: int, seats: int = 4) -> dict[str, Any]:
    return entered_result("sandaha", RULES, seats, None, Figures(declarer, points, bid=bid))


@pytest.mark.parametrize(
    ("points", "declarer_wins", "unit"),
    [
        (0, True, 15),
        (5, True, 10),
        (30, True, 10),
        (35, True, 5),
        (55, True, 5),
        (60, False, 5),
        (95, False, 5),
        (100, False, 10),
        (125, False, 10),
        (130, False, 15),
    ],
)
def test_a_bid_of_60_made_or_failed(points: int, declarer_wins: bool, unit: int) -> None:
    """Under the bid the declarer wins (10 by bid - 30, 15 at 0); from it, it pays (10 at +40, 15 at +70)."""
    result = enter(1, 60, points)
    sign = 1 if declarer_wins else -1
    assert result["declarer_wins"] is declarer_wins
    assert result["scores"] == [-sign * unit, 3 * sign * unit, -sign * unit, -sign * unit]
    assert result["deal_winners"] == ([1] if declarer_wins else [0, 2, 3])


@pytest.mark.parametrize(
    ("bid", "points", "declarer_wins"), [(5, 0, True), (5, 5, False), (80, 75, True), (80, 80, False)]
)
def test_the_lowest_and_highest_bids(bid: int, points: int, declarer_wins: bool) -> None:
    """Both ends of the bidding: 5 is made only by a clean sweep, 80 fails at 80."""
    assert enter(0, bid, points)["declarer_wins"] is declarer_wins


def test_any_seat_may_be_the_declarer() -> None:
    """Whoever bid lowest declares; the situation fixes no seat."""
    assert [enter(seat, 40, 0)["declarer"] for seat in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("declarer", "bid", "points", "seats", "reason"),
    [
        (0, None, 0, 4, "bid"),
        (0, 0, 0, 4, "bid"),
        (0, 85, 0, 4, "bid"),
        (0, 62, 0, 4, "bid"),
        (4, 60, 0, 4, "no_such_seat"),
        (0, 60, 12, 4, "points_fives"),
        (0, 60, -5, 4, "points_fives"),
        (0, 60, 0, 5, "seats"),
    ],
)
def test_it_refuses_figures_no_deal_can_have(
    declarer: int, bid: int | None, points: int, seats: int, reason: str
) -> None:
    """A bid outside 80..5 by fives, a seat not at the table, points not in fives, a table of five."""
    with pytest.raises(BadResult) as caught:
        enter(declarer, bid, points, seats)
    assert caught.value.reason == reason


def test_the_defenders_top_points() -> None:
    """200 card points plus a kitty of 80 multiplied by 2^20 (a last lead of 20 cards at most)."""
    top = limits("sandaha", RULES, 4)["top"]
    assert top == 200 + 80 * (2**20 - 1)
    assert enter(0, 60, top)["declarer_wins"] is False
    with pytest.raises(BadResult):
        enter(0, 60, top + 5)


def test_the_entered_result_is_marked() -> None:
    """The league tells an entered deal from a played one."""
    assert enter(0, 60, 0)["entered"] is True
