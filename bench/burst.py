"""Reconnect burst: many table sockets opening at the same moment on docs/deploy.md's web nodes.

Usage (PostgreSQL and Redis running)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardclub_dev REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/burst.py --sockets 200 --rounds 3

It creates a scratch PostgreSQL database with tables of four members whose deals are in the play
phase (``bench/live.py``'s ``prepare``), starts two Daphne nodes with the web node's command line of
docs/deploy.md (its timeouts included) on the Redis channel layer, and opens every socket at once:
split over the two nodes as a balancer with table affinity sends them, or with ``--one`` all on one
node, as after its peer died and every page reconnected to the survivor. Each socket is timed from
the start of its connection to the end of the WebSocket handshake and to its first view frame; a
socket that gets no handshake or no view (Daphne drops a handshake still pending after its
``--websocket_connect_timeout``) is a failure. It prints failures and p50/p95/max per round with
the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ORIGIN = "http://127.0.0.1"
FRAME_WAIT = 60.0  # seconds a socket may wait for its first view after the handshake


@dataclass
class Burst:
    """What one burst measured: per-socket seconds to the handshake and to the first view."""

    handshakes: list[float] = field(default_factory=list)
    first_views: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        """Counts and p50/p95/max in milliseconds."""
        return {
            "sockets": len(self.handshakes) + len(self.failures),
            "failed": len(self.failures),
            "handshake": spread(self.handshakes),
            "first_view": spread(self.first_views),
        }


def spread(seconds: list[float]) -> dict[str, float | None]:
    """p50, p95 and max of durations in seconds, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return {"p50_ms": None, "p95_ms": None, "max_ms": None}
    return {
        "p50_ms": round(1000 * statistics.median(ordered), 1),
        "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 1),
        "max_ms": round(1000 * ordered[-1], 1),
    }


async def open_one(base: str, table: int, cookie: str, out: Burst, go: asyncio.Event) -> Any:
    """One socket: wait for ``go``, connect, wait for the first view; record times or the failure."""
    import websockets

    await go.wait()
    began = time.monotonic()
    try:
        ws = await websockets.connect(
            f"ws://{base}/ws/tables/{table}/",
            additional_headers={"Cookie": cookie},
            origin=ORIGIN,
            open_timeout=FRAME_WAIT,  # longer than the server's: a failure is the server's verdict
            max_size=2**20,
        )
    except Exception as exc:
        out.failures.append(f"handshake: {type(exc).__name__}: {exc}")
        return None
    out.handshakes.append(time.monotonic() - began)
    try:
        async with asyncio.timeout(FRAME_WAIT):
            async for raw in ws:
                if json.loads(raw).get("type") == "view":
                    out.first_views.append(time.monotonic() - began)
                    return ws
        out.failures.append(f"closed before a view: {ws.close_code}")
    except Exception as exc:
        out.failures.append(f"no view: {type(exc).__name__}: {exc}")
    await ws.close()
    return None


async def burst(sockets: list[tuple[str, int, str]], pids: Sequence[int] = ()) -> tuple[Burst, float]:
    """Open every ``(host:port, table, cookie)`` socket at the same moment and close them all once
    each has its first view or failed; also the CPU seconds the server processes ``pids`` spent
    until then."""
    from bench.live import cpu_seconds

    out = Burst()
    go = asyncio.Event()
    tasks = [asyncio.ensure_future(open_one(base, table, cookie, out, go)) for base, table, cookie in sockets]
    await asyncio.sleep(0.1)  # every task is waiting on ``go``
    cpu = sum(cpu_seconds(pid) for pid in pids)
    go.set()
    opened = await asyncio.gather(*tasks)
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    await asyncio.gather(*(ws.close() for ws in opened if ws is not None), return_exceptions=True)
    return out, cpu


