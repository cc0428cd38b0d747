"""Live-table load test: N tables of four bot clients at one move per second each.

Usage (PostgreSQL and Redis running; the machine's other work stopped)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardclub_dev REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/live.py --levels 50 200 500 --seconds 25

It creates a scratch PostgreSQL database, starts one Daphne process per core (``--nodes N``: N of
them) serving the site with the Redis channel layer (``CHANNEL_LAYER`` as in the settings), and
prepares tables whose deals are already in the play phase (moves written straight to the log).
Client processes open four authenticated sockets per table, all on one node as a balancer with table
affinity sends them (``--balancer``: through nginx running deploy/nginx.conf; ``--spread``: over the
nodes, as a balancer without affinity would); every second the seat to move picks one of its legal
hints and acts. A move's round trip is the time from sending it until all four seats hold a view of
the new version. The same harness then drives a bare Channels echo-broadcast consumer (one group per
table, the mover's message sent to all four sockets) served by as many Daphne processes of its own,
for the baseline on the same machine in the same run. Server steps are switched off
(``TABLES_PACING=off``): clients make every move, so the figures measure the write path and the
fan-out, not Celery. Besides moves/s and round trips it reports the CPU time the server processes
spent per move, where that time goes on the nodes (tables/timings.py), and whether the targets in
docs/performance.md are met.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tables import timings  # noqa: E402  (after the path: plain Python, no Django)

ORIGIN = "http://127.0.0.1"
PASSWORD_HASH = "!"  # bench users never log in by password: sessions are created directly


# -- the bare baseline: an echo-broadcast consumer ------------------------------------------------


def _echo_app() -> Any:
    import django
    from channels.generic.websocket import AsyncJsonWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.urls import path

    django.setup()

    class EchoConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
        """Joins the table's group; a message from one socket is broadcast to the group."""

        async def connect(self) -> None:
            timings.start_probe()  # the node's loop lag, beside the site's
            self.group = f"echo-{self.scope['url_route']['kwargs']['table']}"
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.accept()

        async def receive_json(self, content: Any, **kwargs: Any) -> None:
            await self.channel_layer.group_send(self.group, {"type": "echo.message", "version": content["v"]})

        async def echo_message(self, event: dict[str, Any]) -> None:
            await self.send_json({"type": "view", "version": event["version"]})

    from django.core.asgi import get_asgi_application

    return ProtocolTypeRouter(
        {
            "http": get_asgi_application(),  # /healthz, so the process is awaited like the site
            # The site's socket path, so a balancer pins the echo's tables as it pins the site's.
            "websocket": URLRouter([path("ws/tables/<int:table>/", EchoConsumer.as_asgi())]),
        }
    )


_echo: Any = None


async def echo_application(scope: Any, receive: Any, send: Any) -> None:
    """ASGI entry point of the baseline (``daphne bench.live:echo_application``)."""
    global _echo
    if _echo is None:
        _echo = _echo_app()
    await _echo(scope, receive, send)


# -- preparing tables ----------------------------------------------------------------------------


def prepare(count: int, offset: int) -> list[dict[str, Any]]:
    """Create ``count`` shengji tables of four bench users, each deal advanced to the play phase."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from engine import get_game
    from league.models import Club, Deal, Membership, Move
    from tables.models import LiveTable, TableSeat
    from tables.services import deals

    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    user_model = get_user_model()
    users = user_model.objects.bulk_create(
        user_model(username=f"bench{offset + i}", password=PASSWORD_HASH) for i in range(count * 4)
    )
    Membership.objects.bulk_create(Membership(club=club, user=u) for u in users)
    cookies = []
    for user in users:
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    game = get_game("shengji")
    tables = []
    for t in range(count):
        table = LiveTable.objects.create(
            club=club, host=users[4 * t], game="shengji", rules={}, seconds_per_decision=3600
        )
        TableSeat.objects.bulk_create(
            TableSeat(table=table, seat=s, user=users[4 * t + s], ready=True) for s in range(4)
        )
        deal = deals.begin_match(table)
        while True:
            moves = _to_play_phase(game, deal)
            if moves is not None:
                break
            Deal.objects.filter(pk=deal.pk).delete()
            deal = deals.start_deal(table.match, 1)  # a redeal before play: draw another deck
        Move.objects.bulk_create(Move(deal=deal, seq=i, seat=s, action=a) for i, (s, a) in enumerate(moves))
        Deal.objects.filter(pk=deal.pk).update(version=len(moves))
        tables.append({"id": table.pk, "cookies": cookies[4 * t : 4 * t + 4]})
    return tables


def _to_play_phase(game: Any, deal: Any) -> list[tuple[int, str]] | None:
    """Bot moves from the deal's start until the play phase, or ``None`` if it ends first."""
    state = game.start(game.rules_from_json(deal.rules), 4, deal.deck, deal.situation)
    bots = [game.bot("heuristic", random.Random(s)) for s in range(4)]
    moves: list[tuple[int, str]] = []
    while state.view(None)["phase"] != "play":
        if state.is_over():
            return None
        seat = min(state.must_move())
        action = bots[seat].choose(state, seat)
        state.apply(seat, action)
        moves.append((seat, str(action)))
    return moves


