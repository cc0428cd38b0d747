"""One-deck Shengji's results-table options, each on both sides of its threshold
(docs/rules/shengji.md §Scoring and §House rules)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.entered import entered_result
from engine.core.errors import BadSetup
from engine.core.figures import Figures
from engine.core.registry import get_game
from engine.games.shengji import ShengjiRules, shengji_outcome

GAME = get_game("shengji")


def outcome(points: int, **options: Any) -> tuple[bool, int, int]:
    """(dealer's side wins, its rise, the defenders' rise) under ``options``."""
    rules = ShengjiRules(**options)
    return shengji_outcome(points, False, rules.level_step, rules.zero_rise, rules.dead_zone)


@pytest.mark.parametrize(
    ("dead_zone", "points", "expected"),
    [(0, 35, (True, 1, 0)), (0, 40, (False, 0, 1)), (0, 55, (False, 0, 1)), (0, 60, (False, 0, 2))]
    + [(2, 75, (False, 0, 0)), (2, 80, (False, 0, 1))]
    + [(3, 95, (False, 0, 0)), (3, 100, (False, 0, 1)), (3, 115, (False, 0, 1)), (3, 120, (False, 0, 2))],
)
def test_the_dead_zone_is_the_steps_from_40_in_which_nobody_rises(
    dead_zone: int, points: int, expected: tuple[bool, int, int]
) -> None:
    """``dead_zone`` 0: from 40 the defenders rise at once; 2 (the default): 40-75 nobody rises;
    3: 40-95, then +1 from 100 and +2 from 120."""
    assert outcome(points, dead_zone=dead_zone) == expected


@pytest.mark.parametrize(("points", "rise"), [(75, 0), (80, 1), (85, 1), (90, 2), (200, 2)])
def test_level_step_is_the_points_per_defenders_level(points: int, rise: int) -> None:
    """``level_step`` 10 with ``dead_zone`` 4: nobody rises for 40-79, then the defenders rise one
    level per 10 points, never more than the table's 2."""
    assert outcome(points, level_step=10, dead_zone=4) == (False, 0, rise)


@pytest.mark.parametrize(("points", "rise"), [(0, 3), (5, 1)])
def test_zero_rise_is_what_a_defence_without_a_point_gives(points: int, rise: int) -> None:
    """``zero_rise`` 3: 0 points give the dealer's side 3 levels; 5 points still the table's 1."""
    assert outcome(points, zero_rise=3) == (True, rise, 0)


@pytest.mark.parametrize(
    "options",
    [{"level_step": 0}, {"level_step": 42}, {"level_step": 45}, {"zero_rise": 0}]
    + [{"dead_zone": -1}, {"dead_zone": 13}],
)
def test_a_results_table_that_means_nothing_is_refused(options: dict[str, int]) -> None:
    """The step is a multiple of 5 from 5 to 40, a defence without a point gives at least 1, the
    dead zone is 0 to 12 steps."""
    with pytest.raises(BadSetup):
        GAME.rules_from_json(options)


def test_the_table_options_stay_out_of_the_rules_json_at_their_defaults() -> None:
    """Old records keep their rules byte for byte."""
    assert ShengjiRules().to_json() == GAME.rules_from_json({}).to_json()
    assert not {"level_step", "zero_rise", "dead_zone"} & set(ShengjiRules().to_json())


@pytest.mark.parametrize(("dead_zone", "levels_after"), [(0, ["2", "3"]), (2, ["2", "2"])])
def test_a_deal_entered_by_hand_reads_the_dead_zone(dead_zone: int, levels_after: list[str]) -> None:
    """Defenders' 50 points entered by hand: they rise 1 without a dead zone, nobody rises with the
    default's 40-75."""
    rules = GAME.rules_from_json({"dead_zone": dead_zone})
    result = entered_result("shengji", rules, 4, None, Figures(0, 50))
    assert result["levels_after"] == levels_after
