"""The playouts of a search: a world played to its end by a fast policy, every seat alike."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.core.game import Bot, DealState
from engine.core.match import bot_move, play_deal

Policy = Callable[[random.Random, int], Sequence[Bot]]  # (generator, seats) → one bot per seat


def playout(state: DealState, policy: Policy, seed: int, seats: int) -> DealState:
    """``state`` (a copy the caller gives up) played to its end by ``policy``'s bots seeded by ``seed``."""
    play_deal(state, policy(random.Random(seed), seats), trusted=True)
    return state


def playout_until(
    state: DealState,
    policy: Policy,
    seed: int,
    seats: int,
    stop: Callable[[DealState], bool],
    beyond: int = 0,
) -> DealState:
    """``state`` (a copy the caller gives up) played by ``policy``'s bots until ``stop`` says so,
    then ``beyond`` times more after at least one step each (a trick game: as many more tricks),
    or until the deal ends; the bots are seeded by ``seed`` as in ``playout``."""
    bots = policy(random.Random(seed), seats)
    for stretch in range(beyond + 1):
        if stretch and not state.is_over():
            state.apply_trusted(*bot_move(state, bots))
        while not state.is_over() and not stop(state):
            state.apply_trusted(*bot_move(state, bots))
    return state


def same_bots(kind: type[Bot]) -> Policy:
    """A policy seating a bot of ``kind`` in every seat, all drawing from one generator."""

    def bots(rng: random.Random, seats: int) -> list[Bot]:
        bot = kind(rng, "fast")
        return [bot] * seats

    return bots
