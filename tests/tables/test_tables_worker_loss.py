"""Worker loss: every step a live table waits for is taken after its worker dies, exactly once.

Two Daphne nodes, a Celery worker and Celery beat, started with docs/deploy.md's commands, on
PostgreSQL and a Redis server of the test's own (so that the test may restart it). Two matches:

- the bots' table: four bots; every step is the server's (paced draws, bot moves, the next deal,
  the match's end);
- the persons' table: a rated tournament match of four members with 3 s clocks; a scripted socket
  plays each seat, except once: seat 3 leaves one decision of the play to its clock.

The worker, with its children (its whole process group), is SIGKILLed while seat 3's clock runs,
while a bot is to move and when a deal is about to end; then Redis is restarted, and last the
worker is stopped gracefully (SIGTERM). Each time, the table waiting for the worker must stand
still while no worker runs and move within 30 s of the new worker's start (of Redis's restart).
Then both matches get a time limit that has passed, so each ends with its current deal. Every
deal's move log has no gap and no duplicate and replays to its result; the held decision was
played once, by the clock; both tables are settled, and their standings and ratings equal a full
recompute.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.demo_template import migrated_database
from tests.servers import documented, free_port, manage, process, shell, wait_for_http
from tests.tables.players import RECORDS_REPLAY, assert_whole_log, bot_client, club_of_four, node

pytestmark = [pytest.mark.services, pytest.mark.timeout(600)]

HEAL = 30.0  # seconds within which a stalled table moves once a worker is back
CLOCK = 3  # seconds per decision at the persons' table
LOST = 1.5  # seconds without a worker: the steps it held come due meanwhile
CARDS = 48  # cards the four hands of a Shengji deal play (one deck for four, six in the kitty)
DEALS = 20  # each match's length: more than the losses need; then both are ended by a time limit

SETUP = club_of_four("heal") + (
    f"""
from tests.tables.helpers import seated_table, start, tournament_table
persons = tournament_table(club, users, deals_per_match={DEALS}, seconds_per_decision={CLOCK})
bots = seated_table(club, users[:1], bots={{0: "heuristic", 1: "random", 2: "heuristic", 3: "random"}},
                    deals_target={DEALS})
start(bots)
print(json.dumps({{"persons": persons.pk, "bots": bots.pk, "cookies": session_cookies(users)}}))
"""
)

# Standings and ratings as stored, then after a full recompute of both.
RECOMPUTE = """
import json
from league.models import PlayerRating, RatingChange, StandingRow, Tournament
from league.services import ratings, standings
def stored():
    return [
        sorted(StandingRow.objects.values_list("entry_id", "rank", "points", "played", "tiebreaks")),
        sorted(RatingChange.objects.values_list("player_id", "match_id", "deal_id", "before", "after")),
        sorted(PlayerRating.objects.values_list("player_id", "family", "rating", "games")),
    ]
before = stored()
for tournament in Tournament.objects.all():
    standings.update(tournament.pk)
ratings.recompute_family("shengji")
print(json.dumps({"before": before, "after": stored()}, default=str))
"""


class Site:
    """The processes of the test: Redis, two nodes, beat, and one worker replaced as an operator would."""

    def __init__(self, env: dict[str, str], folder: Path, stack: contextlib.ExitStack) -> None:
        self.env, self.folder, self.stack = env, folder, stack
        self.redis_port = int(env["REDIS_URL"].rsplit(":", 1)[1].split("/")[0])
        self.worker: Any = None
        self.redis: Any = None
        self.down = False  # the test stopped the worker on purpose
        self.restarts = 0  # times the worker exited on its own and was started again

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def start_redis(self) -> None:
        """A Redis server of this test's own, without persistence (a restart empties it, as compose's)."""
        args = [shutil.which("redis-server") or "redis-server", "--port", str(self.redis_port)]
        args += ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.redis = self.stack.enter_context(process(args, self.env, self.log("redis")))
        import redis

        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(redis.ConnectionError):
                if redis.Redis(port=self.redis_port).ping():
                    return
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def restart_redis(self) -> None:
        """Kill Redis (every queued and unacknowledged task is gone) and start it again at once."""
        self.redis.kill()
        self.redis.wait()
        self.start_redis()

    def start_worker(self) -> float:
        """docs/deploy.md's worker, in a process group of its own; when it started (monotonic)."""
        args = documented("celery -A cardclub worker")
        self.worker = self.stack.enter_context(process(args, self.env, self.log("worker"), group=True))
        self.down = False
        return time.monotonic()

    def supervise(self) -> None:
        """Start the worker again if it exited on its own, as a service manager's restart policy
        does (compose.yaml's ``restart: unless-stopped``). The pinned Celery's worker survives a
        Redis restart by itself (tests/site/test_worker_redis_restart.py); this covers a crash."""
        if not self.down and self.worker.poll() is not None:
            self.restarts += 1
            self.start_worker()

    def kill_worker(self) -> None:
        """SIGKILL the worker and its children: nothing it held is acknowledged or handed back."""
        self.down = True
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait()

    def stop_worker(self) -> None:
        """Stop the worker gracefully (SIGTERM: it finishes its tasks and hands back those it held)."""
        self.down = True
        self.worker.terminate()
        self.worker.wait(timeout=60)

    def tails(self) -> str:
        """Every deal's state, and the end of every process's output."""
        import psycopg

        with psycopg.connect(self.env["DATABASE_URL"]) as conn:
            deals = conn.execute(
                "SELECT t.id, d.id, d.number, d.version, d.status, d.result->>'outcome' FROM league_deal d"
                " JOIN tables_livetable t ON t.match_id = d.match_id ORDER BY d.id"
            ).fetchall()
        out = ["deals (table, deal, number, version, status, outcome): " + repr(deals)]
        for path in sorted(self.folder.glob("*.log")):
            lines = path.read_text(errors="replace").splitlines()[-30:]
            out.append(f"--- {path.name} (last 30 lines)\n" + "\n".join(lines))
        return "\n".join(out)


