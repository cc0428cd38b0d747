"""A fixed-window rate limiter on Django's cache (shared by every node when the cache is Redis)."""

from __future__ import annotations

import time

from django.core.cache import cache


def hit(key: str, limit: int, window: int) -> bool:
    """Count one request for ``key``; False once more than ``limit`` came in the current window."""
    bucket = f"ratelimit:{key}:{int(time.time()) // window}"
    # add() is atomic: only the first request of a window creates the counter.
    if cache.add(bucket, 1, timeout=window + 1):
        return True
    try:
        count = cache.incr(bucket)
    except ValueError:  # the counter expired between add() and incr()
        cache.add(bucket, 1, timeout=window + 1)
        return True
    return count <= limit
