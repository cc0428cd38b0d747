"""``copy()`` and ``replace_hidden()`` of every game's deal state, the search's two entry points.

Positions come from bot-played deals (random and heuristic seats alternating), taken every few
steps so that each phase is visited: the draw with its declarations, the kitty, the bidding,
the burial, the calls, leads and follows in mid-trick, Si Se Pai's redeal question, draws,
claim windows (some seats answered) and discards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.core.game import Action, DealState, Game
from engine.core.match import MAX_STEPS
from engine.core.registry import get_game

TABLES = [
    ("shengji", 4, {}),
    ("shengji", 4, {"four_of_a_kind": True, "real_hand_throws": True, "throw_penalty": True}),
    ("tractor", 4, {}),
    ("tractor", 4, {"tractor_follow": True, "real_hand_throws": True}),
    ("sandaha", 4, {}),
    ("zhaopengyou", 6, {}),
    ("zhaopengyou", 9, {"real_hand_throws": True}),
    ("zhaopengyou", 12, {}),
    ("sisepai", 2, {}),
    ("sisepai", 3, {"dealer_21": True}),
    ("sisepai", 4, {}),
]
IDS = [f"{name}-{seats}-{'-'.join(rules) or 'default'}" for name, seats, rules in TABLES]
EVERY = 7  # steps between two positions looked at
PLAYOUT = 40  # random actions applied to a copy


def views(state: DealState, seats: int) -> str:
    """Everything a seat or a spectator can see, whose turn it is and where every card is."""
    seen = [state.view(s) for s in [*range(seats), None]]
    return json.dumps(
        [sorted(state.to_move()), sorted(state.must_move()), state.zones(), seen], sort_keys=True
    )


def legal(state: DealState, seats: int) -> list[list[str]]:
    """The first legal actions of every seat, as text."""
    out = []
    for seat in range(seats):
        actions = state.legal_actions(seat)
        out.append([str(a) for _, a in zip(range(60), actions, strict=False)])
    return out


def positions(name: str, seats: int, rules_json: dict[str, object], seed: int) -> Iterator[DealState]:
    """Every ``EVERY``-th state of a deal played by random and heuristic bots from ``seed``."""
    game = get_game(name)
    rules = game.rules_from_json(rules_json)
    rng = random.Random(seed)
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, rng), None)
    bots = [game.bot(("random", "heuristic")[s % 2], random.Random(seed * 31 + s)) for s in range(seats)]
    for step in range(MAX_STEPS):
        if state.is_over():
            return
        if step % EVERY == 3:
            yield state
        seat, action = next_action(state, bots)
        state.apply(seat, action)


def next_action(state: DealState, bots: list[object]) -> tuple[int, Action]:
    """What the bots do next, as ``play_deal`` asks them."""
    for seat in sorted(state.to_move() - state.must_move()):
        action = bots[seat].offer(state, seat)  # type: ignore[attr-defined]
        if action is not None:
            return seat, action
    seat = min(state.must_move())
    return seat, bots[seat].choose(state, seat)  # type: ignore[attr-defined]


def play_on(game: Game, state: DealState, rng: random.Random, steps: int) -> None:
    """Apply up to ``steps`` random legal actions (random bots, optional actions included)."""
    bots = [game.bot("random", random.Random(rng.getrandbits(32))) for _ in range(16)]
    for _ in range(steps):
        if state.is_over():
            return
        seat, action = next_action(state, bots)
        state.apply(seat, action)


def deciding_seat(state: DealState) -> int:
    """The seat whose decision a search would make now."""
    return min(state.must_move())


def permuted_hidden(state: DealState, seat: int, rng: random.Random) -> dict[str, list[str]]:
    """The cards hidden from ``seat`` dealt again at random into the same zones with the same sizes."""
    zones = state.zones()
    names = sorted(n for n in state.hidden_from(seat) if n.startswith("hand:") or n in ("stock", "kitty"))
    pool = [card for name in names for card in zones[name]]
    rng.shuffle(pool)
    out, at = {}, 0
    for name in names:
        out[name] = pool[at : at + len(zones[name])]
        at += len(zones[name])
    return out


@pytest.mark.parametrize(("name", "seats", "rules"), TABLES, ids=IDS)
def test_a_copy_played_on_leaves_the_original_unchanged(
    name: str, seats: int, rules: dict[str, object]
) -> None:
    """A copy shows the same views and legal actions; playing it on never changes the original."""
    game = get_game(name)
    rng = random.Random(5)
    for seed in (1, 2):
        for state in positions(name, seats, rules, seed):
            before, actions = views(state, seats), legal(state, seats)
            twin = state.copy()
            assert type(twin) is type(state)
            assert views(twin, seats) == before
            assert legal(twin, seats) == actions
            play_on(game, twin, rng, PLAYOUT)
            assert views(state, seats) == before
            assert legal(state, seats) == actions


@pytest.mark.parametrize(("name", "seats", "rules"), TABLES, ids=IDS)
def test_an_original_played_on_leaves_its_copy_unchanged(
    name: str, seats: int, rules: dict[str, object]
) -> None:
    """The other way round: copies keep what the original showed when they were taken, after the
    original has played on to the end of its deal."""
    taken = []
    for state in positions(name, seats, rules, 3):  # the deal goes on after each position
        twin = state.copy()
        taken.append((twin, views(twin, seats)))
    assert len(taken) > 3
    for twin, before in taken:
        assert views(twin, seats) == before


@pytest.mark.parametrize(("name", "seats", "rules"), TABLES, ids=IDS)
def test_the_same_hidden_cards_give_the_same_state(name: str, seats: int, rules: dict[str, object]) -> None:
    """``replace_hidden`` with the zones as they are: every view and legal action is the same."""
    for state in positions(name, seats, rules, 4):
        zones = state.zones()
        same = {n: zones[n] for n in zones if n.startswith("hand:") or n in ("stock", "kitty")}
        twin = state.replace_hidden(same)
        assert views(twin, seats) == views(state, seats)
        assert legal(twin, seats) == legal(state, seats)


@pytest.mark.parametrize(("name", "seats", "rules"), TABLES, ids=IDS)
def test_hidden_cards_dealt_again_keep_the_deciding_seats_view(
    name: str, seats: int, rules: dict[str, object]
) -> None:
    """Cards the deciding seat cannot see, dealt again among the zones hiding them, change nothing it
    sees nor its legal actions; the new state plays on to its end, and the original is untouched."""
    game = get_game(name)
    rng = random.Random(7)
    changed = 0
    for seed in (5, 6):
        for state in positions(name, seats, rules, seed):
            seat = deciding_seat(state)
            before = views(state, seats)
            zones = permuted_hidden(state, seat, rng)
            try:
                twin = state.replace_hidden(zones)
            except ValueError as exc:  # a Si Se Pai claim already answered may need its pieces
                assert name == "sisepai" and "has answered" in str(exc)
                continue
            assert twin.view(seat) == state.view(seat)
            assert list(twin.legal_actions(seat))[:60] == list(state.legal_actions(seat))[:60]
            now = twin.zones()
            assert all(Counter(now[n]) == Counter(cards) for n, cards in zones.items())
            changed += any(now[n] != state.zones()[n] for n in zones)
            play_on(game, twin, rng, MAX_STEPS)
            assert twin.is_over()
            assert views(state, seats) == before
    assert changed


@pytest.mark.parametrize(("name", "seats", "rules"), TABLES, ids=IDS)
def test_replacing_needs_the_same_cards_in_hidden_zones_of_the_same_sizes(
    name: str, seats: int, rules: dict[str, object]
) -> None:
    """A card that appears or vanishes, a zone of another size or a public zone is a ``ValueError``."""
    state = next(s for s in positions(name, seats, rules, 8) if len(s.zones()["hand:1"]) >= 2)
    zones = state.zones()
    hand = list(zones["hand:1"])
    other = next(c for c in state.zones()["stock"] + zones["hand:0"] if c != hand[0])
    before = views(state, seats)
    with pytest.raises(ValueError, match="gain"):
        state.replace_hidden({"hand:1": [other, *hand[1:]]})
    with pytest.raises(ValueError, match="holds"):
        state.replace_hidden({"hand:1": hand[1:], "hand:0": [*zones["hand:0"], hand[0]]})
    with pytest.raises(ValueError, match="cannot be replaced|not a zone"):
        state.replace_hidden({"trick": []} if "trick" in zones else {"discards:0": []})
    with pytest.raises(ValueError, match="not a zone"):
        state.replace_hidden({"hand:99": []})
    assert views(state, seats) == before


@pytest.mark.parametrize("name", ["shengji", "tractor", "sandaha", "zhaopengyou"])
def test_a_replaced_stock_is_drawn_in_its_new_order(name: str) -> None:
    """The stock is given in draw order: the next draw takes its first card."""
    game = get_game(name)
    rules = game.rules_from_json({})
    seats = game.default_seats
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, random.Random(9)), None)
    stock = state.zones()["stock"]
    twin = state.replace_hidden({"stock": stock[::-1]})
    drawer = min(twin.must_move())
    twin.apply(drawer, game.parse_action("draw"))
    assert Counter(twin.zones()[f"hand:{drawer}"])[stock[-1]] == 1
    assert twin.zones()["stock"] == stock[::-1][1:]
    assert state.zones()["stock"] == stock
