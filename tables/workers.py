"""Where the table sockets run their database and engine work: Channels' one thread, or a pool.

Channels' ``database_sync_to_async`` is thread-sensitive: every call of every consumer in the
process runs on the same single thread, so the PostgreSQL round trips of unrelated tables wait
for each other and one Daphne process stalls long before its CPU is busy. With
``TABLES_DB_THREADS`` > 0 the calls run on a pool of that many threads instead. Each thread has
its own connection, checked by Channels' usual ``close_old_connections`` around every call and
kept open between calls (``KEEP_FOR``); work on one deal is still serialised in the process by
the live deal's lock (``live.LiveDeal``, docs/performance.md).

With ``CONN_HEALTH_CHECKS`` Django pings the database (``SELECT 1``) before the first query of every
call. A pool thread skips that ping when its connection answered a query less than
``HEALTHY_FOR`` seconds ago: a busy node saves a round trip per move, an idle one still checks.
"""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from channels.db import database_sync_to_async
from django.db import close_old_connections, connection
from django.utils import translation

from cardclub import work
from tables import timings

P = ParamSpec("P")
R = TypeVar("R")

HEALTHY_FOR = 1.0  # seconds
KEEP_FOR = 300.0  # seconds a pool thread keeps its connection, whatever CONN_MAX_AGE says

POOL = "tables-db"  # the pool's name (cardclub.work owns it)

_checked = threading.local()


def _pool_call(fn: Callable[..., R], language: str | None, args: Any, kwargs: Any) -> R:
    """Run one call on a pool thread between ``close_old_connections``, as Channels does, in the
    language of the socket's message."""
    close_old_connections()
    if connection.connection is not None and time.monotonic() - getattr(_checked, "at", 0.0) < HEALTHY_FOR:
        # Django's own flag, which django-stubs does not declare.
        connection.health_check_done = True  # type: ignore[attr-defined]
    try:
        if language == translation.get_language():
            return fn(*args, **kwargs)
        with translation.override(language):
            return fn(*args, **kwargs)
    finally:
        if connection.connection is not None and not connection.errors_occurred:
            _checked.at = time.monotonic()
            _keep_open()
        close_old_connections()


def _keep_open() -> None:
    """Let this pool thread's healthy connection live ``KEEP_FOR`` seconds from when it opened.

    ``CONN_MAX_AGE`` stays 0 for the site (under ASGI each HTTP request's sync code runs on a
    thread of its own, whose persistent connection would outlive it), but a pool thread lives as
    long as the process: reconnecting on every move cost a PostgreSQL connection per move.
    Errors, a changed autocommit and ``KEEP_FOR`` still close it (``close_old_connections``).
    """
    if getattr(_checked, "connection", None) is not connection.connection:
        _checked.connection, _checked.opened = connection.connection, time.monotonic()
    if connection.close_at is not None:
        connection.close_at = max(connection.close_at, _checked.opened + KEEP_FOR)


def db(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``fn`` as an awaitable that runs on the tables' database threads."""
    if timings.ENABLED:
        return _timed(fn)
    return _on_threads(fn)


def _on_threads(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    threads = work.db_threads()
    if threads <= 0:
        return database_sync_to_async(fn)  # type: ignore[no-any-return]

    async def call(*args: P.args, **kwargs: P.kwargs) -> R:
        # A plain executor hop: asgiref's ``SyncToAsync`` also copies the task's context into the
        # thread and back (each socket's task then held a cache client of its own) and shields
        # the call: with the submit kept here, 9% of a node's Python time on the loop at 200
        # tables (docs/performance.md). What the calls need from the socket's context is its
        # language (the refusals' words).
        language = translation.get_language()
        job = functools.partial(_pool_call, fn, language, args, kwargs)
        return await asyncio.get_running_loop().run_in_executor(work.pool(POOL, threads), job)

    return call


def _timed(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``db(fn)`` that also records how long each call waited for a thread (tables/timings.py)."""

    async def call(*args: P.args, **kwargs: P.kwargs) -> R:
        asked = time.perf_counter()

        def started(*a: P.args, **k: P.kwargs) -> R:
            timings.record("thread_wait", time.perf_counter() - asked)
            return fn(*a, **k)

        return await _on_threads(started)(*args, **kwargs)

    return call


def close_all(timeout: float = 10.0) -> None:
    """Retire the pool once each of its threads has closed its database connection.

    For test teardown (a connection left on a pool thread outlives the test database) and process
    shutdown. The next ``db`` call starts a new pool.
    """
    pool = work.retire(POOL)
    if pool is None:
        return
    threads = len(pool._threads)
    if threads:
        # Each task holds its thread at the barrier until all have arrived, so no thread takes two
        # and every thread closes its own connection (Django's connections are per thread).
        barrier = threading.Barrier(threads, timeout=timeout)

        def close() -> None:
            connection.close()
            barrier.wait()

        for future in [pool.submit(close) for _ in range(threads)]:
            future.result()
    pool.shutdown(wait=True)
