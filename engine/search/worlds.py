"""Worlds: the cards a seat cannot see, dealt again consistently with what it knows.

A game describes what its seat knows as a ``Hidden`` (the unseen cards, the size of every zone
hiding them, cards known to be in a zone, groups of cards a zone is known not to hold);
``sample_worlds`` deals the pool into those zones, giving mappings for ``replace_hidden``.
Everything is read in a canonical order, so two states the seat cannot tell apart give the same
worlds for the same generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Zones = dict[str, list[str]]
TRIES = 20  # deals that may dead-end before the voids are given up (never seen with real knowledge)


@dataclass(frozen=True)
class Hidden:
    """What a seat knows about the cards it cannot see.

    ``pool``: the unseen cards in a canonical order; ``sizes``: zone → number of cards (public);
    ``fixed``: cards known to be in a zone (shown in a declaration, not played since);
    ``barred``: zone → groups it holds none of (suits it failed to follow); ``group``: card → group.
    """

    pool: tuple[str, ...]
    sizes: Mapping[str, int]
    fixed: Mapping[str, Sequence[str]] = field(default_factory=dict)
    barred: Mapping[str, frozenset[str]] = field(default_factory=dict)
    group: Mapping[str, str] = field(default_factory=dict)


def sample_worlds(hidden: Hidden, rng: random.Random, count: int) -> list[Zones]:
    """``count`` deals of ``hidden.pool`` into its zones, each respecting what the seat knows."""
    return [sample_world(hidden, rng) for _ in range(count)]


def sample_world(hidden: Hidden, rng: random.Random) -> Zones:
    """One deal of the pool into the zones: known cards where they are, no card in a barred group."""
    for attempt in range(TRIES + 1):
        world = _deal(hidden, rng, respect_voids=attempt < TRIES)
        if world is not None:
            return world
    raise ValueError("the zones cannot hold the pool")  # sizes not summing to the pool: a caller's bug


def _deal(hidden: Hidden, rng: random.Random, respect_voids: bool) -> Zones | None:
    names = sorted(hidden.sizes)
    left = Counter(hidden.pool)
    world: Zones = {name: [] for name in names}
    for name in names:
        for card in hidden.fixed.get(name, ()):
            if left[card] > 0 and len(world[name]) < hidden.sizes[name]:
                left[card] -= 1
                world[name].append(card)
    cards = list(left.elements())  # in the pool's canonical order
    rng.shuffle(cards)
    room = {name: hidden.sizes[name] - len(world[name]) for name in names}
    allowed = {card: _allowed(hidden, names, card, respect_voids) for card in set(cards)}
    cards.sort(key=lambda card: len(allowed[card]))  # the most constrained first; stable, so still random
    for card in cards:
        options = [name for name in allowed[card] if room[name] > 0]
        if not options:
            return None
        pick = rng.randrange(sum(room[name] for name in options))  # weighted by room: uniform deals
        for name in options:
            pick -= room[name]
            if pick < 0:
                break
        world[name].append(card)
        room[name] -= 1
    return world


def _allowed(hidden: Hidden, names: list[str], card: str, respect_voids: bool) -> list[str]:
    if not respect_voids:
        return names
    group = hidden.group.get(card)
    return [name for name in names if group not in hidden.barred.get(name, frozenset())]
