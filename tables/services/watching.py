"""Which seats of a table have a socket in this process (``None``: a spectator's socket).

The frames of a new version are made for these seats only (``views.encoded_views``): a node does
not build the spectators' view of a table nobody watches on it, nor the view of a seat whose
socket is on another node. Each socket counts itself in when it knows its seat and out when it
leaves it or closes (tables/consumers.py).
"""

from __future__ import annotations

import threading
from collections import Counter

_lock = threading.Lock()
_sockets: dict[int, Counter[int | None]] = {}


def watch(table_id: int, seat: int | None) -> None:
    """A socket of this process shows the table as ``seat``."""
    with _lock:
        _sockets.setdefault(table_id, Counter())[seat] += 1


def unwatch(table_id: int, seat: int | None) -> None:
    """A socket of this process no longer shows the table as ``seat``."""
    with _lock:
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


def clear() -> None:
    """Forget every socket (tests)."""
    with _lock:
        _sockets.clear()
