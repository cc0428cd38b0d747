"""docs/deploy.md's commands work: two Daphne nodes and a worker on the real PostgreSQL and Redis."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import urllib.request
import uuid

import pytest

from tests.servers import ROOT, daphne, documented, free_port, scratch_database

pytestmark = pytest.mark.services


def healthz(url: str) -> dict[str, object]:
    with urllib.request.urlopen(f"{url}/healthz?worker=1", timeout=15) as response:
        assert response.status == 200
        return dict(json.load(response))


def test_it_serves_two_nodes_and_a_worker_with_the_documented_commands() -> None:
    """Both nodes report database, channel layer, broker and a worker's answer as ok."""
    web = documented("daphne ")
    assert re.fullmatch(r"\d+", web[web.index("-p") + 1])
    worker = documented("celery -A cardclub worker")
    prepare = [documented(f"python manage.py {step}") for step in ("migrate", "collectstatic")]
    with scratch_database() as env:
        env.update(
            DEBUG="0", SECRET_KEY="ci-" + uuid.uuid4().hex, CELERY_QUEUE=f"deploy-{uuid.uuid4().hex[:8]}"
        )
        for command in prepare:
            subprocess.run(command, cwd=ROOT, env=env, check=True, timeout=300)
        worker_proc = subprocess.Popen(worker, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        try:
            with contextlib.ExitStack() as stack:
                urls = [stack.enter_context(daphne(env, free_port(), web)) for _ in range(2)]
                nodes = {healthz(url)["node"] for url in urls}
                assert len(nodes) == 2
        finally:
            worker_proc.terminate()
            worker_proc.wait(timeout=30)
