"""The tables' worker outlives a Redis outage: docs/deploy.md's worker command, holding tasks it has
not acknowledged (countdowns, as a live table's steps are), on a Redis server of the test's own that
is stopped for 20 s and started again empty. The same worker process must answer a ping afterwards,
by itself. Before, Celery 5.7.0 exited with "Unrecoverable error: AttributeError('NoneType' object
has no attribute 'hostname')" right after "Restoring N unacknowledged message(s)", and tables
waited for a service manager to start it again (docs/dependencies.md, Celery)."""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from celery import Celery

from tests.servers import documented, free_port, process, redis_server

pytestmark = [pytest.mark.services, pytest.mark.timeout(300)]

OUTAGE = 20.0  # seconds Redis is down
HELD = 5  # countdown tasks the worker holds unacknowledged when Redis goes


def answered(app: Celery, queue: str, timeout: float) -> bool:
    """Whether a worker of ``queue`` answers a ping within ``timeout`` seconds."""
    nonce = uuid.uuid4().hex
    with contextlib.suppress(Exception):
        answer = app.send_task("cardclub.ping", args=[nonce], queue=queue).get(timeout=timeout)
        return bool(answer["nonce"] == nonce)
    return False


def until_answered(app: Celery, queue: str, worker: Any, seconds: float) -> float:
    """Seconds until the worker answers; fails if it exits or stays silent for ``seconds``."""
    started = time.monotonic()
    while not answered(app, queue, timeout=3):
        assert worker.poll() is None, f"the worker exited with {worker.returncode}"
        assert time.monotonic() - started < seconds, f"no answer within {seconds} s"
    return time.monotonic() - started


def test_the_same_worker_serves_after_redis_was_down_for_20_s(tmp_path: Path) -> None:
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "REDIS_URL": url, "CELERY_QUEUE": queue}
    app = Celery("probe", broker=url, backend=url)
    log = tmp_path / "worker.log"
    try:
        with contextlib.ExitStack() as stack:
            redis = stack.enter_context(redis_server(port, tmp_path / "redis.log"))
            worker = stack.enter_context(
                process(documented("celery -A cardclub worker"), env, log, group=True)
            )
            until_answered(app, queue, worker, 120)
            for _ in range(HELD):
                app.send_task("cardclub.ping", args=["held"], queue=queue, countdown=600)
            time.sleep(1)  # the worker takes them: reserved, not acknowledged
            redis.terminate()
            redis.wait(timeout=10)
            time.sleep(OUTAGE)
            assert worker.poll() is None, "the worker exited while Redis was down"
            with redis_server(port, tmp_path / "redis.log"):
                healed = until_answered(app, queue, worker, 60)
                assert worker.poll() is None
        print(f"answered {healed:.1f} s after Redis came back")
        assert "Unrecoverable error" not in log.read_text(errors="replace")
    finally:
        app.close()
    # The output, for a failure's report: reconnect attempts, restored messages.
    print(log.read_text(errors="replace")[-3000:])
