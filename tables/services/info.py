"""Facts about a table that change rarely while its match is played (``live.table`` holds them).

A change of the table's life (paused, resumed, a seat left, taken, substituted, a person away or
back: services/lifecycle.py) bumps the table's generation in the shared cache; every process
compares it before using its cached facts, so no node acts on a paused table or an old seat.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.utils import translation

from tables.models import AWAY_AFTER, LiveTable


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a user id, a bot kind, and the name shown."""

    seat: int
    user_id: int | None
    bot: str
    name: str
    ready: bool = False

    @property
    def taken(self) -> bool:
        """A person or a bot sits here."""
        return self.user_id is not None or bool(self.bot) or self.name_is_player

    name_is_player: bool = False
    expiries: int = 0  # clock expiries in a row

    @property
    def away(self) -> bool:
        """The person's clock ran out twice in a row: the fast expert plays for them."""
        return self.expiries >= AWAY_AFTER


@dataclass(frozen=True)
class TableInfo:
    """A table's fixed facts while it plays."""

    table_id: int
    club_id: int
    match_id: int | None
    game: str
    seats: tuple[SeatInfo, ...]
    seconds_per_decision: int
    spectator_delay: int
    host_id: int | None
    status: str = "open"
    clock_shift: dict[str, Any] = field(default_factory=dict)
    paused_why: str = ""
    tournament: bool = False
    generation: int = 0

    @property
    def group(self) -> str:
        """The channel group of the table."""
        return f"table-{self.table_id}"

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat the user holds, if any."""
        if user_id is None:
            return None
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def bot_of(self, seat: int) -> str:
        """The bot kind seated at ``seat`` ("" for a person)."""
        return self.seats[seat].bot if seat < len(self.seats) else ""

    def away(self, seat: int) -> bool:
        """The person at ``seat`` is away (played by the fast expert at the bots' pace)."""
        return seat < len(self.seats) and self.seats[seat].away

    def clock_since(self, deal_id: int, version: int, since: float) -> float:
        """When the clock of the deal's decision at ``version`` started, shifted by the pauses it sat
        through (``LiveTable.clock_shift``)."""
        shift = self.clock_shift
        if shift.get("deal") == deal_id and shift.get("version") == version:
            return since + float(shift.get("seconds", 0))
        return since


def _generation_key(table_id: int) -> str:
    return f"tables:info:{table_id}"


def generation(table_id: int) -> int:
    """The table's generation in the shared cache (0 until its life first changed)."""
    return int(_cached(_generation_key(table_id)) or 0)


_readers = threading.local()


def _cached(key: str) -> Any:
    """``cache.get(key)``, through one Redis client per thread with the Redis cache.

    Django's Redis cache builds a client for every call: 72 of the 150 us of CPU a read of the
    generation took (every move reads it once; docs/performance.md).
    """
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return backend.get(key)
    held = getattr(_readers, "client", None)
    if held is None or held[0] is not backend:
        held = _readers.client = (backend, backend._cache.get_client(key))
    raw = held[1].get(backend.make_and_validate_key(key))
    return None if raw is None else backend._cache._serializer.loads(raw)  # type: ignore[union-attr]


def bump_generation(table_id: int) -> None:
    """Tell every process that the table's facts changed (``live.table_changed`` calls it after commit)."""
    key = _generation_key(table_id)
    if not cache.add(key, 1, None):
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, None)


def load(table: LiveTable, gen: int = 0) -> TableInfo:
    """Read a table's facts from the database."""
    # In English whatever language loads them first, as in the deal's record: the facts and the
    # frames made from them serve every socket, and the pages name bots and empty seats themselves.
    with translation.override("en"):
        seats = tuple(
            SeatInfo(s.seat, s.user_id, s.bot, s.display_name, s.ready, s.player_id is not None, s.expiries)
            for s in table.seats.select_related("user", "player").order_by("seat")
        )
    tournament = table.match_id is not None and table.match.tournament_id is not None  # type: ignore[union-attr]
    return TableInfo(
        table.pk,
        table.club_id,
        table.match_id,
        table.game,
        seats,
        table.seconds_per_decision,
        table.spectator_delay,
        table.host_id,
        table.status,
        dict(table.clock_shift or {}),
        table.paused_why,
        tournament,
        gen,
    )
