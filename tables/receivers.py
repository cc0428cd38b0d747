"""What the live tables do when the league publishes a round or a match is played with real cards."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from league.models import Match, Round
from league.services.duplicate import is_duplicate
from tables.models import LiveTable
from tables.services import events, lobby
from tables.services.lobby_rows import lobby_group


def open_duplicate_tables(sender: Any, rnd: Round, **kwargs: Any) -> None:
    """A published duplicate round gets a live table for each of its matches, seats assigned; a
    table whose every seat is a bot has nobody to wait for and starts at once."""
    if not is_duplicate(rnd.tournament):
        return
    for table in lobby.tables_for_round(rnd):
        if all(seat.bot for seat in table.seats.all()):
            lobby.start_if_ready(table)


def close_offline_table(sender: Any, match: Match, **kwargs: Any) -> None:
    """A match whose results are entered by hand plays at a physical table: its live table, if it
    has not started, leaves the lobby (a started one refuses hand entry, league.services.results)."""
    deleted, _rows = LiveTable.objects.filter(match=match, status=LiveTable.Status.OPEN).delete()
    if deleted:
        group = lobby_group(match.club_id)
        transaction.on_commit(lambda: events.notify(group, 0, 0))
