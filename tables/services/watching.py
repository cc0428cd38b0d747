"""Which sockets of a table are in this process, and the seat each shows (``None``: a spectator's).

The frames of a new version are made for these seats only (``views.encoded_views``): a node does
not build the spectators' view of a table nobody watches on it, nor the view of a seat whose
socket is on another node. The socket that applied a move hands the table's other sockets here
their frames itself (``sockets``), without the channel layer (tables/consumers.py). Each socket
counts itself in when it knows its seat and out when it leaves it or closes.
"""

from __future__ import annotations

import threading
from typing import Any

_lock = threading.Lock()
# Each table's sockets in the order they came, and the seat each shows.
_members: dict[int, dict[Any, int | None]] = {}


def watch(table_id: int, seat: int | None, socket: Any) -> None:
    """``socket`` (a consumer of this process) shows the table as ``seat``."""
    with _lock:
        _members.setdefault(table_id, {})[socket] = seat


def unwatch(table_id: int, socket: Any) -> None:
    """``socket`` no longer shows the table."""
    with _lock:
        members = _members.get(table_id)
        if members is not None:
            members.pop(socket, None)
            if not members:
                del _members[table_id]


def seats(table_id: int) -> frozenset[int | None]:
    """The seats of the table that have a socket in this process."""
    with _lock:
        return frozenset(_members.get(table_id, {}).values())


def sockets(table_id: int) -> tuple[Any, ...]:
    """The table's sockets in this process."""
    with _lock:
        return tuple(_members.get(table_id, ()))


def clear() -> None:
    """Forget every socket (tests)."""
    with _lock:
        _members.clear()
