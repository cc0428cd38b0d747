"""Golden playthroughs: each file is rebuilt from its own header and actions, view by view.

Regenerate after an intended rules or view change: ``python -m engine playthrough --regen``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tools.playthrough import DIRECTORY, parse, render

FILES = sorted(DIRECTORY.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_identically(path: Path) -> None:
    """Replaying the actions reproduces every seat's view at every step."""
    text = path.read_text(encoding="utf-8")
    assert render(*parse(text)) == text


def test_there_is_a_playthrough_per_family_game() -> None:
    """Shengji, Tractor and San Da Ha each have one."""
    assert {"shengji", "tractor", "sandaha"} <= {p.stem for p in FILES}
