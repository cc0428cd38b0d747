"""docs/deploy.md's commands work: two Daphne nodes and a worker on the real PostgreSQL and Redis."""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import subprocess
import urllib.request
import uuid
from pathlib import Path

import pytest

from tests.servers import BIN, ROOT, daphne, free_port, scratch_database

pytestmark = pytest.mark.services

DOC = ROOT / "docs" / "deploy.md"


def documented(prefix: str) -> list[str]:
    """The command lines of docs/deploy.md's code blocks that start with ``prefix``."""
    lines = [line.strip() for line in DOC.read_text().splitlines()]
    found = [shlex.split(line) for line in lines if line.startswith(prefix)]
    assert found, f"docs/deploy.md has no command starting with {prefix!r}"
    return found[0]


def local(argv: list[str]) -> list[str]:
    """The documented command with this venv's executable."""
    exe = Path(argv[0]).name
    return [str(BIN / exe), *argv[1:]]


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
            subprocess.run(local(command), cwd=ROOT, env=env, check=True, timeout=300)
        worker_proc = subprocess.Popen(local(worker), cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        try:
            with contextlib.ExitStack() as stack:
                urls = [stack.enter_context(daphne(env, free_port(), web)) for _ in range(2)]
                nodes = {healthz(url)["node"] for url in urls}
                assert len(nodes) == 2
        finally:
            worker_proc.terminate()
            worker_proc.wait(timeout=30)
