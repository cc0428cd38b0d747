"""The generic property harness (``tests/engine/harness.py``) at every table size, 6 to 12.

``test_harness.py`` runs it on the default six seats; here the same checks run on a deal of each
size: cards stay in zones, views hide what they must, ``check`` agrees with ``legal_actions``,
notation round-trips, rejected actions change nothing, results and replays are sound.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import harness
import pytest
from harness import _check_replay, _check_result, check_actions, check_view, check_zones

from engine.core.game import Action
from engine.core.match import MAX_STEPS, bot_move
from engine.core.record import start_record
from engine.core.registry import get_game


@pytest.fixture(autouse=True)
def fewer_checks_per_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four instead of twelve sampled checks per seat and step: thirteen views make each costly."""
    monkeypatch.setattr(harness, "CHECKED_PER_STEP", 4)


def run_deal_at(
    seats: int, seed: int, kind: str = "random", rules_json: dict[str, Any] | None = None
) -> dict[str, Any]:
    """``harness.run_deal`` for ``seats`` players."""
    game = get_game("zhaopengyou")
    rules = game.rules_from_json(rules_json or {})
    rng = random.Random(seed)
    deck = game.shuffled_deck(rules, seats, rng)
    names = [{"name": str(s), "id": None} for s in range(seats)]
    record = start_record(game, rules.to_json(), names, deck, None, "salt")
    state = game.start(rules, seats, deck, None)
    bots = [game.bot(kind, random.Random(seed * 10 + s)) for s in range(seats)]
    pool: dict[str, Action] = {}
    views: list[str] = []
    codes = set(deck)
    for _ in range(MAX_STEPS):
        check_zones(state, Counter(deck))
        views.append(json.dumps([state.view(s) for s in [*range(seats), None]], sort_keys=True))
        for who in [*range(seats), None]:
            check_view(state, who, codes)
        if state.is_over():
            break
        # The seats the deal waits for, and two of those who may declare (all of them is slow at 12).
        optional = sorted(state.to_move() - state.must_move())
        for seat in sorted(state.must_move()) + rng.sample(optional, min(2, len(optional))):
            check_actions(game, state, seat, seats, pool, rng)
        seat, action = bot_move(state, bots)
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    result = state.result()
    assert result is not None
    record.result = result
    _check_result(game, seats, deck, result)
    _check_replay(record, views, seats)
    return result


@pytest.mark.parametrize("seats", range(6, 13))
def test_random_deals_keep_every_invariant_at_every_table_size(seats: int) -> None:
    """A random-bot deal of each size passes the generic harness."""
    result = run_deal_at(seats, seed=seats)
    assert len(result["scores"]) == seats


@pytest.mark.parametrize("seats", [9, 12])
def test_heuristic_deals_keep_every_invariant(seats: int) -> None:
    """Heuristic bots at 9 and 12 players (6 is ``test_harness.py``'s) pass the harness."""
    result = run_deal_at(seats, seed=100 + seats, kind="heuristic")
    assert result["outcome"] == "played"


def test_house_rules_keep_every_invariant() -> None:
    """Every option set away from its default, at seven players."""
    rules = {
        "first_dealer": 3,
        "kitty_multiplier": 4,
        "tractor_follow": True,
        "passive_penalty": 0,
        "real_hand_throws": True,
        "throw_penalty": True,
    }
    result = run_deal_at(7, seed=77, rules_json=rules)
    assert len(result["scores"]) == 7
