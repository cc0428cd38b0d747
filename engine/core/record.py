"""Deal records: one JSON object per deal, generic over every registered game.

The format is documented in ``docs/record-format.md``. Loading accepts records written by any
earlier version: a missing optional field takes its default. The deck is committed to before
play by ``commitment = sha256(salt + " ".join(deck))`` (UTF-8, hex digest), so a player can check
after the deal that the cards were fixed in advance.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import BadRecord, EngineError
from engine.core.game import JSON, DealState, Game
from engine.core.registry import get_game

FORMAT_VERSION = 1
# No record nests deeper than a few levels (a deal: record → situation → ranks); an upload nested
# far deeper is refused before anything walks it (a "[" × 100,000 file exhausted the stack).
MAX_JSON_DEPTH = 32


def _ruleset_label(data: Any) -> dict[str, JSON] | None:
    """A record's ``ruleset`` as ``{"name", "version"}``; ``BadRecord`` if it is something else."""
    if data is None:
        return None
    try:
        return {"name": str(data["name"]), "version": int(data["version"])}
    except (KeyError, TypeError, ValueError):
        raise BadRecord('\'ruleset\' names a rule set as {"name": text, "version": number}') from None


def commitment(salt: str, deck: Sequence[str]) -> str:
    """The hex SHA-256 of ``salt`` followed by the deck's codes joined by single spaces."""
    return hashlib.sha256((salt + " ".join(deck)).encode("utf-8")).hexdigest()


def new_salt(rng: random.Random) -> str:
    """A 128-bit salt in hex drawn from the caller's generator."""
    return f"{rng.getrandbits(128):032x}"


@dataclass
class DealRecord:
    """A deal: who played what game under which rules, the deck, every action and the result."""

    game: str
    rules: dict[str, JSON]
    seats: list[dict[str, JSON]]
    deck: list[str]
    situation: dict[str, JSON] | None = None
    salt: str = ""
    commitment: str = ""
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, JSON] | None = None
    version: int = FORMAT_VERSION
    ruleset: dict[str, JSON] | None = None  # {"name", "version"} of the rule set it was played under

    def to_json(self) -> dict[str, JSON]:
        """The record as a JSON object (``ruleset`` only when the deal names one)."""
        named = {} if self.ruleset is None else {"ruleset": self.ruleset}
        return {
            "format": "cardclub-deal",
            "version": self.version,
            "game": self.game,
            "rules": self.rules,
            **named,
            "seats": self.seats,
            "situation": self.situation,
            "deck": self.deck,
            "salt": self.salt,
            "commitment": self.commitment,
            "actions": [[seat, text] for seat, text in self.actions],
            "result": self.result,
        }

    def dumps(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealRecord:
        """Load a record; optional fields missing in older records take their defaults."""
        try:
            game = str(data["game"])
            deck = [str(c) for c in data["deck"]]
        except (KeyError, TypeError) as exc:
            raise BadRecord(f"a record needs 'game' and 'deck' ({exc})") from None
        seats = data.get("seats")
        if seats is None:
            seats = [{"name": f"seat {i}", "id": None} for i in range(get_game(game).default_seats)]
        actions = [(int(a[0]), str(a[1])) for a in data.get("actions", [])]
        return cls(
            game=game,
            rules=dict(data.get("rules") or {}),
            seats=[dict(s) for s in seats],
            deck=deck,
            situation=data.get("situation"),
            salt=str(data.get("salt", "")),
            commitment=str(data.get("commitment", "")),
            actions=actions,
            result=data.get("result"),
            version=int(data.get("version", 1)),
            ruleset=_ruleset_label(data.get("ruleset")),
        )

    @classmethod
    def loads(cls, text: str) -> DealRecord:
        """Load from a JSON string."""
        return cls.from_json(loads_json(text))


def loads_json(text: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text nested at most ``max_depth`` levels; ``BadRecord`` says why it was refused."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRecord(f"not JSON: {exc}") from None
    except RecursionError:
        raise BadRecord(f"JSON nested more than {max_depth} levels deep") from None
    if json_depth(data) > max_depth:
        raise BadRecord(f"JSON nested more than {max_depth} levels deep")
    return data


def json_depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def start_record(
    game: Game,
    rules_json: dict[str, JSON],
    seats: list[dict[str, JSON]],
    deck: Sequence[str],
    situation: Mapping[str, JSON] | None,
    salt: str,
) -> DealRecord:
    """A fresh record with its deck commitment."""
    return DealRecord(
        game=game.name,
        rules=rules_json,
        seats=seats,
        deck=list(deck),
        situation=dict(situation) if situation is not None else None,
        salt=salt,
        commitment=commitment(salt, deck),
    )


def start_state(record: DealRecord) -> DealState:
    """The deal's state before its first action."""
    game = get_game(record.game)
    rules = game.rules_from_json(record.rules)
    return game.start(rules, len(record.seats), record.deck, record.situation)


class ReplayError(BadRecord):
    """An action of a record that does not apply; ``index`` is its position in ``actions``."""

    code = "illegal_in_record"

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index}: {message}")
        self.index = index


def replay(record: DealRecord, upto: int | None = None) -> DealState:
    """Replay the record's actions (the first ``upto`` of them) and return the state."""
    if record.commitment and record.commitment != commitment(record.salt, record.deck):
        raise BadRecord("the deck does not match its commitment")
    state = start_state(record)
    game = get_game(record.game)
    for index, (seat, text) in enumerate(record.actions[:upto]):
        try:
            state.apply(seat, game.parse_action(text))
        except EngineError as exc:
            raise ReplayError(index, f"{seat} {text!r}: {exc.message}") from None
    return state


def check_record(record: DealRecord) -> DealState:
    """Replay a whole record and make sure its stored result is the one the rules give."""
    state = replay(record)
    if record.result is not None and state.result() != record.result:
        raise BadRecord(f"stored result {record.result} differs from the replayed {state.result()}")
    return state
