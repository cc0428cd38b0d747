"""Facts about a table that do not change while its match is played (``live.table`` holds them)."""

from __future__ import annotations

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
