"""Golden playthroughs: bot-played deals of every game, every seat's view at every step, as text.

A file in ``tests/engine/playthroughs/`` holds one deal:

* a header: ``game G``, ``players N``, ``rules JSON``, ``situation JSON`` (only when there is
  one) and ``deck CARDS``;
* per step, ``--- step K``, then the views that changed: ``view spectator JSON`` with the
  spectator's fields that changed (zones flattened as ``zones.NAME``), and ``view S JSON`` for each
  seat with the fields in which its view differs from the spectator's (its own hand, ``may_act``)
  that changed; ``"=spectator"`` marks a field that became the spectator's again (or, on the
  spectator's line, one it no longer has), ``"=absent"`` a spectator's field the seat's view lacks;
  then ``action S TEXT``, the action taken;
* ``result JSON``.

Every view of every step can be rebuilt from the file, and the file is a function of its header
and action lines, so the test rebuilds the text from those alone and compares: any change in rules
or views shows up as a readable diff. ``python -m engine playthrough --regen`` rewrites the files
from their own deals after an intended change; a game or seat count with no file yet gets a deal
played by heuristic bots from ``SEED``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from engine.core.errors import EngineError
from engine.core.game import JSON
from engine.core.match import selfplay_deal
from engine.core.registry import game_names, get_game

DIRECTORY = Path(__file__).resolve().parents[2] / "tests" / "engine" / "playthroughs"
SEED = 2024
SAME = "=spectator"
ABSENT = "=absent"


@dataclass
class Playthrough:
    """A golden deal: what the header says, and the actions in order."""

    game: str
    players: int
    rules: dict[str, JSON]
    deck: list[str]
    actions: list[tuple[int, str]] = field(default_factory=list)
    situation: JSON = None


def render(deal: Playthrough) -> str:
    """The playthrough text of ``deal``: header, the views that changed at every step, result."""
    game = get_game(deal.game)
    state = game.start(game.rules_from_json(deal.rules), deal.players, deal.deck, deal.situation)
    lines = [f"game {deal.game}", f"players {deal.players}", f"rules {_dump(deal.rules)}"]
    if deal.situation is not None:
        lines.append(f"situation {_dump(deal.situation)}")
    lines.append(f"deck {' '.join(deal.deck)}")
    seats: list[int | None] = [None, *range(deal.players)]
    previous: dict[int | None, dict[str, Any]] = {who: {} for who in seats}
    for step, (seat, text) in enumerate([*deal.actions, (-1, "")]):
        lines.append(f"--- step {step}")
        spectator = _flat(state.view(None))
        for who in seats:
            view = spectator if who is None else _own(_flat(state.view(who)), spectator)
            diff = _changes(view, previous[who])
            previous[who] = view
            if diff:
                lines.append(f"view {'spectator' if who is None else who} {_dump(diff)}")
        if seat < 0:
            break
        lines.append(f"action {seat} {text}")
        state.apply(seat, game.parse_action(text))
    lines.append(f"result {_dump(state.result())}")
    return "\n".join(lines) + "\n"


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _flat(view: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k != "zones"}
    out.update({f"zones.{name}": cards for name, cards in view.get("zones", {}).items()})
    return out


def _own(view: dict[str, Any], spectator: dict[str, Any]) -> dict[str, Any]:
    """The fields of a seat's view that differ from the spectator's."""
    out = {k: v for k, v in view.items() if k not in spectator or spectator[k] != v}
    out.update({k: ABSENT for k in spectator if k not in view})
    return out


def _changes(now: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in now.items() if k not in before or before[k] != v}
    out.update({k: SAME for k in before if k not in now})
    return out


def parse(text: str) -> Playthrough:
    """The deal a playthrough text holds: its header and its actions."""
    fields: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "action":
            seat, _, action = rest.partition(" ")
            actions.append((int(seat), action))
        elif key in ("game", "players", "rules", "situation", "deck"):
            fields[key] = rest
    return Playthrough(
        game=fields["game"],
        players=int(fields["players"]),
        rules=json.loads(fields["rules"]),
        deck=fields["deck"].split(),
        actions=actions,
        situation=json.loads(fields.get("situation", "null")),
    )


def generate(game_name: str, players: int | None = None, seed: int = SEED) -> Playthrough:
    """A fresh deal of ``game_name`` under its default rules, played by heuristic bots from ``seed``."""
    game = get_game(game_name)
    seats = players or game.default_seats
    rules = game.rules_from_json({})
    record = selfplay_deal(game, rules, seats, None, random.Random(seed), ["heuristic"])
    return Playthrough(game_name, seats, record.rules, list(record.deck), list(record.actions))


def golden_files() -> list[Path]:
    """Every golden playthrough file, by name."""
    return sorted(DIRECTORY.glob("*.txt"))


def path_for(game_name: str, players: int | None = None) -> Path:
    """Where a new golden playthrough of ``game_name`` goes (``NAME_Np.txt`` for a seat count)."""
    return DIRECTORY / (f"{game_name}_{players}p.txt" if players else f"{game_name}.txt")


def playthrough_command(args: argparse.Namespace, out: TextIO) -> int:
    """Compare the golden files with a replay of their own deals, or rewrite them (``--regen``);
    exit 1 on a difference or a deal that no longer replays."""
    games = args.game or game_names()
    status = 0
    found: set[str] = set()
    for path in golden_files():
        text = path.read_text(encoding="utf-8")
        deal = parse(text)
        if deal.game not in games or args.players not in (None, deal.players):
            continue
        found.add(deal.game)
        status = max(status, _compare(path, text, deal, args.regen, out))
    for name in (args.game or []) if args.regen else []:
        if name not in found:
            path = path_for(name, args.players)
            DIRECTORY.mkdir(parents=True, exist_ok=True)
            path.write_text(render(generate(name, args.players)), encoding="utf-8")
            out.write(f"wrote {path} (a new deal)\n")
    return status


def _compare(path: Path, text: str, deal: Playthrough, regen: bool, out: TextIO) -> int:
    """Check (or with ``regen`` rewrite) one file; 1 when it differs or no longer replays."""
    try:
        fresh = render(deal)
    except EngineError as exc:
        out.write(f"{path}: no longer replays ({exc.message}); delete it and --regen a new deal\n")
        return 1
    if fresh == text:
        out.write(f"{path}: ok\n")
        return 0
    if regen:
        path.write_text(fresh, encoding="utf-8")
        out.write(f"wrote {path}\n")
        return 0
    out.write(f"{path}: differs from a replay of its own actions\n")
    return 1
