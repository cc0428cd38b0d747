"""``python -m engine selfplay`` and ``check`` for Zhao Pengyou at every table size."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.tools.cli import main


@pytest.mark.parametrize("players", range(6, 13))
def test_selfplay_records_pass_check(players: int, tmp_path: Path) -> None:
    """Bot deals of every size are written as records that replay to the same results."""
    out = io.StringIO()
    args = ["selfplay", "--game", "zhaopengyou", "--players", str(players), "--deals", "3", "--seed", "1"]
    assert main([*args, "--bot", "heuristic", "--bot", "random"], out) == 0
    lines = out.getvalue().splitlines()
    summary = json.loads(lines[-1])["summary"]
    assert summary["game"] == "zhaopengyou" and summary["deals"] == 3
    records = [json.loads(line) for line in lines[:-1]]
    assert all(len(r["seats"]) == players and len(r["result"]["scores"]) == players for r in records)
    path = tmp_path / "deals.ndjson"
    path.write_text(out.getvalue(), encoding="utf-8")
    checked = io.StringIO()
    assert main(["check", str(path), "--quiet"], checked) == 0
    assert json.loads(checked.getvalue().splitlines()[-1]) == {"checked": 3, "ok": True}


def test_a_tampered_call_is_reported_by_check(tmp_path: Path) -> None:
    """A record whose call names a trump fails ``check`` at that action."""
    out = io.StringIO()
    main(["selfplay", "--game", "zhaopengyou", "--players", "6", "--deals", "1", "--seed", "4"], out)
    record = json.loads(out.getvalue().splitlines()[0])
    index = next(i for i, (_, text) in enumerate(record["actions"]) if text.startswith("call"))
    seat = record["actions"][index][0]
    trump = record["result"]["trump"]
    record["actions"][index] = [seat, f"call 1st A{trump['suit']}"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    checked = io.StringIO()
    assert main(["check", str(path)], checked) == 1
    assert json.loads(checked.getvalue())["index"] == index
