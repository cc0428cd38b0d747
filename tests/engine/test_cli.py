"""``python -m engine``: selfplay output passes check; check reports the first illegal action."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.tools.cli import main


def run(*argv: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize(
    "extra",
    [
        ["--game", "shengji"],
        ["--game", "shengji", "--rules", "j_hook=true", "--rules", "two_always_trump=1"],
        ["--game", "tractor", "--bot", "heuristic", "--bot", "random"],
        ["--game", "sandaha", "--bot", "random"],
    ],
)
def test_selfplay_records_pass_check(tmp_path: Path, extra: list[str]) -> None:
    """Every record selfplay writes passes check; one line per deal plus a summary."""
    status, lines = run("selfplay", "--deals", "3", "--seed", "4", *extra)
    assert status == 0 and len(lines) == 4 and "summary" in json.loads(lines[-1])
    path = tmp_path / "deals.ndjson"
    path.write_text("\n".join(lines) + "\n")
    status, out = run("check", str(path))
    assert status == 0 and json.loads(out[-1]) == {"checked": 3, "ok": True}


def test_check_reports_index_and_reason(tmp_path: Path) -> None:
    """A broken record: exit 1 with the index of the first illegal action."""
    _, lines = run("selfplay", "--game", "shengji", "--deals", "1", "--seed", "4")
    record = json.loads(lines[0])
    record["actions"][60] = [record["actions"][60][0], "play AS AS AS"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record, indent=2))
    status, out = run("check", str(path))
    report = json.loads(out[-1])
    assert status == 1 and report["index"] == 60 and "reason" in report


def test_selfplay_summary_counts_win_rate() -> None:
    """With two bot kinds the summary gives each kind's win rate."""
    _, lines = run(
        "selfplay", "--game", "tractor", "--deals", "2", "--bot", "heuristic", "--bot", "random", "--quiet"
    )
    summary = json.loads(lines[-1])["summary"]
    assert set(summary["win_rate"]) == {"heuristic", "random"}


def test_bad_setup_is_reported_not_raised() -> None:
    """A wrong seat count or rule option prints the error and exits 2."""
    status, out = run("selfplay", "--game", "shengji", "--players", "3")
    assert status == 2 and json.loads(out[-1])["error"] == "bad_setup"
