"""``python -m engine bench`` runs with and without RLCard and prints every figure it promises.

Only the shape of the output is tested: the figures themselves are timings (docs/engine.md).
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from engine.tools.bench import GameRow, tables
from engine.tools.cli import main


def run_bench() -> list[dict[str, Any]]:
    """The bench's lines at one deal per game."""
    out = io.StringIO()
    assert main(["bench", "--deals", "1", "--seed", "3"], out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture(scope="module")
def without_rlcard() -> list[dict[str, Any]]:
    """The bench's lines with ``import rlcard`` failing, as where it is not installed."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "rlcard", None)  # import rlcard now raises ImportError
        return run_bench()


def test_without_rlcard_the_baseline_row_says_so_and_no_ratio_is_given(
    without_rlcard: list[dict[str, Any]],
) -> None:
    """RLCard missing: one line says it is skipped, every game's figures are there without a ratio."""
    lines = without_rlcard
    assert {"game": "rlcard doudizhu (engine)", "skipped": "rlcard is not installed"} in lines
    rates = [line for line in lines if "decisions_per_s" in line]
    assert [(line["game"], line["players"]) for line in rates] == tables()
    assert all(line["decisions"] > 0 and line["actions"] >= line["decisions"] for line in rates)
    assert not any("ratio_to_rlcard" in line for line in lines)


def test_every_table_gets_its_copy_and_frame_costs_and_the_load_is_printed_twice(
    without_rlcard: list[dict[str, Any]],
) -> None:
    """Each game and table size has a copy and a frame cost; the load average opens and closes."""
    lines = without_rlcard
    costs = [line for line in lines if "frame_us" in line]
    assert [(line["game"], line["players"]) for line in costs] == tables()
    assert all(line["copy_us"] is not None and line["positions"] > 0 for line in costs)
    assert [line["at"] for line in lines if "load_average" in line] == ["start", "end"]
    assert lines[0]["at"] == "start" and lines[-1]["at"] == "end"


def test_zhao_pengyou_is_measured_at_six_nine_and_twelve() -> None:
    """The bench's tables: every game at its default size, Zhao Pengyou also at 9 and 12."""
    assert [seats for name, seats in tables() if name == "zhaopengyou"] == [6, 9, 12]


def test_with_rlcard_each_game_gets_its_ratio_to_the_raw_engine() -> None:
    """RLCard installed: its raw engine row comes first, and each game's ratio is its rate over it."""
    pytest.importorskip("rlcard")
    lines = run_bench()
    baseline = lines[1]
    assert baseline["game"] == "rlcard doudizhu (engine)" and baseline["decisions"] > 0
    for line in lines:
        if "ratio_to_rlcard" in line:
            assert line["ratio_to_rlcard"] == round(line["decisions_per_s"] / baseline["decisions_per_s"], 2)
    assert sum("ratio_to_rlcard" in line for line in lines) == len(tables())
    assert all(low <= median <= high for low, median, high in (line["ratio_by_turn"] for line in lines[2:9]))


def test_playing_a_rows_deals_in_turns_plays_the_same_deals() -> None:
    """The rows take turns (a fortieth of the deals each time): split or not, a row plays the same
    deals, and it keeps one rate per turn."""
    whole, split = GameRow("tractor", 5), GameRow("tractor", 5)
    whole.run(4)
    split.run(1)
    split.run(3)
    assert (split.deals, split.decisions, split.actions) == (whole.deals, whole.decisions, whole.actions)
    assert len(split.rates) == 2 and len(whole.rates) == 1
