"""How many sockets watch a table, kept in the shared cache (Redis with REDIS_URL) for the lobby."""

from __future__ import annotations

from django.core.cache import cache

TTL = 6 * 3600  # a crashed node's counts fade out instead of staying forever


def _key(table_id: int) -> str:
    return f"tables:watchers:{table_id}"


def arrive(table_id: int) -> None:
    """One more socket at the table."""
    key = _key(table_id)
    if not cache.add(key, 1, TTL):
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, TTL)


def leave(table_id: int) -> None:
    """One socket fewer at the table."""
    try:
        if cache.decr(_key(table_id)) < 0:
            cache.set(_key(table_id), 0, TTL)
    except ValueError:
        pass


def count(table_id: int) -> int:
    """Sockets open at the table now."""
    return max(0, int(cache.get(_key(table_id)) or 0))
