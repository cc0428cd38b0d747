"""A review made by a real Celery worker of the reviews queue on PostgreSQL and Redis, with Celery
beat's sweep and the tables' worker (docs/deploy.md's processes): the reviews worker (with its
children) is SIGKILLed mid-review, a new one is started, and the review completes with one row per
judged decision, none twice. Needs the real services."""

from __future__ import annotations

import json
import os
import signal
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.demo_template import demo_database
from tests.servers import documented, manage, process, shell

pytestmark = [pytest.mark.services, pytest.mark.timeout(600)]

STALL = 3  # seconds without progress after which the sweep sends a review again

ASK = """
import json
from league.models import Deal
from replays.services import reviews
deal = Deal.objects.order_by("pk").first()
review = reviews.request_review(deal, None, "fast")
print(json.dumps({"review": review.pk}))
"""


def progress(url: str, review: int) -> dict[str, Any]:
    """The review's row and its lines' indices, read from PostgreSQL."""
    import psycopg

    with psycopg.connect(url) as conn:
        status, done, total = conn.execute(
            "SELECT status, done, total FROM replays_review WHERE id = %s", (review,)
        ).fetchone()
        lines = conn.execute(
            "SELECT index FROM replays_reviewline WHERE review_id = %s ORDER BY id", (review,)
        ).fetchall()
    return {"status": status, "done": done, "total": total, "lines": [i for (i,) in lines]}


def wait(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def reviews_worker(env: dict[str, str]) -> list[str]:
    """docs/deploy.md's reviews worker, on the reviews queue of ``env``'s site (its settings name
    it after CELERY_QUEUE: a worker listening elsewhere would never see the review)."""
    args = documented("celery -A cardclub worker -Q")
    args[args.index("-Q") + 1] = f"{env['CELERY_QUEUE']}-reviews"
    return args


def test_a_review_survives_its_worker_being_killed(tmp_path: Path) -> None:
    """Killed after a few judgements: nothing moves without a reviews worker (the tables' worker,
    running all along, runs the sweep but never takes a review); a new reviews worker and the sweep
    finish it, from the lines saved, with no duplicate row."""
    with demo_database() as env:
        env.update(
            CELERY_QUEUE=f"review-loss-{uuid.uuid4().hex[:8]}",
            REVIEWS_STALL_SECONDS=str(STALL),
            REVIEWS_SWEEP_SECONDS="1",
            REVIEWS_RUN="celery",
        )
        env.pop("REVIEWS_QUEUE", None)
        manage(env, "make_sample_deals", "--games", "tractor", "--deals", "1")
        beat = documented("celery -A cardclub beat") + ["--schedule", str(tmp_path / "beat-schedule")]
        tables = documented("celery -A cardclub worker")
        worker = reviews_worker(env)
        url = env["DATABASE_URL"]
        with process(beat, env, tmp_path / "beat.log"), process(tables, env, tmp_path / "tables.log"):
            with process(worker, env, tmp_path / "worker-1.log", group=True) as first:
                review = json.loads(shell(env, ASK).strip().splitlines()[-1])["review"]
                wait(lambda: progress(url, review)["done"] >= 2, 180, "no progress from the first worker")
                os.killpg(first.pid, signal.SIGKILL)
                first.wait()
            lost = progress(url, review)
            assert lost["status"] == "running"
            time.sleep(STALL + 2)  # the sweep sends it again meanwhile: only a reviews worker takes it
            assert progress(url, review)["done"] == lost["done"]
            with process(worker, env, tmp_path / "worker-2.log", group=True):
                wait(
                    lambda: progress(url, review)["status"] in ("done", "failed"),
                    300,
                    "the review did not finish",
                )
        final = progress(url, review)
        logs = "\n".join(p.read_text(errors="replace")[-2000:] for p in sorted(tmp_path.glob("*.log")))
        assert final["status"] == "done", logs
        lines = final["lines"]
        assert len(lines) == len(set(lines)) == final["total"] == final["done"]
        assert lines == sorted(lines)  # saved in the order judged, each once
