"""Who may join a table's socket, as which seat; built on the league's permission rules."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any

from django.utils.translation import gettext as _

from league import access as league_access
from league.models import Deal
from tables.models import LiveTable
from tables.services import chat, live, lobby, pacing, presence
from tables.services.errors import NotPlaying, NotYourSeat

# Close codes of a refused socket (docs/protocol.md). The server accepts, then closes with one,
# because a refused handshake reaches the page as a bare failure it cannot tell from the network's.
CLOSE_NOT_OPEN = 4404  # the table (or club) does not exist or is not open to this user
CLOSE_LOG_IN = 4401  # not logged in: logging in may open it

# What ``may_watch`` reads of a table, in the query that finds it.
TABLE_RELATED = (
    "club",
    "match__club",
    "match__tournament__club",
    "match__round__tournament__club",
)


def refusal(user: Any) -> int:
    """The close code for a refused socket: 4401 to someone not logged in (a login may help, and the
    code says nothing about whether the table exists), else 4404."""
    return CLOSE_NOT_OPEN if getattr(user, "is_authenticated", False) else CLOSE_LOG_IN


_loading: dict[int, Future[LiveTable | None]] = {}
_loading_lock = threading.Lock()


def join(table_id: int, user: Any) -> tuple[str, int | None] | None:
    """The group and the user's seat (``None``: spectator), or ``None`` when they may not watch."""
    table = table_for_join(table_id)
    if table is None or not may_watch(user, table):
        return None
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    return table.group_name, live.table(table_id).seat_of(user_id)


def table_for_join(table_id: int) -> LiveTable | None:
    """The table with what ``may_watch`` reads, or ``None``; joins of one table at the same moment
    share one query.

    When a node is lost, every socket of each of its tables reconnects to another node within a
    second, and this query with its seven joins was half of a node's CPU time in that burst (Django
    compiles it anew each time). Only calls in flight together share a row, so none is older than
    a query of its own would be.
    """
    with _loading_lock:
        loading = _loading.get(table_id)
        first = loading is None
        if loading is None:
            loading = _loading[table_id] = Future()
    if not first:
        return loading.result()
    try:
        loading.set_result(LiveTable.objects.select_related(*TABLE_RELATED).filter(pk=table_id).first())
    except BaseException as exc:
        loading.set_exception(exc)
    finally:
        with _loading_lock:
            del _loading[table_id]
    return loading.result()


def may_watch(user: Any, table: LiveTable) -> bool:
    """Whoever may see the table's match (its club's, while it has none) watches it: the league's
    rule, ``league.access.can_view_table``."""
    return league_access.can_view_table(user, table)


def arrived(table_id: int, user: Any) -> None:
    """A socket opened the table (counted for the lobby); a seated tournament player is present."""
    presence.arrive(table_id)
    if getattr(user, "is_authenticated", False):
        lobby.arrive(table_id, user)
        chat.record_visit(table_id, user)
    replan(table_id)


def replan(table_id: int) -> None:
    """With in-process pacing, plan the table's next server step again when a socket joins.

    A table started by another process (a management command, a test) or before this process
    restarted has no timer here; Celery countdowns need no such help, they outlive any node.
    """
    if pacing.backend() != "asyncio":
        return
    table = live.table(table_id)
    if table.match_id is None:
        return
    deal = Deal.objects.filter(match_id=table.match_id).order_by("-number").only("id", "version").first()
    if deal is not None:
        pacing.plan(deal.pk, deal.version)


def seat_for(table_id: int, user: Any, wanted: int | None) -> int | None:
    """The seat a socket switches to: ``None`` to watch, or the user's own seat."""
    if wanted is None:
        return None
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    if live.table(table_id).seat_of(user_id) != wanted:
        raise NotYourSeat()
    return wanted


def spectator_error() -> NotYourSeat:
    """Spectators watch; they do not move."""
    return NotYourSeat(_("Spectators cannot move; take a seat in the lobby."))


def current_deal(table_id: int, number: Any = None) -> int:
    """The id of the table's deal in play (``number``, when given, must be that deal's)."""
    table = live.table(table_id)
    deal = None
    if table.match_id is not None:
        deal = Deal.objects.filter(match_id=table.match_id).order_by("-number").only("id", "number").first()
    if deal is None:
        raise NotPlaying()
    if number is not None and number != deal.number:
        raise NotPlaying(_("That deal is over; here is the current one."))
    return deal.pk