class Rows:
    """What the test reads of the tables from PostgreSQL."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def latest(self, table: int) -> tuple[int, int, int, str]:
        """The table's current deal: id, number, version, status."""
        row = self.conn.execute(
            "SELECT d.id, d.number, d.version, d.status FROM league_deal d JOIN tables_livetable t"
            " ON t.match_id = d.match_id WHERE t.id = %s ORDER BY d.number DESC LIMIT 1",
            (table,),
        ).fetchone()
        return tuple(row) if row else (0, 0, 0, "")  # type: ignore[return-value]

    def played(self, deal_id: int) -> int:
        """Cards played so far in the deal."""
        actions = self.conn.execute(
            "SELECT action FROM league_move WHERE deal_id = %s AND action LIKE 'play %%'", (deal_id,)
        )
        return sum(len(action.split()) - 1 for (action,) in actions)

    def status(self, table: int) -> tuple[str, bool]:
        """The table's status, and whether its match's results are recorded."""
        query = "SELECT status, settled_at IS NOT NULL FROM tables_livetable WHERE id = %s"
        status, settled = self.conn.execute(query, (table,)).fetchone()
        return status, settled

    def settled(self, table: int) -> bool:
        """The table's match is over and its results are recorded."""
        return self.status(table) == ("finished", True)

    def move(self, deal_id: int, seq: int) -> tuple[int, bool] | None:
        """Seat and auto flag of the deal's move ``seq``."""
        row = self.conn.execute(
            "SELECT seat, auto FROM league_move WHERE deal_id = %s AND seq = %s", (deal_id, seq)
        ).fetchone()
        return (row[0], row[1]) if row else None


async def until(check: Callable[[], bool], timeout: float, what: str, site: Site) -> float:
    """Wait for ``check``; the seconds it took, or fail saying what did not happen."""
    started = time.monotonic()
    while not check():
        site.supervise()
        if time.monotonic() - started > timeout:
            raise AssertionError(f"{what}: not within {timeout:.0f} s\n{site.tails()}")
        await asyncio.sleep(0.02)
    return time.monotonic() - started


def lost(name: str, seconds: float, healed: dict[str, float]) -> None:
    """Note how long the table took to move again after a loss (printed with -s)."""
    healed[name] = round(seconds, 1)
    print(f"{name}: the table moved {seconds:.1f} s after the worker (or Redis) was back", flush=True)


async def lose_worker(site: Site, rows: Rows, table: int, how: str, wait: float = LOST) -> float:
    """Lose the worker (``how``: "kill" or "stop") while ``table`` waits for it; check the table
    stays put without a worker; start a new one; the seconds until the table moved again."""
    site.kill_worker() if how == "kill" else site.stop_worker()
    before = rows.latest(table)[:3]
    await asyncio.sleep(wait)
    assert rows.latest(table)[:3] == before, f"table {table} moved with no worker running ({how})"
    started = site.start_worker()
    moved = lambda: rows.latest(table)[:3] != before  # noqa: E731
    await until(moved, HEAL, f"table {table} after the worker's {how}", site)
    return time.monotonic() - started


def playing(rows: Rows, *tables: int) -> int:
    """The first of ``tables`` whose match is still being played."""
    table = next((t for t in tables if rows.status(t)[0] == "playing"), 0)
    assert table, "both matches ended before the last losses could be tried"
    return table


def holder(log: dict[str, Any], held_seat: int = 3) -> Callable[[int, dict[str, Any]], bool]:
    """``held_seat`` leaves its first decision of the play to its clock while ``log["arm"]`` is set."""

    def hold(seat: int, frame: dict[str, Any]) -> bool:
        if seat != held_seat or not log["arm"]:
            return False
        key = (frame["deal"], frame["version"])
        if log["held"] is None and frame["state"]["phase"] == "play":
            log["held"] = key
        return bool(log["held"] == key)

    return hold


