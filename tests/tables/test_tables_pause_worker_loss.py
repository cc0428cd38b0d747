"""A paused table stands still through its worker's loss and resumes, on the other node, exactly once.

The site is the worker-loss test's (``test_tables_worker_loss``): two Daphne nodes, a Celery worker
and Celery beat started with docs/deploy.md's commands, on PostgreSQL and a Redis of the test's own.
One casual match with 4 s clocks: the host (seat 0) and a member (seat 2) played by scripted
sockets, the expert bot at seat 1, the heuristic bot at seat 3. Twice the host pauses the table from
node A and the worker is SIGKILLed with its children:

- while seat 2's clock runs (its countdown task is the worker's): seat 2 leaves its first decision
  of the play to its clock;
- when the expert bot at seat 1 is to move (its step taken, or about to be, by the worker).

Each time, with a new worker running and beat sweeping, the table makes no move though the
decision's deadline passes; the host resumes from node B; the resumed view's deadline is shifted by
the time paused, and the step the table waited for is made once, by the clock or the bot (no sooner
than the shifted deadline for the clock). Then the match gets a time limit that has passed and ends
with its current deal; every deal's move log is whole and replays to its result.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.servers import manage
from tests.tables.players import RECORDS_REPLAY, assert_whole_log, bot_client, club_of_four
from tests.tables.test_tables_worker_loss import Rows, Site, holder, site_running, until

pytestmark = [pytest.mark.services, pytest.mark.timeout(600)]

CLOCK = 4  # seconds per decision
PAUSED = CLOCK + 1.0  # seconds paused with no worker, then as long with a new one: past any deadline
HEAL = 30.0  # seconds within which the table moves once resumed (its step due)
HELD, BOT = 2, 1  # the seat that leaves a decision to its clock; the expert bot's seat

SETUP = club_of_four("pause") + (
    f"""
from tests.tables.helpers import seated_table, start
table = seated_table(club, users[:2], bots={{{BOT}: "expert", 3: "heuristic"}},
                     seconds_per_decision={CLOCK}, deals_target=20)
start(table)
print(json.dumps({{"table": table.pk, "cookies": session_cookies(users)}}))
"""
)


class Host:
    """The host's own socket on one node, beside the scripted players: it pauses and resumes."""

    def __init__(self, host: str, table: int, cookie: str) -> None:
        self.url, self.cookie, self.ws = f"ws://{host}/ws/tables/{table}/", cookie, None

    async def __aenter__(self) -> Host:
        import websockets

        self.ws = await websockets.connect(
            self.url, additional_headers={"Cookie": self.cookie}, origin="http://127.0.0.1", open_timeout=5
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.ws is not None
        await self.ws.close()

    async def view(self, wanted: Any, timeout: float = HEAL) -> dict[str, Any]:
        """The next view for which ``wanted(view)`` holds."""
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while True:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), deadline - time.monotonic()))
            assert frame.get("type") != "error", frame
            if frame.get("type") == "view" and wanted(frame):
                return frame

    async def steer(self, kind: str, status: str) -> tuple[float, dict[str, Any]]:
        """Send ``kind`` ("pause", "resume"); when it was sent (epoch seconds) and the first view
        whose table has ``status``."""
        assert self.ws is not None
        sent = time.time()
        await self.ws.send(json.dumps({"type": kind}))
        return sent, await self.view(lambda f: f["life"]["status"] == status)


def bot_to_move(frame: dict[str, Any]) -> bool:
    """The expert bot is to move in the play (its step is the worker's to take)."""
    clock = frame.get("clock") or {}
    return frame["state"]["phase"] == "play" and clock.get("seats") == [BOT] and not clock.get("paced")


def wait_ready(site: Site, ready_before: int) -> None:
    """Wait until the worker's log says one more worker is ready than ``ready_before``."""
    deadline = time.monotonic() + 60
    while worker_ready_count(site) <= ready_before:
        assert time.monotonic() < deadline, f"the new worker did not start\n{site.tails()}"
        time.sleep(0.1)


def worker_ready_count(site: Site) -> int:
    path = site.log("worker")
    return path.read_text(errors="replace").count(" ready.") if path.exists() else 0


async def pause_through_loss(
    site: Site, rows: Rows, conn: Any, hosts: list[str], table: int, cookie: str, wanted: Any
) -> dict[str, Any]:
    """Pause from node A once the host's view satisfies ``wanted``, kill the worker, start a new one;
    check nothing moved, resume from node B; the facts the checks need."""
    async with Host(hosts[0], table, cookie) as host_a:
        await host_a.view(wanted, timeout=120)
        _, paused = await host_a.steer("pause", "paused")
    ready = worker_ready_count(site)
    site.kill_worker()
    at_pause = rows.latest(table)[:3]
    (paused_at,) = conn.execute("SELECT paused_at FROM tables_livetable WHERE id = %s", (table,)).fetchone()
    assert (paused["deal"], paused["version"]) == (at_pause[0], at_pause[2]), "a move came after the pause"
    await asyncio.sleep(PAUSED)
    assert rows.latest(table)[:3] == at_pause, "the paused table moved with no worker running"
    site.start_worker()
    await asyncio.to_thread(wait_ready, site, ready)
    await asyncio.sleep(PAUSED)
    assert rows.latest(table)[:3] == at_pause, "the paused table moved once a new worker ran"
    async with Host(hosts[1], table, cookie) as host_b:
        sent, resumed = await host_b.steer("resume", "playing")
        answered = time.time()
    (shift,) = conn.execute("SELECT clock_shift FROM tables_livetable WHERE id = %s", (table,)).fetchone()
    deal_id, _number, version = at_pause
    await until(lambda: rows.latest(table)[:3] != at_pause, HEAL, f"table {table} after the resume", site)
    return {
        "paused": paused,
        "resumed": resumed,
        "deal": deal_id,
        "version": version,
        "paused_for": (sent - paused_at.timestamp(), answered - paused_at.timestamp()),
        "shift": shift,
    }


