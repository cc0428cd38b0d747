"""Where background work runs, for each kind of work, and the one owner of the process's thread pools.

Three kinds of work leave the socket or the request that caused them:

- ``steps``, a live deal's server steps (paced draws, bot moves, clocks that run out, the next
  deal; ``tables/services/pacing.py``): ``celery`` (the task ``tables.advance``, with a
  countdown), ``asyncio`` (timers on the event loop serving the sockets, the bots thinking on the
  ``tables-bots`` pool), ``manual`` (tests: queued until run) or ``off`` (load tests). ``TABLES_PACING``.
- ``settle``, a finished live match's result, standings and ratings (``tables/services/settle.py``):
  ``celery`` (``tables.settle``) where the steps run there, else ``inline``.
- ``reviews``, game reviews (``replays/services/reviews.py``): ``celery`` (``replays.review``),
  ``thread`` (the ``replays-review`` pool, one thread), ``inline`` or ``manual``. ``REVIEWS_RUN``.

Unset, a kind runs in Celery when there is a worker (``REDIS_URL``), and in the web process with
the embedded default's eager Celery, which would run it inside the request. The sockets' own
database calls are foreground work, but their threads are a pool too: ``TABLES_DB_THREADS``
threads (``tables-db``), or Channels' one thread when it is 0 (SQLite).

The settings are read once per process; a test that changes them (``settings``,
``override_settings``) is followed through Django's ``setting_changed``.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

STEPS, SETTLE, REVIEWS = "steps", "settle", "reviews"
READ = ("TABLES_PACING", "REVIEWS_RUN", "CELERY_TASK_ALWAYS_EAGER", "TABLES_DB_THREADS")

_lock = threading.Lock()
_read: dict[str, Any] = {}  # what the settings said, by kind of work
_pools: dict[str, ThreadPoolExecutor] = {}


def where(kind: str) -> str:
    """Where ``kind`` (``STEPS``, ``SETTLE`` or ``REVIEWS``) runs in this process."""
    mode = _read.get(kind)
    if mode is None:
        mode = _read.setdefault(kind, _chosen(kind))
    return str(mode)


def _chosen(kind: str) -> str:
    in_process = bool(getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False))
    if kind == STEPS:
        return str(getattr(settings, "TABLES_PACING", "") or ("asyncio" if in_process else "celery"))
    if kind == SETTLE:
        return "celery" if where(STEPS) == "celery" else "inline"
    if kind == REVIEWS:
        return str(getattr(settings, "REVIEWS_RUN", "") or ("thread" if in_process else "celery"))
    raise ValueError(f"no such kind of work: {kind}")


def db_threads() -> int:
    """Threads of the ``tables-db`` pool for the sockets' database calls (0: Channels' one thread)."""
    threads = _read.get("tables-db")
    if threads is None:
        threads = _read.setdefault("tables-db", int(getattr(settings, "TABLES_DB_THREADS", 0) or 0))
    return int(threads)


def pool(name: str, threads: int) -> ThreadPoolExecutor:
    """The process's pool ``name`` of ``threads`` threads, made on first use (and made again when
    its size changed: tests)."""
    with _lock:
        current = _pools.get(name)
        if current is None or current._max_workers != threads:
            if current is not None:
                current.shutdown(wait=False)
            current = _pools[name] = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=name)
        return current


def retire(name: str) -> ThreadPoolExecutor | None:
    """Take the pool ``name`` out of use (the next ``pool`` call makes a new one); the caller shuts
    it down."""
    with _lock:
        return _pools.pop(name, None)


@receiver(setting_changed)
def _forget(setting: str, **kwargs: Any) -> None:
    if setting in READ:
        _read.clear()
