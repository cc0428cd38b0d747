"""Which sockets of a table are in this process, and the seat each shows (``None``: a spectator's).

The frames of a new version are made for these seats only (``views.encoded_views``): a node does
not build the spectators' view of a table nobody watches on it, nor the view of a seat whose
socket is on another node. The socket that applied a move hands the table's other sockets here
their frames itself (``sockets``), without the channel layer (tables/consumers.py). Each socket
counts itself in when it knows its seat and out when it leaves it or closes.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

_lock = threading.Lock()
_sockets: dict[int, Counter[int | None]] = {}
_members: dict[int, dict[Any, None]] = {}  # each table's sockets, in the order they came


def watch(table_id: int, seat: int | None, socket: Any = None) -> None:
    """A socket of this process shows the table as ``seat`` (``socket``: the consumer itself)."""
    with _lock:
        _sockets.setdefault(table_id, Counter())[seat] += 1
        if socket is not None:
            _members.setdefault(table_id, {})[socket] = None


def unwatch(table_id: int, seat: int | None, socket: Any = None) -> None:
    """A socket of this process no longer shows the table as ``seat``."""
    with _lock:
        members = _members.get(table_id)
        if members is not None:
            members.pop(socket, None)
            if not members:
                del _members[table_id]
        counts = _sockets.get(table_id)
        if counts is None or not counts[seat]:
            return
        counts[seat] -= 1
        if not counts[seat]:
            del counts[seat]
        if not counts:
            del _sockets[table_id]


def seats(table_id: int) -> frozenset[int | None]:
    """The seats of the table that have a socket in this process."""
    with _lock:
        return frozenset(_sockets.get(table_id, ()))


def sockets(table_id: int) -> tuple[Any, ...]:
    """The table's sockets in this process that counted themselves in with ``socket``."""
    with _lock:
        return tuple(_members.get(table_id, ()))


def clear() -> None:
    """Forget every socket (tests)."""
    with _lock:
        _sockets.clear()
        _members.clear()