def move_at(conn: Any, deal_id: int, seq: int) -> tuple[int, bool, float]:
    """Seat, auto flag and time (epoch seconds) of the deal's move ``seq``."""
    seat, auto, created = conn.execute(
        "SELECT seat, auto, created FROM league_move WHERE deal_id = %s AND seq = %s", (deal_id, seq)
    ).fetchone()
    return seat, auto, created.timestamp()


def check_resumed(conn: Any, facts: dict[str, Any]) -> tuple[int, bool]:
    """The clock's shift is the time paused, the resumed view shows the shifted deadline, and the
    step waited for was made once, by whoever was to move; that seat, and whether its clock ran out."""
    deal_id, version = facts["deal"], facts["version"]
    shift = facts["shift"]
    low, high = facts["paused_for"]
    assert (shift["deal"], shift["version"]) == (deal_id, version), shift
    assert low - 0.5 <= shift["seconds"] <= high + 0.5, (shift, facts["paused_for"])
    clock = facts["paused"]["clock"]
    (seat,) = clock["seats"]
    since = move_at(conn, deal_id, version - 1)[2]  # the decision's clock started with the last move
    deadline = since + shift["seconds"] + CLOCK
    assert facts["resumed"]["clock"]["deadline"] == pytest.approx(deadline * 1000, abs=50)
    moved_seat, auto, moved_at = move_at(conn, deal_id, version)
    assert moved_seat == seat, "the step waited for, by the seat it waited for"
    if auto:  # the clock ran out: no sooner than its shifted deadline (a step may be 50 ms early)
        assert moved_at >= deadline - 0.1, (moved_at, deadline)
    return seat, auto


def test_a_paused_table_stands_still_through_a_worker_s_loss_and_resumes_once(tmp_path: Path) -> None:
    """Pause at a running clock and at a bot's move, kill the worker, start another: nothing moves
    until the host resumes on the other node; then the step is made once, its clock shifted."""
    import psycopg

    with (
        site_running(tmp_path, SETUP) as (site, setup, hosts),
        psycopg.connect(site.env["DATABASE_URL"], autocommit=True) as conn,
    ):
        rows, table, cookies = Rows(conn), setup["table"], setup["cookies"]
        log: dict[str, Any] = {"done": False, "latest": {}, "connections": {s: [] for s in range(4)}}
        log.update(arm=True, held=None)
        moved: list[tuple[int, bool]] = []

        async def run() -> None:
            people = {0: cookies[0], HELD: cookies[1]}
            clients = [
                asyncio.ensure_future(
                    bot_client(s, cookie, hosts[s // 2 :] + hosts[: s // 2], table, log, holder(log, HELD))
                )
                for s, cookie in people.items()
            ]
            try:
                # 1. Seat 2's clock runs: the host pauses a moment after the decision came.
                await until(lambda: log["held"] is not None, 120, "seat 2's held decision", site)
                held = log["held"]
                clocked = lambda f: (f["deal"], f["version"]) == held  # noqa: E731
                facts = await pause_through_loss(site, rows, conn, hosts, table, cookies[0], clocked)
                assert (facts["deal"], facts["version"]) == held
                moved.append(check_resumed(conn, facts))
                log["arm"] = False
                # 2. The expert bot is to move: the host pauses at once.
                facts = await pause_through_loss(site, rows, conn, hosts, table, cookies[0], bot_to_move)
                moved.append(check_resumed(conn, facts))
                # Time is up: the match ends with its current deal (finish_deal's time limit).
                conn.execute(
                    "UPDATE league_match SET ends_at = now() WHERE id ="
                    " (SELECT match_id FROM tables_livetable WHERE id = %s)",
                    (table,),
                )
                await until(lambda: rows.settled(table), 120, "the match's end", site)
            finally:
                log["done"] = True
                for client in clients:
                    client.cancel()
                await asyncio.gather(*clients, return_exceptions=True)

        asyncio.run(run())
        print("(seat, by its clock) of the step after each resume:", moved, flush=True)
        assert moved[0] == (HELD, True), "the clock played the held decision"
        assert moved[1][0] != BOT or not moved[1][1], "the bot made its own move"
        kinds = [k for (k,) in conn.execute("SELECT kind FROM league_resultevent ORDER BY id")]
        assert [k for k in kinds if k in ("paused", "resumed")] == ["paused", "resumed"] * 2, kinds
        assert_whole_log(conn)
        manage(site.env, "shell", "-c", RECORDS_REPLAY)
