"""How many sockets watch a table, and how many of them are seated people, kept in the shared
cache (Redis with REDIS_URL) for the lobby and for the deserted tables' deadline (lifecycle.py)."""

from __future__ import annotations

from django.core.cache import cache

TTL = 6 * 3600  # a crashed node's counts fade out instead of staying forever


def _key(table_id: int, kind: str = "watchers") -> str:
    return f"tables:{kind}:{table_id}"


def arrive(table_id: int, kind: str = "watchers") -> None:
    """One more socket at the table (``kind="people"``: of a seated person)."""
    key = _key(table_id, kind)
    if not cache.add(key, 1, TTL):
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, TTL)


def leave(table_id: int, kind: str = "watchers") -> int:
    """One socket fewer at the table; returns how many are left."""
    try:
        left = int(cache.decr(_key(table_id, kind)))
    except ValueError:
        return 0
    if left < 0:
        cache.set(_key(table_id, kind), 0, TTL)
    return max(0, left)


def count(table_id: int) -> int:
    """Sockets open at the table now."""
    return max(0, int(cache.get(_key(table_id)) or 0))


def people(table_id: int) -> int:
    """Sockets of seated people open at the table now."""
    return max(0, int(cache.get(_key(table_id, "people")) or 0))
