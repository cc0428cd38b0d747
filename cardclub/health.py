"""Reachability checks of the database, the channel layer and the Celery broker."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection

from cardclub.celery import app as celery_app

Check = dict[str, Any]


def _timed(ok: bool, started: float, detail: str) -> Check:
    return {"ok": ok, "ms": round((time.perf_counter() - started) * 1000, 1), "detail": detail}


def check_database() -> Check:
    """Run ``SELECT 1`` on the default database."""
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"
        return _timed(False, started, f"{type(exc).__name__}: {exc}")
    finally:
        # A fresh connection for every probe, so a stale one cannot hide an outage; but never
        # inside a transaction (a test's, or ATOMIC_REQUESTS'), whose later queries it would break.
        if not connection.in_atomic_block:
            connection.close()
    return _timed(True, started, connection.vendor)


async def check_channel_layer(timeout: float = 2.0, attempts: int = 3, pause: float = 0.2) -> Check:
    """Send a message to a fresh channel and receive it back, trying ``attempts`` times.

    After a Redis restart the layer's pooled connections are dead: the first one or two sends
    fail ("Connection closed by server", "Error UNKNOWN while writing to socket") while the layer
    opens new ones, and a single try answered 503 for a node that was serving again.
    """
    started = time.perf_counter()
    layer = get_channel_layer()
    if layer is None:
        return _timed(False, started, "no channel layer configured")
    failure = ""
    for attempt in range(1, attempts + 1):
        try:
            channel = await layer.new_channel("healthz.")
            await layer.send(channel, {"type": "health.ping"})
            message = await asyncio.wait_for(layer.receive(channel), timeout)
        except Exception as exc:
            failure = f"{type(exc).__name__}: {exc}"
            if attempt < attempts:
                await asyncio.sleep(pause)
            continue
        detail = type(layer).__name__ + (f" (attempt {attempt})" if attempt > 1 else "")
        return _timed(message.get("type") == "health.ping", started, detail)
    return _timed(False, started, f"{failure} ({attempts} attempts)")


def check_broker(timeout: float = 2.0) -> Check:
    """Open a connection to the Celery broker (eager mode has none to open)."""
    started = time.perf_counter()
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return _timed(True, started, "eager: tasks run in-process")
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
    except Exception as exc:
        return _timed(False, started, f"{type(exc).__name__}: {exc}")
    return _timed(True, started, celery_app.conf.broker_url.split("://")[0])


def check_worker(timeout: float = 5.0, queue: str | None = None) -> Check:
    """Round-trip a ``ping`` task through the broker and a worker of ``queue`` (the default queue's
    when ``None``)."""
    from cardclub.tasks import ping

    started = time.perf_counter()
    nonce = uuid.uuid4().hex
    try:
        answer = ping.apply_async((nonce,), queue=queue).get(timeout=timeout)
    except Exception as exc:
        return _timed(False, started, f"{type(exc).__name__}: {exc}")
    return _timed(answer.get("nonce") == nonce, started, str(answer.get("worker")))
