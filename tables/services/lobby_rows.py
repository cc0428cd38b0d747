"""The club lobby's rows (open and running tables) and the small event that makes lobby sockets re-read them.

The lobby page and the lobby socket render the same partial template from ``lobby_tables``, so
the rows a socket pushes are exactly the rows the page was served with.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from cardclub.games import game_info
from league import access
from league.models import Club
from tables.models import LiveTable
from tables.services import events, facts, presence

MAX_ROWS = 100
ENDED_SHOWN = timedelta(minutes=10)  # a match ended early stays in the lobby, marked "ended", this long


def lobby_group(club_id: int) -> str:
    """The channel group of a club's lobby sockets."""
    return f"lobby-{club_id}"


def lobby_tables(club: Club, user: Any) -> list[LiveTable]:
    """The club's open and running tables ``user`` may see, newest first, with watchers and game facts."""
    tables = list(
        access.visible_tables(user, club.live_tables.exclude(status=LiveTable.Status.FINISHED))
        .exclude(status=LiveTable.Status.ENDED, match__finished_at__lt=timezone.now() - ENDED_SHOWN)
        .prefetch_related("seats__user", "seats__player")
        .select_related("ruleset")
        .order_by("-created")[:MAX_ROWS]
    )
    for table in tables:
        table.watchers = presence.count(table.pk)  # type: ignore[attr-defined]
        table.info = game_info(table.game)  # type: ignore[attr-defined]
        table.rule_differences = facts.rule_differences(table.game, table.rules)  # type: ignore[attr-defined]
        table.clock = facts.clock_label(table.seconds_per_decision)  # type: ignore[attr-defined]
        open_ = table.status == LiveTable.Status.OPEN
        seats = list(table.seats.all())
        table.waiting = facts.waiting_for(seats, table.match_id is not None) if open_ else []  # type: ignore[attr-defined]
    return tables


def lobby_changed(table_id: int) -> None:
    """After the current transaction commits, tell the lobby of the table's club to re-read its rows."""

    def send() -> None:
        club_id = LiveTable.objects.filter(pk=table_id).values_list("club_id", flat=True).first()
        if club_id is not None:
            # The same small event a table's sockets get; lobby sockets answer it by re-reading.
            events.notify(lobby_group(club_id), 0, 0)

    transaction.on_commit(send)
