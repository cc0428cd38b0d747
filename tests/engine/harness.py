"""The generic property harness every registered game gets from one line (``test_harness.py``).

``run_deal(name, seed)`` plays one seeded deal with the game's random bots and checks, at every
step: every card is in exactly one zone (the zones' multiset is the deck); views of every seat and
the spectator are JSON and never show a hidden zone's cards; every enumerated legal action passes
``check`` and round-trips through its notation; actions seen elsewhere in the deal are accepted by
``check`` exactly when they are enumerated; a rejected action leaves the state unchanged. After the
deal: it ended, the result's scores sum as documented, card points are conserved, and replaying the
record reproduces every view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import islice
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Action, DealState, Game
from engine.core.match import MAX_STEPS, bot_move
from engine.core.record import check_record, commitment, start_record
from engine.core.registry import get_game

ENUMERATION_CAP = 400  # enumerations longer than this are only sampled
CHECKED_PER_STEP = 12


def snapshot(state: DealState, seats: int) -> str:
    """Everything observable about a state, as one string."""
    views = [state.view(s) for s in [*range(seats), None]]
    return json.dumps([sorted(state.to_move()), state.zones(), views, state.result()], sort_keys=True)


def check_zones(state: DealState, deck: Counter[str]) -> None:
    """Every card of the deck is in exactly one zone."""
    seen: Counter[str] = Counter()
    for cards in state.zones().values():
        seen.update(cards)
    assert seen == deck, f"zones differ from the deck by {seen - deck} / {deck - seen}"


def check_view(state: DealState, seat: int | None, codes: set[str]) -> None:
    """The view is JSON and shows no hidden zone's cards."""
    view = state.view(seat)
    json.dumps(view)
    hidden = state.hidden_from(seat)
    zones = state.zones()
    if "zones" in view:
        for name, cards in zones.items():
            shown = view["zones"][name]
            if name in hidden:
                assert shown == len(cards), f"{name} is hidden from {seat} but shown as {shown}"
            else:
                assert Counter(shown) == Counter(cards), f"{name} shown wrongly to {seat}"
        return
    visible = {c for name, cards in zones.items() if name not in hidden for c in cards}
    mentioned = _codes_in(view, codes)
    assert mentioned <= visible, f"seat {seat} sees {mentioned - visible} from hidden zones"


def _codes_in(value: Any, codes: set[str]) -> set[str]:
    if isinstance(value, str):
        return {value} & codes
    if isinstance(value, dict):
        return set().union(*(_codes_in(v, codes) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_codes_in(v, codes) for v in value)) if value else set()
    return set()


def check_actions(
    game: Game, state: DealState, seat: int, seats: int, pool: dict[str, Action], rng: random.Random
) -> None:
    """Enumeration and ``check`` agree; notation round-trips; rejections change nothing."""
    enumerated = list(islice(state.legal_actions(seat), ENUMERATION_CAP + 1))
    complete = len(enumerated) <= ENUMERATION_CAP
    texts = {str(a) for a in enumerated}
    assert len(texts) == len(enumerated), "an action is enumerated twice"
    for action in rng.sample(enumerated, min(CHECKED_PER_STEP, len(enumerated))):
        assert game.parse_action(str(action)) == action
        assert eval(repr(action), _namespace(action)) == action
        state.check(seat, action)
    for action in enumerated:
        pool.setdefault(str(action), action)
    for text in rng.sample(sorted(pool), min(CHECKED_PER_STEP, len(pool))):
        action = pool[text]
        try:
            state.check(seat, action)
            accepted = True
        except EngineError:
            accepted = False
        if complete:
            assert accepted == (text in texts), f"check and legal_actions disagree on {text!r} for {seat}"
        if not accepted:
            before = snapshot(state, seats)
            try:
                state.apply(seat, action)
            except EngineError:
                pass
            else:
                raise AssertionError(f"apply accepted {text!r} that check rejected")
            assert snapshot(state, seats) == before


def _namespace(action: Action) -> dict[str, Any]:
    module = __import__(type(action).__module__, fromlist=["_"])
    return dict(vars(module))


def run_deal(
    name: str, seed: int, kind: str = "random", rules_json: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play and check one deal of ``name``; return its result."""
    game = get_game(name)
    rules = game.rules_from_json(rules_json or {})
    seats = game.default_seats
    rng = random.Random(seed)
    deck = game.shuffled_deck(rules, seats, rng)
    deck_counts = Counter(deck)
    codes = set(deck)
    record = start_record(
        game, rules.to_json(), [{"name": str(s), "id": None} for s in range(seats)], deck, None, "salt"
    )
    assert record.commitment == commitment("salt", deck)
    state = game.start(rules, seats, deck, None)
    bots = [game.bot(kind, random.Random(seed * 10 + s)) for s in range(seats)]
    pool: dict[str, Action] = {}
    views: list[str] = []
    for _ in range(MAX_STEPS):
        check_zones(state, deck_counts)
        views.append(json.dumps([state.view(s) for s in [*range(seats), None]], sort_keys=True))
        for who in [*range(seats), None]:
            check_view(state, who, codes)
        if state.is_over():
            break
        assert state.to_move(), "nobody to move in a running deal"
        for seat in sorted(state.to_move()):
            check_actions(game, state, seat, seats, pool, rng)
        seat, action = bot_move(state, bots)
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    assert state.is_over(), "the deal did not end"
    result = state.result()
    assert result is not None
    record.result = result
    _check_result(game, seats, deck, result)
    _check_replay(record, views, seats)
    return result


def _check_result(game: Game, seats: int, deck: tuple[str, ...], result: dict[str, Any]) -> None:
    json.dumps(result)
    if "scores" in result:
        assert len(result["scores"]) == seats
        if game.zero_sum:
            assert sum(result["scores"]) == 0, "scores of a zero-sum game must sum to 0"
    if "card_points" in result:
        from engine.family.cards import CARD_POINTS

        total = sum(CARD_POINTS.get(c, 0) for c in deck)
        assert sum(result["card_points"].values()) == total, "card points are not conserved"


def _check_replay(record: Any, views: list[str], seats: int) -> None:
    from engine.core.record import DealRecord, start_state

    loaded = DealRecord.loads(record.dumps())
    check_record(loaded)
    game = get_game(loaded.game)
    state = start_state(loaded)
    for step, (seat, text) in enumerate([*loaded.actions, (-1, "")]):
        assert json.dumps([state.view(s) for s in [*range(seats), None]], sort_keys=True) == views[step]
        if seat >= 0:
            state.apply(seat, game.parse_action(text))