# -- clients ---------------------------------------------------------------------------------------

PREFERRED = ("play", "bury", "pickup", "draw")


async def table_client(
    bases: list[str],
    table: dict[str, Any],
    seconds: float,
    echo: bool,
    out: dict[str, Any],
    affinity: bool = True,
) -> None:
    """Four sockets of one table; once a second the seat to move acts, and the round trip is timed.

    With several server nodes a table's four sockets go to one node, as a balancer with table
    affinity sends them (compose.yaml's); without ``affinity`` they are spread over the nodes, so
    every move is also carried from one node to the others by the channel layer.
    """
    import websockets

    path = f"/ws/tables/{table['id']}/"
    sockets = []
    for seat, cookie in enumerate(table["cookies"]):
        base = bases[(table["id"] + (0 if affinity else seat)) % len(bases)]
        for attempt in range(20):
            try:
                ws = await websockets.connect(
                    "ws://" + base + path,
                    additional_headers={"Cookie": cookie} if cookie else None,
                    origin=ORIGIN,
                    open_timeout=30,
                    max_size=2**20,
                )
                break
            except Exception:
                await asyncio.sleep(0.2 * (attempt + 1))
        else:
            out["failed_connections"] += 1
            out["connected"] += 1
            return
        sockets.append(ws)
    out["connected"] += 1
    latest: list[dict[str, Any] | None] = [None] * 4
    changed = asyncio.Event()

    async def read(seat: int, ws: Any) -> None:
        async for raw in ws:
            frame = json.loads(raw)
            if frame.get("type") == "view":
                latest[seat] = frame
                changed.set()
            elif frame.get("type") == "error":
                out["errors"] += 1

    readers = [asyncio.ensure_future(read(s, ws)) for s, ws in enumerate(sockets)]
    await out["start"].wait()
    began = time.monotonic()
    version = 0
    await asyncio.sleep(random.random())  # spread the tables over the second
    while time.monotonic() - began < seconds:
        tick = time.monotonic()
        t0 = time.monotonic()
        if echo:
            version += 1
            await sockets[version % 4].send(json.dumps({"v": version}))
            target = version
        else:
            move = _next_move(latest)
            if move is None:
                if all(f is not None and f["state"]["phase"] == "over" for f in latest):
                    break
                await asyncio.sleep(0.05)
                continue
            seat, action, target = move
            await sockets[seat].send(json.dumps({"type": "act", "action": action, "version": target - 1}))
        while not all(f is not None and f["version"] >= target for f in latest):
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), 5)
            except TimeoutError:
                out["timeouts"] += 1
                break
        else:
            out["rtts"].append(time.monotonic() - t0)
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
    for reader in readers:
        reader.cancel()
    for ws in sockets:
        await ws.close()


def _next_move(latest: list[dict[str, Any] | None]) -> tuple[int, str, int] | None:
    for seat, frame in enumerate(latest):
        if frame is None or not frame.get("legal") or seat not in (frame.get("clock") or {}).get("seats", []):
            continue
        if any(f is None or f["version"] != frame["version"] for f in latest):
            return None  # a view is still on its way
        hints = frame["legal"]
        for verb in PREFERRED:
            chosen = [h for h in hints if h.split()[0] == verb]
            if chosen:
                return seat, random.choice(chosen), frame["version"] + 1
    return None


