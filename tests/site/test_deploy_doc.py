"""docs/deploy.md's commands work: two Daphne nodes and a worker on the real PostgreSQL and Redis."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import urllib.request
import uuid
from typing import Any

import pytest

from tests.servers import ROOT, daphne, documented, free_port, scratch_database

pytestmark = pytest.mark.services


def healthz(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/healthz?worker=1&reviews=1", timeout=15) as response:
        assert response.status == 200
        return dict(json.load(response))


def test_it_serves_two_nodes_and_a_worker_with_the_documented_commands() -> None:
    """Both nodes report database, channel layer, broker and both workers' answers as ok."""
    web = documented("daphne ")
    assert re.fullmatch(r"\d+", web[web.index("-p") + 1])
    worker = documented("celery -A cardclub worker --")
    reviews = documented("celery -A cardclub worker -Q")
    prepare = [documented(f"python manage.py {step}") for step in ("migrate", "collectstatic")]
    with scratch_database() as env:
        env.update(
            DEBUG="0", SECRET_KEY="ci-" + uuid.uuid4().hex, CELERY_QUEUE=f"deploy-{uuid.uuid4().hex[:8]}"
        )
        for command in prepare:
            subprocess.run(command, cwd=ROOT, env=env, check=True, timeout=300)
        # The documented reviews' queue is the default one's name for CELERY_QUEUE=cardclub.
        env.pop("REVIEWS_QUEUE", None)
        reviews[reviews.index("-Q") + 1] = f"{env['CELERY_QUEUE']}-reviews"
        worker_proc = subprocess.Popen(worker, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        reviews_proc = subprocess.Popen(reviews, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        try:
            with contextlib.ExitStack() as stack:
                urls = [stack.enter_context(daphne(env, free_port(), web)) for _ in range(2)]
                answers = [healthz(url) for url in urls]
                assert len({answer["node"] for answer in answers}) == 2
                assert all(set(answer["checks"]) >= {"worker", "reviews_worker"} for answer in answers)
        finally:
            for proc in (worker_proc, reviews_proc):
                proc.terminate()
                proc.wait(timeout=30)
