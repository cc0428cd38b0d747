"""The tables' worker outlives a Redis outage: docs/deploy.md's worker command, holding tasks it has
not acknowledged (countdowns, as a live table's steps are), on a Redis server of the test's own that
is stopped for 20 s and started again empty. The same worker process must answer a ping afterwards,
by itself. Before, Celery 5.7.0 exited with "Unrecoverable error: AttributeError('NoneType' object
has no attribute 'hostname')" right after "Restoring N unacknowledged message(s)", and tables
waited for a service manager to start it again (docs/dependencies.md, Celery)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.servers import documented, free_port, process, redis_server

pytestmark = [pytest.mark.services, pytest.mark.timeout(300)]

OUTAGE = 20.0  # seconds Redis is down
HELD = 5  # countdown tasks the worker holds unacknowledged when Redis goes


# The client runs in a process of its own: a Celery app left in the test process, with its broker
# gone, broke the interpreter later in the run (CPython's "AST constructor recursion depth
# mismatch" at the end of the session).
CLIENT = """
import sys, time, uuid
from celery import Celery
url, queue, mode, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
app = Celery("probe", broker=url, backend=url)
if mode == "hold":
    for _ in range(int(seconds)):
        app.send_task("cardclub.ping", args=["held"], queue=queue, countdown=600)
    sys.exit(0)
started = time.monotonic()
while time.monotonic() - started < seconds:
    nonce = uuid.uuid4().hex
    try:
        if app.send_task("cardclub.ping", args=[nonce], queue=queue).get(timeout=3)["nonce"] == nonce:
            print(round(time.monotonic() - started, 1))
            sys.exit(0)
    except Exception:
        time.sleep(0.5)
sys.exit(1)
"""


def client(url: str, queue: str, mode: str, seconds: float) -> float:
    """Ping ``queue`` until a worker answers (the seconds it took; fails after ``seconds``), or
    with ``mode="hold"`` send ``seconds`` countdown tasks for the worker to hold."""
    done = subprocess.run(
        [sys.executable, "-c", CLIENT, url, queue, mode, str(seconds)],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    )
    assert done.returncode == 0, f"no answer within {seconds} s: {done.stderr[-2000:]}"
    return float(done.stdout or 0)


def test_the_same_worker_serves_after_redis_was_down_for_20_s(tmp_path: Path) -> None:
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "REDIS_URL": url, "CELERY_QUEUE": queue}
    log = tmp_path / "worker.log"
    with contextlib.ExitStack() as stack:
        redis = stack.enter_context(redis_server(port, tmp_path / "redis.log"))
        worker = stack.enter_context(process(documented("celery -A cardclub worker"), env, log, group=True))
        client(url, queue, "ping", 120)
        client(url, queue, "hold", HELD)
        time.sleep(1)  # the worker takes them: reserved, not acknowledged
        redis.terminate()
        redis.wait(timeout=10)
        time.sleep(OUTAGE)
        assert worker.poll() is None, "the worker exited while Redis was down"
        with redis_server(port, tmp_path / "redis.log"):
            healed = client(url, queue, "ping", 60)
            assert worker.poll() is None, "the worker exited after Redis came back"
    print(f"answered {healed:.1f} s after Redis came back")
    assert "Unrecoverable error" not in log.read_text(errors="replace")
    # The output, for a failure's report: reconnect attempts, restored messages.
    print(log.read_text(errors="replace")[-3000:])