def aim(bases: list[str], tables: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    """Every seat's socket of every table, a table's four on one node (table affinity), the tables
    taken in turn by the nodes."""
    return [
        (bases[n % len(bases)], table["id"], cookie)
        for n, table in enumerate(tables)
        for cookie in table["cookies"]
    ]


@contextlib.contextmanager
def nodes(
    env: dict[str, str], logs: Path, count: int = 2, connect_timeout: int | None = None
) -> Iterator[list[tuple[str, int]]]:
    """``count`` web nodes with docs/deploy.md's command line (``connect_timeout``: another
    ``--websocket_connect_timeout``), their output in the folder ``logs``; yields each one's
    host:port and pid."""
    from tests.servers import process, wait_for_http
    from tests.tables.players import node

    with contextlib.ExitStack() as stack:
        started = []
        for number in range(count):
            args, host = node()
            if connect_timeout is not None:
                args[args.index("--websocket_connect_timeout") + 1] = str(connect_timeout)
            started.append((host, stack.enter_context(process(args, env, logs / f"node-{number}.log")).pid))
        for host, _pid in started:
            wait_for_http(f"http://{host}/healthz")
        yield started


def server_env(env: dict[str, str]) -> dict[str, str]:
    """The scratch database's environment as a deployment runs its nodes (DEBUG off, own queue)."""
    return {
        **env,
        "DEBUG": "0",
        "SECRET_KEY": "burst-" + uuid.uuid4().hex,
        "LOG_LEVEL": "WARNING",
        "CELERY_QUEUE": f"burst-{uuid.uuid4().hex[:8]}",
    }


def killed(logs: Path) -> int:
    """Socket handlers Daphne cancelled so far for outliving ``--application-close-timeout``."""
    return sum(
        log.read_text(errors="replace").count("took too long to shut down") for log in logs.glob("*.log")
    )


def listen_overflows() -> int:
    """How many times a listening socket's accept queue was full on this machine so far (Linux)."""
    lines = [line.split() for line in Path("/proc/net/netstat").read_text().splitlines()]
    counters = {
        k: v
        for names, values in zip(lines[::2], lines[1::2], strict=True)
        for k, v in zip(names, values, strict=True)
    }
    return int(counters.get("ListenOverflows", 0))


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def rounds(
    started: list[tuple[str, int]], tables: list[dict[str, Any]], count: int, one: bool, logs: Path
) -> None:
    """Run ``count`` bursts of every table's sockets on the ``started`` nodes (``one``: on the first
    alone) and print one JSON line per burst."""
    serving = started[:1] if one else started
    targets = aim([host for host, _pid in serving], tables)
    where = "all on one node" if one else "split over two nodes"
    for number in range(count):
        before, overflows = load(), listen_overflows()
        result, cpu = asyncio.run(burst(targets, [pid for _host, pid in serving]))
        row = {"round": number + 1, "where": where, **result.row()}
        row |= {"node_cpu_ms_per_socket": round(1000 * cpu / len(targets), 1)}
        row |= {"listen_overflows": listen_overflows() - overflows}
        row |= {"load_before": before, "load_after": load()}
        print(json.dumps(row), flush=True)
        for reason in sorted(set(result.failures))[:5]:
            print(f"  failure: {reason}", flush=True)
        time.sleep(12)  # the closed sockets' handlers end (or are killed) before the next burst
        print(f"  socket handlers killed on close so far: {killed(logs)}", flush=True)


def main() -> None:
    """Prepare tables, start two nodes, run the bursts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=200, help="sockets per burst (four per table)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", action="store_true", help="every socket on one node (its peer lost)")
    parser.add_argument(
        "--connect-timeout", type=int, help="Daphne's --websocket_connect_timeout instead of docs/deploy.md's"
    )
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL (PostgreSQL) and REDIS_URL")
    from bench.live import prepare
    from tests.servers import documented, manage, scratch_database

    with contextlib.ExitStack() as stack:
        env = server_env(stack.enter_context(scratch_database()))
        manage(env, "migrate", "--noinput", "-v0")
        os.environ.update(env)
        import django

        django.setup()
        tables = prepare(args.sockets // 4, 0)
        logs = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="burst-")))
        started = stack.enter_context(nodes(env, logs, connect_timeout=args.connect_timeout))
        print(f"web node: {' '.join(documented('daphne ')[1:])}", flush=True)
        if args.connect_timeout is not None:
            print(f"  with --websocket_connect_timeout {args.connect_timeout}", flush=True)
        rounds(started, tables, args.rounds, args.one, logs)


if __name__ == "__main__":
    main()
