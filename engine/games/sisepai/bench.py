"""Benchmark of the win check on 21-card hands (for ``python -m engine bench``).

Hands are drawn from a seeded generator: half are random 21-card hands (mostly not winning),
half are built from random melds so that the search has to find a full partition. The clock is
read here only, never by the rules.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from engine.games.sisepai.partition import concealed_score
from engine.games.sisepai.pieces import COLOURS, pack

_MELD_SHAPES = (
    lambda c: [c + "K"],
    lambda c: [c + "K", c + "A", c + "E"],
    lambda c: [c + "R", c + "H", c + "C"],
    lambda c: [c + "R"] * 3,
    lambda c: [c + "H"] * 2,
    lambda c: [c + "P"] * 4,
)


def _melded_hand(rng: random.Random) -> list[str]:
    hand: list[str] = []
    while len(hand) < 21:
        shape = rng.choice(_MELD_SHAPES)(rng.choice(COLOURS))
        if len(hand) + len(shape) <= 21:
            hand.extend(shape)
    return hand


def sample_hands(count: int, seed: int = 0) -> list[Counter[str]]:
    """``count`` 21-card hands, half random, half made of melds."""
    rng = random.Random(seed)
    cards = list(pack(3))
    hands = []
    for i in range(count):
        hand = rng.sample(cards, 21) if i % 2 else _melded_hand(rng)
        hands.append(Counter(hand))
    return hands


def win_check_median(count: int = 2000, seed: int = 0) -> float:
    """Median seconds of one win check (``concealed_score``) over ``count`` 21-card hands.

    The memo tables are cleared first, so the figure includes filling them."""
    from engine.games.sisepai.partition import best_group

    best_group.cache_clear()
    timings = []
    for hand in sample_hands(count, seed):
        start = time.perf_counter()
        concealed_score(hand)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def bench() -> dict[str, float]:
    """The figures ``python -m engine bench`` reports for Si Se Pai."""
    median = win_check_median()
    return {"win_check_median_ms": round(median * 1000, 4)}


if __name__ == "__main__":
    print(bench())
