"""Golden playthroughs of Zhao Pengyou for 6, 9 and 12 players: every seat's view at every step.

To stay readable at thirteen views per step, each step lists only what changed: the spectator's
view fields (zones flattened as ``zones.NAME``) that changed, then for each seat the fields in
which its view differs from the spectator's (its own hand, the kitty it buried, ``may_act``) that
changed; ``"=spectator"`` marks a field that became the spectator's again. Every view of every
step can be rebuilt from the file, and the file is rebuilt from its header and action lines.

Regenerate after an intended rules or view change:
``ZPY_REGEN=1 .venv/bin/pytest tests/engine/zhaopengyou/test_zpy_golden.py -p no:django``
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.match import selfplay_deal
from engine.core.registry import get_game

GOLDEN = Path(__file__).parent / "golden"
SEEDS = {6: 2024, 9: 2025, 12: 2026}  # deck and bot seeds of the three golden deals
SAME = "=spectator"


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def flat(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k != "zones"}
    out.update({f"zones.{name}": cards for name, cards in view["zones"].items()})
    return out


def changes(now: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in now.items() if k not in before or before[k] != v}
    out.update({k: SAME for k in before if k not in now})
    return out


def render(seats: int, rules: dict[str, Any], deck: list[str], actions: list[tuple[int, str]]) -> str:
    game = get_game("zhaopengyou")
    state = game.start(game.rules_from_json(rules), seats, deck, None)
    lines = ["game zhaopengyou", f"players {seats}", f"rules {dump(rules)}", f"deck {' '.join(deck)}"]
    previous: dict[int | None, dict[str, Any]] = {who: {} for who in [None, *range(seats)]}
    for step, (seat, text) in enumerate([*actions, (-1, "")]):
        lines.append(f"--- step {step}")
        spectator = flat(state.view(None))
        for who in [None, *range(seats)]:
            view = flat(state.view(who))
            if who is not None:
                view = {k: v for k, v in view.items() if spectator.get(k) != v}
            diff = changes(view, previous[who])
            previous[who] = view
            if diff:
                lines.append(f"view {'spectator' if who is None else who} {dump(diff)}")
        if seat < 0:
            break
        lines.append(f"action {seat} {text}")
        state.apply(seat, game.parse_action(text))
    lines.append(f"result {dump(state.result())}")
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[int, dict[str, Any], list[str], list[tuple[int, str]]]:
    fields: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "action":
            seat, _, action = rest.partition(" ")
            actions.append((int(seat), action))
        elif key in ("players", "rules", "deck"):
            fields[key] = rest
    return int(fields["players"]), json.loads(fields["rules"]), fields["deck"].split(), actions


def generate(seats: int) -> str:
    game = get_game("zhaopengyou")
    rules = game.rules_from_json({})
    record = selfplay_deal(game, rules, seats, None, random.Random(SEEDS[seats]), ["heuristic"])
    return render(seats, record.rules, record.deck, record.actions)


@pytest.mark.parametrize("seats", sorted(SEEDS))
def test_golden_playthrough_replays_identically(seats: int) -> None:
    """Replaying the file's actions reproduces every seat's view at every step."""
    path = GOLDEN / f"zhaopengyou_{seats}p.txt"
    if os.environ.get("ZPY_REGEN") == "1":
        path.write_text(generate(seats), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert render(*parse(text)) == text


@pytest.mark.parametrize("seats", sorted(SEEDS))
def test_golden_deals_are_played_out_with_friends_found(seats: int) -> None:
    """Each golden deal reaches a score and reveals at least one friend."""
    text = (GOLDEN / f"zhaopengyou_{seats}p.txt").read_text(encoding="utf-8")
    result = json.loads(text.splitlines()[-1].partition(" ")[2])
    assert result["outcome"] == "played" and len(result["team"]) >= 2
