"""Where a live move's time goes on a node, measured only when ``TABLES_TIMINGS`` names a folder.

``bench/live.py`` sets it for the Daphne nodes it starts and reads the files back after each level
(bench/results/2026-11-25-live-tables.md, "Where a move's round trip waits"). Each phase keeps
cumulative counters (calls, total seconds and a histogram on fixed bucket edges), so a reader takes
the difference of two snapshots for one level. Off by default: every hook is then a single attribute
test.

Phases, in a move's order:

- ``loop_lag``: how late a node's event loop wakes a 50 ms timer (every frame and event waits
  behind whatever else the loop is doing);
- ``thread_wait``: from a socket's ``db(...)`` call to a tables thread starting it;
- ``engine``: ``check`` + ``apply`` of the move on the cached state;
- ``database``: the statement that claims the version and inserts the Move (with its commit);
- ``render``: every seat's view and legal hints, encoded once for the node;
- ``publish``: the ``PUBLISH`` of the table event to Redis;
- ``fanout``: from the publish until a node sends a socket its frame (other sockets of the same
  event included, so the tail shows the wait for the loop).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PHASES = ("loop_lag", "thread_wait", "engine", "database", "render", "publish", "fanout")
# Bucket upper edges in milliseconds; the last bucket is everything above 1 s.
EDGES_MS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
LAG_TICK = 0.05  # seconds between the loop-lag probe's wake-ups
FLUSH_EVERY = 0.5  # seconds between writes of this process's counters to its file

FOLDER = os.environ.get("TABLES_TIMINGS", "")
ENABLED = bool(FOLDER)

_lock = threading.Lock()
_counters: dict[str, list[float]] = {}
_probe: asyncio.Task[None] | None = None


def record(phase: str, seconds: float) -> None:
    """Count one duration of ``phase`` (a no-op unless timings are on)."""
    if not ENABLED:
        return
    slot = bisect.bisect_left(EDGES_MS, seconds * 1000)
    with _lock:
        row = _counters.setdefault(phase, [0.0] * (len(EDGES_MS) + 3))
        row[0] += 1
        row[1] += seconds
        row[2 + slot] += 1


@contextlib.contextmanager
def measure(phase: str) -> Iterator[None]:
    """Record the time spent inside the block as ``phase``."""
    if not ENABLED:
        yield
        return
    began = time.perf_counter()
    try:
        yield
    finally:
        record(phase, time.perf_counter() - began)


def start_probe() -> None:
    """Start this process's loop-lag probe and writer on the running loop (once)."""
    global _probe
    if ENABLED and _probe is None:
        _probe = asyncio.get_running_loop().create_task(_lag_probe())


async def _lag_probe() -> None:
    flushed = time.monotonic()
    while True:
        asked = time.monotonic()
        await asyncio.sleep(LAG_TICK)
        now = time.monotonic()
        record("loop_lag", max(0.0, now - asked - LAG_TICK))
        if now - flushed >= FLUSH_EVERY:
            flushed = now
            await asyncio.get_running_loop().run_in_executor(None, flush)


def flush() -> None:
    """Write this process's counters to ``<TABLES_TIMINGS>/<pid>.json`` (atomically)."""
    if not ENABLED:
        return
    with _lock:
        data = {phase: list(row) for phase, row in _counters.items()}
    path = Path(FOLDER) / f"{os.getpid()}.json"
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(data))
    scratch.replace(path)


def snapshot(folder: str | Path) -> dict[str, list[float]]:
    """The counters of every process that wrote to ``folder``, summed per phase."""
    return total(by_process(folder))


def total(processes: dict[int, dict[str, list[float]]]) -> dict[str, list[float]]:
    """Counters of several processes (``by_process``) summed per phase."""
    out: dict[str, list[float]] = {}
    for counters in processes.values():
        for phase, row in counters.items():
            into = out.setdefault(phase, [0.0] * len(row))
            for i, value in enumerate(row):
                into[i] += value
    return out


def by_process(folder: str | Path) -> dict[int, dict[str, list[float]]]:
    """The counters of each process that wrote to ``folder``, by process id."""
    out: dict[int, dict[str, list[float]]] = {}
    for path in Path(folder).glob("*.json"):
        with contextlib.suppress(ValueError, OSError):
            out[int(path.stem)] = json.loads(path.read_text())
    return out


def summary(before: dict[str, list[float]], after: dict[str, list[float]]) -> dict[str, dict[str, Any]]:
    """Per phase between two snapshots: calls, mean, p50 and p99 in ms (p50/p99 as bucket edges)."""
    out: dict[str, dict[str, Any]] = {}
    for phase in PHASES:
        row = after.get(phase)
        if row is None:
            continue
        base = before.get(phase, [0.0] * len(row))
        diff = [a - b for a, b in zip(row, base, strict=True)]
        calls = int(diff[0])
        if calls <= 0:
            continue
        out[phase] = {
            "calls": calls,
            "mean_ms": round(1000 * diff[1] / calls, 2),
            "p50_ms": _quantile(diff[2:], calls, 0.5),
            "p99_ms": _quantile(diff[2:], calls, 0.99),
        }
    return out


def _quantile(buckets: list[float], calls: int, q: float) -> float | str:
    """The upper edge of the bucket holding quantile ``q`` (">1000" past the last edge)."""
    seen = 0.0
    for edge, count in zip(EDGES_MS, buckets, strict=False):
        seen += count
        if seen >= q * calls:
            return edge
    return f">{EDGES_MS[-1]}"