def client_process(
    bases: list[str],
    tables: list[dict[str, Any]],
    seconds: float,
    echo: bool,
    ready: Any,
    go: Any,
    affinity: bool = True,
) -> Any:
    """One client process: all its tables' sockets on one event loop; returns the round trips."""

    async def main() -> dict[str, Any]:
        out: dict[str, Any] = {
            "rtts": [],
            "errors": 0,
            "timeouts": 0,
            "failed_connections": 0,
            "connected": 0,
            "lags": [],
        }
        out["start"] = asyncio.Event()
        tasks = []
        # Connect everything first (a few tables at a time), then start all tables together.
        for table in tables:
            tasks.append(asyncio.ensure_future(table_client(bases, table, seconds, echo, out, affinity)))
            while len(tasks) - out["connected"] > 20:
                await asyncio.sleep(0.01)
        while out["connected"] < len(tasks):
            await asyncio.sleep(0.05)
        ready.release()
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        out["start"].set()
        cpu = time.process_time()
        probe = asyncio.ensure_future(_client_lag(out["lags"]))
        await asyncio.gather(*tasks, return_exceptions=True)
        probe.cancel()
        out["cpu_seconds"] = time.process_time() - cpu
        out.pop("start")
        return out

    return asyncio.run(main())


async def _client_lag(lags: list[float]) -> None:
    """How late this client's event loop wakes a timer: a move's round trip includes the time its
    frames wait behind the client's other sockets, which is the bench's backlog, not the server's."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(timings.LAG_TICK)
        lags.append(max(0.0, time.monotonic() - asked - timings.LAG_TICK))


def _client_entry(results: Any, *args: Any) -> None:
    """A client process's entry point: ``client_process(*args)``, its result put on ``results``."""
    results.put(client_process(*args))


def run_level(
    nodes: list[tuple[str, int]],
    tables: list[dict[str, Any]],
    seconds: float,
    echo: bool,
    processes: int,
    affinity: bool = True,
    front: str | None = None,
    timed: str | None = None,
) -> dict[str, Any]:
    """Drive ``tables`` from ``processes`` client processes against the server ``nodes`` (address,
    pid), directly or through the balancer at ``front``; return moves/s, round-trip percentiles,
    the CPU time the nodes together and the clients together spent per move once every socket was
    open, the clients' loop lag and, when the nodes write phase timings to ``timed``, the
    breakdown of the measured window (tables/timings.py)."""
    bases = [front] if front else [base for base, _ in nodes]
    ctx = multiprocessing.get_context("spawn")
    ready = ctx.Semaphore(0)
    go = ctx.Event()
    queue = ctx.Queue()
    chunks = [tables[i::processes] for i in range(processes)]
    workers = [
        ctx.Process(target=_client_entry, args=(queue, bases, chunk, seconds, echo, ready, go, affinity))
        for chunk in chunks
    ]
    for worker in workers:
        worker.start()
    for _ in chunks:
        ready.acquire()
    waited = settle([pid for _, pid in nodes])
    print(
        f"{len(tables)} tables connected to {', '.join(bases)}, nodes quiet after {waited:.0f}s;"
        f" measuring for {seconds:g}s",
        flush=True,
    )
    before = timings.by_process(timed) if timed else {}
    began, cpu = time.monotonic(), sum(cpu_seconds(pid) for _, pid in nodes)
    go.set()
    results = [queue.get(timeout=seconds + 600) for _ in workers]
    elapsed = time.monotonic() - began
    cpu = sum(cpu_seconds(pid) for _, pid in nodes) - cpu
    breakdown, node_lags = {}, []
    if timed:
        time.sleep(2 * timings.FLUSH_EVERY)  # the nodes' last counters reach their files
        after = timings.by_process(timed)
        breakdown = timings.summary(timings.total(before), timings.total(after))
        for _, pid in nodes:
            lag = timings.summary(before.get(pid, {}), after.get(pid, {})).get("loop_lag")
            node_lags.append(lag and {"mean_ms": lag["mean_ms"], "p99_ms": lag["p99_ms"]})
    for worker in workers:
        worker.join(30)
    rtts = sorted(r for res in results for r in res["rtts"])
    lags = sorted(lag for res in results for lag in res["lags"])
    client_cpu = sum(res["cpu_seconds"] for res in results)
    row = {
        "tables": len(tables),
        "moves": len(rtts),
        "moves_per_s": round(len(rtts) / min(elapsed, seconds + 1), 1),
        "p50_ms": round(1000 * statistics.median(rtts), 1) if rtts else None,
        "p95_ms": _ms_at(rtts, 0.95),
        "p99_ms": _ms_at(rtts, 0.99),
        "errors": sum(r["errors"] for r in results),
        "timeouts": sum(r["timeouts"] for r in results),
        "failed_connections": sum(r["failed_connections"] for r in results),
        "server_cpu_ms_per_move": round(1000 * cpu / len(rtts), 2) if rtts else None,
        "client_cpu_ms_per_move": round(1000 * client_cpu / len(rtts), 2) if rtts else None,
        "client_lag_p99_ms": _ms_at(lags, 0.99),
    }
    if breakdown:
        row["breakdown"] = breakdown
        row["node_loop_lag"] = node_lags
    return row


