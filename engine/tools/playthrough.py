"""Golden playthroughs: one bot-played deal per game, every seat's view at every step, as text.

A playthrough is a function of its header (game, rules, situation, deck) and its action lines, so
a test rebuilds the text from those alone and compares: any change in rules or views shows up as a
readable diff. ``python -m engine playthrough --regen`` rewrites the files after an intended change.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine.core.game import JSON
from engine.core.match import selfplay_deal
from engine.core.registry import game_names, get_game

DIRECTORY = Path(__file__).resolve().parents[2] / "tests" / "engine" / "playthroughs"
SEED = 2024


def render(
    game_name: str,
    rules: dict[str, JSON],
    situation: JSON,
    deck: Sequence[str],
    actions: Sequence[tuple[int, str]],
) -> str:
    """The playthrough text of a deal given by its header and actions."""
    game = get_game(game_name)
    state = game.start(game.rules_from_json(rules), game.default_seats, deck, situation)
    lines = [
        f"game {game_name}",
        f"rules {_dump(rules)}",
        f"situation {_dump(situation)}",
        f"deck {' '.join(deck)}",
    ]
    seats: list[int | None] = [*range(game.default_seats), None]
    for step, (seat, text) in enumerate([*actions, (-1, "")]):
        lines.append(f"--- step {step}")
        for who in seats:
            lines.append(f"view {'spectator' if who is None else who} {_dump(state.view(who))}")
        if seat < 0:
            break
        lines.append(f"action {seat} {text}")
        state.apply(seat, game.parse_action(text))
    lines.append(f"result {_dump(state.result())}")
    return "\n".join(lines) + "\n"


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def parse(text: str) -> tuple[str, dict[str, JSON], JSON, list[str], list[tuple[int, str]]]:
    """Header and actions of a playthrough text."""
    fields: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "action":
            seat, _, action = rest.partition(" ")
            actions.append((int(seat), action))
        elif key in ("game", "rules", "situation", "deck"):
            fields[key] = rest
    return (
        fields["game"],
        json.loads(fields["rules"]),
        json.loads(fields["situation"]),
        fields["deck"].split(),
        actions,
    )


def generate(game_name: str, seed: int = SEED) -> str:
    """A fresh playthrough of ``game_name`` by heuristic bots from ``seed``."""
    game = get_game(game_name)
    rules = game.rules_from_json({})
    record = selfplay_deal(game, rules, game.default_seats, None, random.Random(seed), ["heuristic"])
    return render(game_name, record.rules, None, record.deck, record.actions)


def path_for(game_name: str) -> Path:
    """Where the golden playthrough of ``game_name`` lives."""
    return DIRECTORY / f"{game_name}.txt"


def playthrough_command(args: argparse.Namespace, out: TextIO) -> int:
    """Regenerate (``--regen``) or compare the golden files; exit 1 on a difference."""
    status = 0
    # Si Se Pai and Zhao Pengyou keep compact golden files of their own under tests/engine/<game>/;
    # by default only the games that have a file here are compared or regenerated.
    for name in args.game or [n for n in game_names() if path_for(n).exists()]:
        path = path_for(name)
        if args.regen:
            DIRECTORY.mkdir(parents=True, exist_ok=True)
            path.write_text(generate(name), encoding="utf-8")
            out.write(f"wrote {path}\n")
            continue
        text = path.read_text(encoding="utf-8")
        if render(*parse(text)) != text:
            out.write(f"{path}: differs from a replay of its own actions\n")
            status = 1
        else:
            out.write(f"{path}: ok\n")
    return status
