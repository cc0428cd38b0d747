"""Golden playthroughs of every game (``engine/tools/playthrough.py``): each file is rebuilt from its
own header and actions, view by view.

Regenerate after an intended rules or view change: ``python -m engine playthrough --regen``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.games import GAME_MODULES
from engine.tools import playthrough
from engine.tools.cli import main
from engine.tools.playthrough import golden_files, parse, render

FILES = golden_files()
ZHAO = [p for p in FILES if p.stem.startswith("zhaopengyou")]


def result(path: Path) -> dict[str, Any]:
    """The result line of a golden file."""
    last = path.read_text(encoding="utf-8").splitlines()[-1]
    assert last.startswith("result ")
    loaded: dict[str, Any] = json.loads(last.partition(" ")[2])
    return loaded


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_identically(path: Path) -> None:
    """Replaying the actions reproduces every seat's view at every step, and the result."""
    text = path.read_text(encoding="utf-8")
    assert render(parse(text)) == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_deal_is_played_out(path: Path) -> None:
    """Each golden deal ends with winners (no redeal, no deal left open)."""
    assert result(path)["deal_winners"]


def test_every_game_has_a_playthrough() -> None:
    """Each game of the catalogue has at least one golden deal."""
    games = {module.rsplit(".", 1)[1] for module in GAME_MODULES}
    assert games <= {parse(p.read_text(encoding="utf-8")).game for p in FILES}


def test_zhao_pengyou_is_golden_at_six_nine_and_twelve_players() -> None:
    """The smallest table, a middle one and the largest."""
    assert sorted(parse(p.read_text(encoding="utf-8")).players for p in ZHAO) == [6, 9, 12]


@pytest.mark.parametrize("path", ZHAO, ids=[p.stem for p in ZHAO])
def test_zhao_pengyou_golden_deal_finds_a_friend(path: Path) -> None:
    """Each Zhao Pengyou deal reaches a score with at least one friend revealed."""
    played = result(path)
    assert played["outcome"] == "played" and len(played["team"]) >= 2


def run(directory: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    """``python -m engine playthrough ARGV`` over the golden files of ``directory``."""
    monkeypatch.setattr(playthrough, "DIRECTORY", directory)
    out = io.StringIO()
    return main(["playthrough", *argv], out), out.getvalue()


def test_a_changed_view_fails_the_check_and_regen_restores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edited view line is a difference (exit 1); ``--regen`` rewrites the file from its deal."""
    original = playthrough.DIRECTORY / "shengji.txt"
    copy = tmp_path / "shengji.txt"
    copy.write_text(original.read_text(encoding="utf-8").replace('"seat":1,', '"seat":2,', 1))
    assert run(tmp_path, monkeypatch)[0] == 1
    assert run(tmp_path, monkeypatch, "--regen")[0] == 0
    assert copy.read_text(encoding="utf-8") == original.read_text(encoding="utf-8")


def test_regen_plays_a_new_deal_for_a_seat_count_without_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game and seat count with no file get a bot-played deal that replays identically."""
    status, out = run(tmp_path, monkeypatch, "--regen", "--game", "sisepai", "--players", "2")
    assert status == 0 and "a new deal" in out
    deal = parse((tmp_path / "sisepai_2p.txt").read_text(encoding="utf-8"))
    assert (deal.game, deal.players) == ("sisepai", 2)
    assert run(tmp_path, monkeypatch)[0] == 0
