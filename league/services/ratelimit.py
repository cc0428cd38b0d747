"""A fixed-window rate limiter on Django's cache (shared by every node when the cache is Redis)."""

from __future__ import annotations

import ipaddress
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


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


def exceeded(key: str, limit: int, window: int) -> bool:
    """Whether ``key`` already counted more than ``limit`` in the current window (counts nothing).

    For limits on failures only: the caller asks first and ``hit``s on each failure.
    """
    bucket = f"ratelimit:{key}:{int(time.time()) // window}"
    return int(cache.get(bucket) or 0) >= limit


def client_address(request: HttpRequest) -> str:
    """The address the request came from, trusting ``X-Forwarded-For`` only as far as our proxies.

    Each of the ``TRUSTED_PROXIES`` reverse proxies in front appends the address it was reached
    from (nginx's ``$proxy_add_x_forwarded_for``), so the client is the ``TRUSTED_PROXIES``-th
    entry from the right; anything further left was written by the client and is ignored. With
    no proxy (the default) the header is ignored altogether and the socket's address counts.
    """
    remote = str(request.META.get("REMOTE_ADDR") or "")
    proxies = int(getattr(settings, "TRUSTED_PROXIES", 0))
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR") or "")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    if len(hops) < proxies:
        # Fewer hops than proxies: the request did not come through all of them; the nearest is
        # the only one we can name.
        return remote
    candidate = hops[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
