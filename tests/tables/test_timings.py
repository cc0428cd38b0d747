"""The live path's phase timings (tables/timings.py): off by default, summed per level when on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tables import timings

pytestmark = pytest.mark.backend_free


@pytest.fixture
def enabled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(timings, "ENABLED", True)
    monkeypatch.setattr(timings, "FOLDER", str(tmp_path))
    monkeypatch.setattr(timings, "_counters", {})
    return tmp_path


def test_off_by_default_records_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timings, "_counters", {})
    with timings.measure("engine"):
        pass
    timings.record("database", 0.5)
    assert timings._counters == {}


def test_a_level_is_the_difference_of_two_snapshots(enabled: Path) -> None:
    timings.record("database", 0.004)  # before the level
    timings.flush()
    before = timings.snapshot(enabled)
    for _ in range(99):
        timings.record("database", 0.0015)
    timings.record("database", 0.3)
    timings.flush()
    level = timings.summary(before, timings.snapshot(enabled))
    assert level == {"database": {"calls": 100, "mean_ms": 4.49, "p50_ms": 2, "p99_ms": 2}}


def test_the_tail_beyond_the_last_edge_is_marked(enabled: Path) -> None:
    timings.record("fanout", 2.0)
    timings.flush()
    assert timings.summary({}, timings.snapshot(enabled))["fanout"]["p99_ms"] == ">1000"


def test_every_process_file_is_summed(enabled: Path) -> None:
    row = [2.0, 0.002] + [0.0] * (len(timings.EDGES_MS) + 1)
    row[2 + 4] = 2.0  # two calls in the 1-2 ms bucket
    for pid in (101, 102):
        (enabled / f"{pid}.json").write_text(json.dumps({"render": row}))
    (enabled / "broken.json").write_text("{")  # a file being replaced is skipped
    assert timings.summary({}, timings.snapshot(enabled))["render"]["calls"] == 4


def test_each_process_keeps_its_own_counters(enabled: Path) -> None:
    """A node's loop lag is read from its own file (bench/live.py prints it per node)."""
    row = [1.0, 0.03] + [0.0] * (len(timings.EDGES_MS) + 1)
    row[2 + timings.EDGES_MS.index(50)] = 1.0  # one wake-up 20-50 ms late
    (enabled / "101.json").write_text(json.dumps({"loop_lag": row}))
    (enabled / "102.json").write_text(json.dumps({}))
    each = timings.by_process(enabled)
    lag = {"calls": 1, "mean_ms": 30.0, "p50_ms": 50, "p99_ms": 50}
    assert timings.summary({}, each[101])["loop_lag"] == lag
    assert timings.summary({}, each[102]) == {}
