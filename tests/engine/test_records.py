"""Deal records: commitment, loading old records, replay and the first illegal action."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine import game_names, get_game
from engine.core.errors import BadRecord
from engine.core.match import selfplay_deal
from engine.core.record import DealRecord, ReplayError, check_record, commitment


def a_record(name: str = "shengji", seed: int = 3) -> DealRecord:
    game = get_game(name)
    return selfplay_deal(
        game, game.rules_from_json({}), game.default_seats, None, random.Random(seed), ["random"]
    )


def test_commitment_is_sha256_of_salt_and_deck_text() -> None:
    """commitment = sha256(salt + " ".join(deck)), hex (docs/record-format.md)."""
    assert commitment("ab", ["AS", "KH"]) == hashlib.sha256(b"abAS KH").hexdigest()


@pytest.mark.parametrize("name", game_names())
def test_every_game_record_round_trips_and_checks(name: str) -> None:
    """A selfplay record of every registered game survives JSON and replays to its result."""
    record = a_record(name)
    loaded = DealRecord.loads(record.dumps())
    assert loaded == record
    assert check_record(loaded).result() == record.result


def test_old_record_without_optional_fields_loads() -> None:
    """A record with only game, deck and actions loads with defaults (format version 1)."""
    record = a_record()
    data = {"game": "shengji", "deck": record.deck, "actions": [list(a) for a in record.actions]}
    loaded = DealRecord.from_json(data)
    assert loaded.rules == {} and len(loaded.seats) == 4 and loaded.situation is None
    assert check_record(loaded).result() == record.result


def test_record_json_has_documented_fields() -> None:
    """The JSON object carries every documented field (docs/record-format.md)."""
    data = json.loads(a_record().dumps())
    assert set(data) == {
        "format",
        "version",
        "game",
        "rules",
        "seats",
        "situation",
        "deck",
        "salt",
        "commitment",
        "actions",
        "result",
    }


def test_tampered_deck_breaks_the_commitment() -> None:
    """Changing the deck after the fact is detected."""
    record = a_record()
    record.deck[0], record.deck[1] = record.deck[1], record.deck[0]
    with pytest.raises(BadRecord):
        check_record(record)


def test_first_illegal_action_is_reported_with_its_index() -> None:
    """A record whose action 10 is illegal fails at index 10."""
    record = a_record()
    seat, _ = record.actions[10]
    record.actions[10] = ((seat + 1) % 4, "draw")
    with pytest.raises(ReplayError) as err:
        check_record(record)
    assert err.value.index == 10


def test_a_wrong_stored_result_is_refused() -> None:
    """The stored result must be the one the rules give."""
    record = a_record()
    assert record.result is not None
    record.result = {**record.result, "scores": [9, 9, 9, 9]}
    with pytest.raises(BadRecord):
        check_record(record)


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("shengji", {"no_such_option": 1}),
        ("tractor", {"first_drawer": "abc"}),
        ("sandaha", {"first_bidder": 9}),
    ],
)
def test_bad_rules_are_bad_setup(name: str, rules: dict[str, object]) -> None:
    """Unknown options, values of the wrong type and seats that do not exist are BadSetup."""
    from engine.core.errors import BadSetup

    game = get_game(name)
    with pytest.raises(BadSetup):
        parsed = game.rules_from_json(rules)
        game.start(parsed, 4, game.deck(parsed, 4), None)


def test_wrong_deck_is_bad_setup() -> None:
    """A deck that is not the game's is refused."""
    from engine.core.errors import BadSetup

    game = get_game("tractor")
    rules = game.rules_from_json({})
    with pytest.raises(BadSetup):
        game.start(rules, 4, get_game("sandaha").deck(rules, 4) + ("AS",) * 16, None)
