"""What a game hands the search: a seat's knowledge, worlds, playout policy and values."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.core.game import Action, Bot, DealState
from engine.search.policy import Policy
from engine.search.worlds import Hidden, Zones


class Knowledge(Protocol):
    """A game's hooks for ``ExpertBot`` and ``evaluate``; it reads only what ``seat`` may know."""

    policy: Policy  # the playout policy, fast and sensible
    margin_weight: float  # how much one point of ``margin`` counts beside one unit of ``value``

    def hidden(self, state: DealState, seat: int) -> Hidden:
        """What ``seat`` knows of the cards it cannot see (for ``sample_worlds``)."""

    def world(self, state: DealState, zones: Zones) -> DealState:
        """``state`` with its hidden zones dealt as ``zones`` (a ``replace_hidden`` whose hands
        list their cards in the order given, so the true hands' order cannot leak in)."""

    def seats(self, state: DealState) -> int:
        """The number of seats at the table."""

    def length(self, state: DealState) -> int:
        """About how many actions a playout from ``state`` takes (what the budget divides by)."""

    def value(self, end: DealState, seat: int) -> float:
        """A finished deal's result for ``seat``, in the game's own unit (levels, points, ranks)."""

    def margin(self, end: DealState, seat: int) -> float:
        """A finer measure of the same result for ``seat`` (card points), to break near-ties."""

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        """At most ``limit`` legal actions worth comparing, ``fallback``'s choice first; a single
        one when search is not worth it (draws, forced actions)."""

    def fallback(self, rng: random.Random) -> Bot:
        """The one-ply bot whose choices seed the candidates and make optional offers."""
