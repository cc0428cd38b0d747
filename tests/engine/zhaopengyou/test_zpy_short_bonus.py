"""The short-handed declarer's bonus (option ``short_bonus``, zhaopengyou.md §Scoring a deal): per
missing member (the default), one level however many are missing, or none; played and entered."""

from __future__ import annotations

import pytest
from zpy_table import in_play, trick

from engine.games.zhaopengyou.entered import entered_result
from engine.games.zhaopengyou.rules import ShortBonus, ZhaoRules
from engine.games.zhaopengyou.scoring import game_points

PER_MEMBER, ONE_LEVEL, NONE = ShortBonus.PER_MISSING_MEMBER, ShortBonus.ONE_LEVEL, ShortBonus.NONE


@pytest.mark.parametrize(
    ("bonus", "short", "points", "expected"),
    [(PER_MEMBER, 0, 0, 2), (PER_MEMBER, 1, 0, 4), (PER_MEMBER, 2, 0, 6), (PER_MEMBER, 2, 75, 3)]
    + [(ONE_LEVEL, 0, 0, 2), (ONE_LEVEL, 1, 0, 3), (ONE_LEVEL, 2, 0, 3), (ONE_LEVEL, 0, 5, 1)]
    + [(ONE_LEVEL, 1, 5, 2), (ONE_LEVEL, 2, 75, 2)]
    + [(NONE, 0, 0, 2), (NONE, 2, 0, 2), (NONE, 1, 75, 1)],
)
def test_a_winning_short_team_earns_the_bonus_the_club_plays(
    bonus: ShortBonus, short: int, points: int, expected: int
) -> None:
    """Two packs: per missing member 2 (at 0 points) or 1 each; one level: 1 more when any is
    missing, none for a full team; none: a short team scores as a full one."""
    assert game_points(points, 2, short, bonus) == (True, expected)


@pytest.mark.parametrize("bonus", list(ShortBonus))
@pytest.mark.parametrize(("points", "expected"), [(80, 1), (160, 2), (200, 3)])
def test_the_defenders_game_points_never_carry_the_bonus(
    bonus: ShortBonus, points: int, expected: int
) -> None:
    """A short declarer's team that loses gives the defenders the table's points, whatever the option."""
    assert game_points(points, 2, 2, bonus) == (False, expected)


@pytest.mark.parametrize(("bonus", "expected"), [(PER_MEMBER, 6), (ONE_LEVEL, 3), (NONE, 2)])
def test_a_played_deal_with_the_declarer_its_own_friend(bonus: ShortBonus, expected: int) -> None:
    """The declarer plays the called 1st AS itself and the 1st AC is never played: alone against
    five, it wins at 0 points, scoring the option's bonus for two missing members."""
    hands = {0: "AS 3S", 1: "AS 4S", 2: "KS 6S", 3: "7S 8S", 4: "9S JS", 5: "QS 4S"}
    state = in_play(6, hands, "H", "2", calls=("1st AS", "1st AC"), short_bonus=bonus.value)
    trick(state, "0:AS 1:AS 2:KS 3:7S 4:9S 5:QS")
    trick(state, "0:3S 1:4S 2:6S 3:8S 4:JS 5:4S")
    result = state.result()
    assert result is not None
    assert (result["team"], result["short"], result["defender_points"]) == ([0], 2, 0)
    assert (result["declarer_wins"], result["game_points"]) == (True, expected)


@pytest.mark.parametrize(("bonus", "expected"), [(PER_MEMBER, 4), (ONE_LEVEL, 3), (NONE, 2)])
def test_a_deal_entered_by_hand_scores_the_same_bonus(bonus: ShortBonus, expected: int) -> None:
    """Six players, one friend of two, the defenders at 0: the option's game points."""
    result = entered_result(ZhaoRules(short_bonus=bonus), 6, None, 0, (3,), 0)
    assert (result["short"], result["game_points"]) == (1, expected)


def test_the_default_stays_out_of_the_rules_json() -> None:
    """Old records keep their rules byte for byte; another value is written by its name."""
    assert "short_bonus" not in ZhaoRules().to_json()
    assert ZhaoRules(short_bonus=ONE_LEVEL).to_json()["short_bonus"] == "one_level"
