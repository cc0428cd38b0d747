"""Bots: seeded, legal, calling sensibly, and deciding only from what their seat may know."""

from __future__ import annotations

import copy
import random

import pytest
from zpy_table import GAME, in_play

from engine.core.errors import BadSetup
from engine.core.match import selfplay_deal
from engine.family.phases import Phase
from engine.games.zhaopengyou.actions import Call
from engine.games.zhaopengyou.deal import ZhaoDeal


def calling(hand: str) -> ZhaoDeal:
    state = in_play(6, {0: hand}, "H", "2")
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    return state


def test_the_heuristic_calls_an_ace_it_does_not_hold() -> None:
    """Holding both AS, the heuristic calls the 1st AD or AC, never an AS it cannot be shown."""
    state = calling("AS AS AH 3S 3D 3C 4C")
    call = GAME.bot("heuristic", random.Random(1)).choose(state, 0)
    assert isinstance(call, Call) and call.nth == 1 and call.card == "AD"


def test_the_heuristic_calls_the_copy_after_its_own() -> None:
    """Holding one AS (and both AD and AC) it calls the 2nd AS: its own copy counts (§Calling friends)."""
    state = calling("AS AD AD AC AC 3S")
    assert GAME.bot("heuristic", random.Random(1)).choose(state, 0) == Call(2, "AS")


def test_the_heuristic_makes_all_its_calls_legally() -> None:
    """Twelve players call five friends: five distinct legal calls."""
    state = in_play(12, {0: "AS AD AC 3S"}, "H", "2")
    state.phase, state.calls, state.fulfilled = Phase.CALL, [], []
    bot = GAME.bot("heuristic", random.Random(2))
    while state.phase == "call":
        state.apply(0, bot.choose(state, 0))
    assert len(set(state.calls)) == 5 and all(not state.trump.is_trump(c.card) for c in state.calls)


def test_unknown_bot_kinds_are_refused() -> None:
    with pytest.raises(BadSetup):
        GAME.bot("clever", random.Random(1))


@pytest.mark.parametrize("seats", [6, 9, 12])
def test_the_same_seed_plays_the_same_deal(seats: int) -> None:
    """Bots are seeded: a seed gives one record."""
    rules = GAME.rules_from_json({})
    one = selfplay_deal(GAME, rules, seats, None, random.Random(9), ["heuristic", "random"])
    two = selfplay_deal(GAME, rules, seats, None, random.Random(9), ["heuristic", "random"])
    assert one.actions == two.actions and one.result == two.result


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_ignore_what_their_seat_cannot_see(kind: str) -> None:
    """Swapping two other players' hands and reshuffling the stock never changes a bot's choice."""
    rules = GAME.rules_from_json({})
    state = GAME.start(rules, 7, GAME.shuffled_deck(rules, 7, random.Random(5)), None)
    assert isinstance(state, ZhaoDeal)
    bots = [GAME.bot("heuristic", random.Random(s)) for s in range(7)]
    compared = 0
    while not state.is_over():
        seat = min(state.must_move())
        if state.phase in ("play", "call", "bury") or compared % 7 == 0:
            twin = copy.deepcopy(state)
            a, b = [s for s in range(7) if s != seat][:2]
            if sum(twin.hands[a].values()) == sum(twin.hands[b].values()):
                twin.hands[a], twin.hands[b] = twin.hands[b], twin.hands[a]
            stock = list(twin.deck[twin.pos : twin.dealt])
            random.Random(compared).shuffle(stock)
            twin.deck = twin.deck[: twin.pos] + tuple(stock) + twin.deck[twin.dealt :]
            mine = GAME.bot(kind, random.Random(compared)).choose(state, seat)
            theirs = GAME.bot(kind, random.Random(compared)).choose(twin, seat)
            assert mine == theirs, (state.phase, seat)
        compared += 1
        state.apply(seat, bots[seat].choose(state, seat))
    assert compared > 100
