"""A PostgreSQL outage loses no queued review and no table step: the reviews are queued, the
database is cut away from the worker (a TCP proxy between them drops every connection and refuses
new ones) for 20 s while the worker takes each review, and every one is done soon after the
database is back, with no Celery beat running (no sweep to bring them back). Before, each review
failed at once with ``OperationalError`` and was acknowledged, as was ``tables.advance``: only the
sweep found them again, the last review a quarter of an hour later. PostgreSQL itself is never
stopped (it is shared): only the proxy is cut. Needs the real services."""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.demo_template import demo_database
from tests.replays.test_replays_review_worker import progress, wait
from tests.servers import CuttableProxy, documented, manage, process, shell

pytestmark = [pytest.mark.services, pytest.mark.timeout(600)]

OUTAGE = 20.0  # seconds the worker cannot reach PostgreSQL
REVIEWS = 3

ASK = f"""
import json
from celery import current_app
from league.models import Deal
from replays.services import reviews
deals = Deal.objects.filter(has_moves=True).order_by("pk")[:{REVIEWS}]
ids = [reviews.request_review(deal, None, "fast").pk for deal in deals]
current_app.send_task("tables.advance", args=[deals[0].pk, 0])  # a stale step: nothing to do
print(json.dumps({{"reviews": ids}}))
"""


def through(url: str, port: int) -> str:
    """``url`` with its host and port replaced by the proxy's."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))


def test_no_review_is_lost_while_postgresql_is_away(tmp_path: Path) -> None:
    with demo_database() as env:
        queue = f"db-outage-{uuid.uuid4().hex[:8]}"
        env.update(CELERY_QUEUE=queue, REVIEWS_RUN="celery")
        env.pop("REVIEWS_QUEUE", None)
        manage(env, "make_sample_deals", "--games", "tractor", "--deals", str(REVIEWS))
        url = env["DATABASE_URL"]
        parts = urlsplit(url)
        proxy = CuttableProxy((parts.hostname or "127.0.0.1", parts.port or 5432))
        worker = documented("celery -A cardclub worker -Q")
        worker[worker.index("-Q") + 1] = f"{queue},{queue}-reviews"  # the tables' and the reviews' queue
        log = tmp_path / "worker.log"
        try:
            with process(worker, {**env, "DATABASE_URL": through(url, proxy.port)}, log, group=True):
                wait(lambda: " ready." in log.read_text(errors="replace"), 120, "the worker did not start")
                proxy.cut()
                ids = json.loads(shell(env, ASK).strip().splitlines()[-1])["reviews"]
                time.sleep(OUTAGE)
                taken = log.read_text(errors="replace")
                proxy.restore()
                back = time.monotonic()
                wait(
                    lambda: all(progress(url, r)["status"] in ("done", "failed") for r in ids),
                    240,
                    "the reviews were not made after the database came back",
                )
                healed = time.monotonic() - back
        finally:
            proxy.close()
        output = log.read_text(errors="replace")
        assert [progress(url, r)["status"] for r in ids] == ["done"] * REVIEWS, output[-3000:]
        print(f"{REVIEWS} reviews done {healed:.1f} s after the database came back")
        # Each was taken during the outage and sent again instead of failing; so was the table step.
        assert taken.count("replays.review[") >= REVIEWS and "OperationalError" in taken, taken[-3000:]
        assert "tables.advance[" in taken and "retry" in taken.lower()
        assert "raised unexpected" not in output, output[-3000:]
