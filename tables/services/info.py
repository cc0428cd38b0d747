"""Facts about a table that do not change while its match is played, cached per process."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from tables.models import LiveTable


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


_by_table: dict[int, TableInfo] = {}
_table_of_match: dict[int, int] = {}
_lock = threading.Lock()


def load(table: LiveTable) -> TableInfo:
    """Read a table's facts from the database."""
    seats = tuple(
        SeatInfo(s.seat, s.user_id, s.bot, s.display_name, s.ready, s.player_id is not None)
        for s in table.seats.select_related("user", "player").order_by("seat")
    )
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
    )


def of_table(table_id: int, *, fresh: bool = False) -> TableInfo:
    """The facts of a table; cached only once it plays (seats no longer change then)."""
    with _lock:
        info = _by_table.get(table_id)
    if info is not None and not fresh:
        return info
    info = load(LiveTable.objects.get(pk=table_id))
    if info.match_id is not None and info.status != LiveTable.Status.OPEN:
        with _lock:
            _by_table[table_id] = info
            _table_of_match[info.match_id] = table_id
    return info


def of_match(match_id: int) -> TableInfo | None:
    """The facts of the table playing ``match_id``, or ``None`` (an offline match)."""
    with _lock:
        table_id = _table_of_match.get(match_id)
    if table_id is None:
        table = LiveTable.objects.filter(match_id=match_id).first()
        if table is None:
            return None
        table_id = table.pk
    return of_table(table_id)


def forget(table_id: int) -> None:
    """Drop a table's cached facts (its seats changed)."""
    with _lock:
        info = _by_table.pop(table_id, None)
        if info is not None and info.match_id is not None:
            _table_of_match.pop(info.match_id, None)