@contextlib.contextmanager
def site_running(
    tmp_path: Path, setup_script: str = SETUP
) -> Iterator[tuple[Site, dict[str, Any], list[str]]]:
    """The database, Redis, both nodes, beat and a first worker; what ``setup_script`` printed (its
    ids) and the node hosts."""
    with migrated_database() as env, contextlib.ExitStack() as stack:
        env.update(
            REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
            TABLES_PACE="draw=0.02,bot=0.05,between_deals=0.3",
            TABLES_NEXT_DEAL_SECONDS="0",  # the next deal at once: nobody here presses "Next deal"
            CELERY_QUEUE=f"worker-loss-{uuid.uuid4().hex[:8]}",
            DB_CONN_MAX_AGE="0",
        )
        site = Site(env, tmp_path, stack)
        site.start_redis()
        setup = json.loads(shell(env, setup_script).strip().splitlines()[-1])
        hosts = []
        for name in ("node-a", "node-b"):
            args, host = node()
            stack.enter_context(process(args, env, site.log(name)))
            hosts.append(host)
        beat = documented("celery -A cardclub beat") + ["--schedule", str(tmp_path / "beat-schedule")]
        stack.enter_context(process(beat, env, site.log("beat")))
        site.start_worker()
        for host in hosts:
            wait_for_http(f"http://{host}/healthz")
        yield site, setup, hosts


def test_every_step_is_taken_once_after_the_worker_is_lost(tmp_path: Path) -> None:
    """Kill the worker at a running clock, a bot's move and a deal's end; restart Redis; stop the
    worker gracefully: each time the table moves within 30 s, and both matches end whole and settled."""
    import psycopg

    with (
        site_running(tmp_path) as (site, setup, hosts),
        psycopg.connect(site.env["DATABASE_URL"], autocommit=True) as conn,
    ):
        rows, bots, persons, cookies = Rows(conn), setup["bots"], setup["persons"], setup["cookies"]
        log: dict[str, Any] = {"done": False, "latest": {}, "connections": {s: [] for s in range(4)}}
        log.update(arm=False, held=None)
        healed: dict[str, float] = {}

        async def run() -> None:
            # Seats 0 and 1 start on node A, 2 and 3 on node B.
            order = [hosts, hosts[::-1]]
            clients = [
                asyncio.ensure_future(bot_client(s, cookies[s], order[s // 2], persons, log, holder(log)))
                for s in range(4)
            ]
            try:
                await scenario()
            finally:
                log["done"] = True
                for client in clients:
                    client.cancel()
                await asyncio.gather(*clients, return_exceptions=True)

        async def scenario() -> None:
            # 1. A person's clock runs: seat 3 leaves its first decision of the play to it.
            log["arm"] = True
            await until(lambda: log["held"] is not None, 120, "seat 3's held decision", site)
            deal_id, version = log["held"]
            lost("clock running", await lose_worker(site, rows, persons, "kill", CLOCK + 0.5), healed)
            log["arm"] = False
            assert rows.move(deal_id, version) == (3, True), "the clock played seat 3's decision, once"
            # 2. A bot is to move (the bots' deal is in its play).
            await until(lambda: rows.played(rows.latest(bots)[0]) > 0, 120, "the bots' play", site)
            lost("bot to move", await lose_worker(site, rows, bots, "kill"), healed)
            # 3. A deal is about to end: its last trick is being played.
            await until(lambda: rows.played(rows.latest(bots)[0]) >= CARDS - 4, 120, "a last trick", site)
            ending = rows.latest(bots)
            lost("deal about to end", await lose_worker(site, rows, bots, "kill"), healed)
            next_deal = lambda: rows.latest(bots)[1] > ending[1] or rows.settled(bots)  # noqa: E731
            await until(next_deal, HEAL, "the step after the deal's end", site)
            # 4. Redis restarts: every queued and unacknowledged task is lost.
            table = playing(rows, bots, persons)
            site.restart_redis()
            before, started = rows.latest(table)[:3], time.monotonic()
            await until(lambda: rows.latest(table)[:3] != before, HEAL, "a table after Redis's restart", site)
            lost("Redis restart", time.monotonic() - started, healed)
            # 5. A graceful stop: the worker hands back what it held.
            lost("graceful stop", await lose_worker(site, rows, playing(rows, bots, persons), "stop"), healed)
            # Time is up for both matches: each ends with its current deal (finish_deal's time limit).
            conn.execute(
                "UPDATE league_match SET ends_at = now() WHERE id IN"
                " (SELECT match_id FROM tables_livetable WHERE id IN (%s, %s))",
                (bots, persons),
            )
            await until(lambda: rows.settled(bots) and rows.settled(persons), 120, "both matches' end", site)

        asyncio.run(run())
        print("seconds from a worker's return to the table's next step:", healed, flush=True)
        print("worker restarts after it exited on its own:", site.restarts, flush=True)
        assert_whole_log(conn)
        manage(site.env, "shell", "-c", RECORDS_REPLAY)
        derived = json.loads(shell(site.env, RECOMPUTE).strip().splitlines()[-1])
        assert all(derived["before"]), "the persons' match has standings, rating changes and ratings"
        assert derived["before"] == derived["after"], "standings and ratings equal a full recompute"
