"""Golden playthroughs: every seat's view (and the spectator's) after every step of one deal for
2, 3 and 4 players. A rules or view change shows up as a readable diff of these files.

Regenerate after an intended change:
``SISEPAI_REGEN=1 .venv/bin/pytest tests/engine/sisepai/test_sisepai_golden.py -p no:django``
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.games.sisepai import GAME
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import SiSePaiDeal

GOLDEN = Path(__file__).parent / "golden"
# Deck seeds picked for short deals that end in a win after some claims.
CASES = {2: 24, 3: 10, 4: 21}
SKIP = {"game", "seat", "seats"}


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def render_views(deal: SiSePaiDeal) -> list[str]:
    lines = []
    for seat in [*range(deal.seats), None]:
        view = deal.view(seat)
        who = f"seat {seat}" if seat is not None else "spectator"
        fields = " ".join(f"{k}={compact(v)}" for k, v in sorted(view.items()) if k not in SKIP)
        lines.append(f"  {who}: {fields}")
    return lines


def render(seats: int, rules: SiSePaiRules, deck: list[str], actions: list[tuple[int, str]]) -> str:
    deal = GAME.start(rules, seats, deck, None)
    assert isinstance(deal, SiSePaiDeal)
    lines = [
        f"# Si Se Pai golden playthrough, {seats} players (regenerate: see test_sisepai_golden.py)",
        f"rules {compact(rules.to_json())}",
        f"deck {' '.join(deck)}",
        "step 0: start",
        *render_views(deal),
    ]
    for step, (seat, text) in enumerate(actions, 1):
        deal.apply(seat, GAME.parse_action(text))
        lines.append(f"step {step}: seat {seat} {text}")
        lines.extend(render_views(deal))
    assert deal.is_over()
    lines.append(f"result {compact(deal.result())}")
    return "\n".join(lines) + "\n"


def bot_actions(seats: int, rules: SiSePaiRules, deck: list[str], seed: int) -> list[tuple[int, str]]:
    deal = GAME.start(rules, seats, deck, None)
    bots = [GAME.bot("heuristic", random.Random(seed * 10 + s)) for s in range(seats)]
    actions = []
    while not deal.is_over():
        seat = min(deal.to_move())
        action = bots[seat].choose(deal, seat)
        deal.apply(seat, action)
        actions.append((seat, str(action)))
    return actions


def parse(text: str) -> tuple[SiSePaiRules, list[str], list[tuple[int, str]]]:
    rules: SiSePaiRules | None = None
    deck: list[str] = []
    actions: list[tuple[int, str]] = []
    for line in text.splitlines():
        if line.startswith("rules "):
            loaded = GAME.rules_from_json(json.loads(line[6:]))
            assert isinstance(loaded, SiSePaiRules)
            rules = loaded
        elif line.startswith("deck "):
            deck = line[5:].split()
        elif line.startswith("step ") and ": seat " in line:
            seat, action = line.split(": seat ", 1)[1].split(" ", 1)
            actions.append((int(seat), action))
    assert rules is not None
    return rules, deck, actions


@pytest.mark.parametrize("seats", sorted(CASES))
def test_golden_playthrough_replays_identically(seats: int) -> None:
    path = GOLDEN / f"sisepai_{seats}p.txt"
    if os.environ.get("SISEPAI_REGEN") == "1":
        rules = SiSePaiRules()
        deck = list(GAME.shuffled_deck(rules, seats, random.Random(CASES[seats])))
        path.write_text(render(seats, rules, deck, bot_actions(seats, rules, deck, CASES[seats])))
    rules, deck, actions = parse(path.read_text())
    assert render(seats, rules, deck, actions) == path.read_text()