QUIET_SHARE = 0.05  # of one core, all nodes together: a node that has finished its sockets' joins
QUIET_FOR = 1.0  # seconds


def settle(pids: list[int], longest: float = 180.0) -> float:
    """Wait until the server processes are quiet, and return how long that took.

    A socket counts as connected once its handshake is answered, but the site answers before it
    reads the table (tables/consumers.py): the joins of hundreds of sockets go on for seconds
    afterwards, and measured with the moves they were counted as the moves' CPU time.
    """
    began = time.monotonic()
    quiet_since = None
    last = sum(cpu_seconds(pid) for pid in pids)
    while time.monotonic() - began < longest:
        time.sleep(0.25)
        now = sum(cpu_seconds(pid) for pid in pids)
        if now - last <= QUIET_SHARE * 0.25:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= QUIET_FOR:
                break
        else:
            quiet_since = None
        last = now
    return time.monotonic() - began


def _ms_at(ordered: list[float], q: float) -> float | None:
    """The ``q`` quantile of sorted durations in seconds, in milliseconds."""
    return round(1000 * ordered[int(q * (len(ordered) - 1))], 1) if ordered else None


# -- orchestration ---------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process (all its threads) has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def serve(env: dict[str, str], app: str, count: int) -> Iterator[list[tuple[str, int]]]:
    """``count`` Daphne processes serving ``app``; yields each one's host:port and pid."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(serve_one(env, app, n)) for n in range(count)]


@contextlib.contextmanager
def serve_one(env: dict[str, str], app: str, number: int) -> Iterator[tuple[str, int]]:
    """One Daphne process on a free port, its log in the temporary folder; yields host:port and pid."""
    from tests.servers import BIN, free_port, wait_for_http

    port = free_port()
    name = f"bench-daphne-{app.split(':')[0]}-{number}.log"
    log = open(Path(tempfile.gettempdir()) / name, "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), app],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/healthz")
        yield f"127.0.0.1:{port}", proc.pid
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


def main() -> None:
    """Prepare, serve, measure every level for the tables and the echo baseline, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--seconds", type=float, default=25)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument(
        "--nodes",
        type=int,
        default=os.cpu_count() or 1,
        help="Daphne processes for the site, and as many for the echo baseline (default: one per core)",
    )
    parser.add_argument(
        "--balancer",
        action="store_true",
        help="connect through nginx running deploy/nginx.conf in front of the nodes",
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="spread each table's sockets over the nodes (a balancer without table affinity)",
    )
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL (PostgreSQL) and REDIS_URL")
    from tests.servers import manage, scratch_database

    with scratch_database() as env:
        env.update(TABLES_PACING="off", LOG_LEVEL="WARNING", DEBUG="0", SECRET_KEY="bench")
        manage(env, "migrate", "--noinput", "-v0")
        os.environ.update(env)
        import django

        django.setup()
        began = time.monotonic()
        prepared = {}
        offset = 0
        for level in args.levels:
            prepared[level] = prepare(level, offset)
            offset += level * 4
        print(f"prepared {sum(args.levels)} tables in {time.monotonic() - began:.0f}s", flush=True)
        print(f"load average before measuring: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        rows = []
        with contextlib.ExitStack() as stack:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tables-timings-"))
            echoed = stack.enter_context(tempfile.TemporaryDirectory(prefix="echo-timings-"))
            site_env = {**env, "TABLES_TIMINGS": folder}
            site = stack.enter_context(serve(site_env, "cardclub.asgi:application", args.nodes))
            echo_env = {**env, "TABLES_TIMINGS": echoed}  # its loop lag only
            echo = stack.enter_context(serve(echo_env, "bench.live:echo_application", args.nodes))
            fronts: dict[str, str | None] = {"site": None, "echo": None}
            if args.balancer:
                from tests.balancer import balancer

                for name, nodes in (("site", site), ("echo", echo)):
                    fronts[name] = stack.enter_context(balancer([base for base, _ in nodes]))
            for level in args.levels:
                row = run_level(
                    site,
                    prepared[level],
                    args.seconds,
                    False,
                    args.processes,
                    not args.spread,
                    fronts["site"],
                    folder,
                )
                rows.append(("tables", row))
                print(json.dumps({"kind": "tables", **row}), flush=True)
                echo_tables = [{"id": i, "cookies": [""] * 4} for i in range(level)]
                row = run_level(
                    echo,
                    echo_tables,
                    args.seconds,
                    True,
                    args.processes,
                    not args.spread,
                    fronts["echo"],
                    echoed,
                )
                rows.append(("echo", row))
                print(json.dumps({"kind": "echo", **row}), flush=True)
        breakdowns(rows)
        report(
            rows, args.nodes, "through nginx (deploy/nginx.conf)" if args.balancer else "", not args.spread
        )


P99_TARGETS_MS = {200: 100, 500: 250}  # the p99 round trip targets by number of tables (docs/performance.md)
RATIO_TARGET = 0.9  # of the echo baseline's moves per second, at every level


def breakdowns(rows: list[tuple[str, dict[str, Any]]]) -> None:
    """Print where a move's time went on the nodes at each level (tables/timings.py), and each
    node's loop lag (the echo's nodes measure only that)."""
    print("\nWhere a move's time goes on the nodes (ms; p50/p99 are histogram bucket edges)")
    print("| kind | tables | phase | calls | mean | p50 | p99 |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for kind, row in rows:
        for phase, cell in row.get("breakdown", {}).items():
            values = [kind, row["tables"], phase, cell["calls"]]
            values += [cell["mean_ms"], cell["p50_ms"], cell["p99_ms"]]
            print("| " + " | ".join(str(v) for v in values) + " |")
        for number, lag in enumerate(row.get("node_loop_lag", [])):
            if lag:
                values = [kind, row["tables"], f"loop_lag node {number}", ""]
                values += [lag["mean_ms"], "", lag["p99_ms"]]
                print("| " + " | ".join(str(v) for v in values) + " |")


def report(
    rows: list[tuple[str, dict[str, Any]]], nodes: int, front: str = "", affinity: bool = True
) -> None:
    """Print the figures as a Markdown table and whether each target (docs/performance.md) is met."""
    echo = {row["tables"]: row for kind, row in rows if kind == "echo"}
    site = {row["tables"]: row for kind, row in rows if kind == "tables"}
    layer = os.environ.get("CHANNEL_LAYER", "pubsub")
    sockets = front or (
        "a table's sockets on one node" if affinity or nodes == 1 else "sockets spread over nodes"
    )
    print(f"\nDaphne nodes: {nodes} for the site, {nodes} for the echo baseline ({sockets}); layer: {layer}")
    print(
        "| kind | tables | moves/s | p50 ms | p95 ms | p99 ms | of echo | server CPU ms/move"
        " | client CPU ms/move | client lag p99 ms | errors | timeouts |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for kind, row in rows:
        base = echo[row["tables"]]["moves_per_s"]
        ratio = f"{row['moves_per_s'] / base:.2f}x" if base else "-"
        cells = [kind, row["tables"], row["moves_per_s"], row["p50_ms"], row["p95_ms"], row["p99_ms"], ratio]
        cells += [row["server_cpu_ms_per_move"], row["client_cpu_ms_per_move"], row["client_lag_p99_ms"]]
        cells += [row["errors"], row["timeouts"]]
        print("| " + " | ".join(str(cell) for cell in cells) + " |")
    for tables, target in P99_TARGETS_MS.items():
        if tables in site:
            p99 = site[tables]["p99_ms"]
            met = p99 is not None and p99 < target and not site[tables]["timeouts"]
            print(f"{'PASS' if met else 'FAIL'} p99 < {target} ms at {tables} tables: {p99} ms")
    for tables, row in site.items():
        if echo[tables]["moves_per_s"]:
            ratio = row["moves_per_s"] / echo[tables]["moves_per_s"]
            verdict = "PASS" if ratio >= RATIO_TARGET else "FAIL"
            print(f"{verdict} moves/s >= {RATIO_TARGET}x the echo's at {tables} tables: {ratio:.2f}x")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
