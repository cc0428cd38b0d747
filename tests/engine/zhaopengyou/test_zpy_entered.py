"""A deal entered by hand (§Scoring a deal from the table's figures): sides, points, rises, errors."""

from __future__ import annotations

import pytest

from engine.core.errors import BadResult
from engine.games.zhaopengyou.entered import entered_result, most_defender_points
from engine.games.zhaopengyou.rules import ZhaoRules

RULES = ZhaoRules()


def six(situation: dict | None = None, declarer: int = 0, friends: tuple[int, ...] = (3, 4), points: int = 0):
    return entered_result(RULES, 6, situation, declarer, friends, points)


@pytest.mark.parametrize(("points", "wins", "game_points"), [(0, True, 2), (75, True, 1), (80, False, 1)])
def test_the_defenders_points_decide_against_40_per_pack(points: int, wins: bool, game_points: int) -> None:
    """Six players, two packs: 80 is the defenders' threshold (both sides of it)."""
    result = six(points=points)
    assert (result["declarer_wins"], result["game_points"]) == (wins, game_points)


def test_the_declarer_and_friends_rise_on_a_win() -> None:
    """First deal (everyone active), defenders at 0: seat 0 and friends 3 and 4 rise two ranks."""
    result = six(points=0)
    assert result["deal_winners"] == [0, 3, 4]
    assert result["ranks_after"] == ["4", "2", "2", "4", "4", "2"]
    assert result["next_dealer"] == 0


def test_a_short_team_earns_the_bonus() -> None:
    """One friend of two: the declarer's side at 0 points gets 2 + 2 game points."""
    result = six(friends=(3,), points=0)
    assert (result["short"], result["game_points"]) == (1, 4)


def test_passive_winners_rise_one_less() -> None:
    """Seat 5 lost the last deal: winning as a defender now it rises one rank less (§Rank rises)."""
    situation = {"ranks": ["2"] * 6, "last_winners": [0, 1, 2, 3, 4], "provisional_dealer": 0}
    result = six(situation, points=160)
    assert result["deal_winners"] == [1, 2, 5]
    assert result["scores"] == [0, 2, 2, 0, 0, 1]


def test_the_next_dealer_is_the_first_winner_after_a_losing_declarer() -> None:
    """The declarer at seat 0 loses: seat 1, the next defender in play order, deals."""
    assert six(points=80)["next_dealer"] == 1


def test_the_entered_result_is_marked() -> None:
    """The league can tell a deal entered by hand from a played one."""
    assert six()["entered"] is True


@pytest.mark.parametrize(
    ("declarer", "friends", "points", "reason"),
    [
        (6, (3,), 0, "no_such_seat"),
        (0, (7,), 0, "no_such_seat"),
        (0, (0,), 0, "friends"),
        (0, (3, 3), 0, "friends"),
        (0, (1, 2, 3), 0, "too_many_friends"),
        (0, (3,), 12, "points"),
        (0, (3,), -5, "points"),
    ],
)
def test_it_refuses_figures_no_deal_can_have(
    declarer: int, friends: tuple[int, ...], points: int, reason: str
) -> None:
    """Seats out of range, the declarer as its own friend, too many friends, points not in fives."""
    with pytest.raises(BadResult) as caught:
        six(declarer=declarer, friends=friends, points=points)
    assert caught.value.reason == reason


def test_only_last_deals_winners_may_declare() -> None:
    """Seat 5 lost the last deal, so it cannot have declared this one."""
    situation = {"ranks": ["2"] * 6, "last_winners": [0, 1, 2, 3, 4], "provisional_dealer": 0}
    with pytest.raises(BadResult) as caught:
        six(situation, declarer=5)
    assert caught.value.reason == "not_a_winner"


@pytest.mark.parametrize(("points", "ok"), [(260, True), (265, False)])
def test_the_defenders_can_take_every_point_and_the_doubled_kitty(points: int, ok: bool) -> None:
    """Two packs hold 200 points; a kitty of 60 counted twice adds 60: 260 at most."""
    assert most_defender_points(RULES, 6) == 260
    if ok:
        assert six(points=points)["game_points"] == 3
    else:
        with pytest.raises(BadResult):
            six(points=points)
