"""Where a Celery worker's start goes: from its exec to its first task done, in phases.

Usage (PostgreSQL and Redis running)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardclub_dev REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/worker_start.py --runs 3 [--command "celery -A cardclub worker ..."]

A tables' worker that was killed holds every table up for as long as its replacement takes to
start (and then up to one sweep, docs/deploy.md). This starts the tables' worker command of
docs/deploy.md (or ``--command``, e.g. the same without its start-up flags, to compare; both with
``--command`` given twice, run in turn) on a queue of its own, its log at debug level, and stamps
each line as it arrives: the imports, Django's setup and checks until Celery prepares its boot
steps; the pool's processes; the broker connection; mingle (waiting a second for other workers'
answers) and the rest until "ready"; and the first task, a ping sent before the worker started,
answered. It prints one JSON line per run with the load average, then the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The log line that ends each phase (the worker logs at debug level), in the order they come.
MARKS = (
    ("setup", "Worker: Preparing bootsteps"),
    ("pool", "Worker: Starting Consumer"),
    ("broker", "Connected to "),
    ("ready", " ready."),
)
WAIT = 300.0  # seconds a run may take before it is given up


def stamps(proc: subprocess.Popen[str], began: float, seen: dict[str, float]) -> None:
    """Record when each mark's line first comes out of the worker, in seconds from ``began``."""
    assert proc.stdout is not None
    for line in proc.stdout:
        for name, text in MARKS:
            if name not in seen and text in line:
                seen[name] = time.monotonic() - began


def run_once(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Start ``command`` once on a queue of its own; its phases' ends and its first answer (s)."""
    from celery import Celery

    queue = f"start-{uuid.uuid4().hex[:8]}"
    url = env["REDIS_URL"]
    client = Celery("probe", broker=url, backend=url)
    pending = client.send_task("cardclub.ping", args=["start"], queue=queue)
    args = [a if a != "--loglevel=info" else "--loglevel=debug" for a in command]
    worker_env = {**env, "CELERY_QUEUE": queue, "PYTHONUNBUFFERED": "1"}
    before = os.getloadavg()[0]
    began = time.monotonic()
    proc = subprocess.Popen(
        args, cwd=ROOT, env=worker_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    seen: dict[str, float] = {}
    reader = threading.Thread(target=stamps, args=(proc, began, seen), daemon=True)
    reader.start()
    try:
        pending.get(timeout=WAIT)
        seen["first_task"] = time.monotonic() - began
    finally:
        proc.terminate()
        proc.wait(30)
        reader.join(5)
        client.close()
    row = {name: round(seen[name], 2) for name, _text in (*MARKS, ("first_task", "")) if name in seen}
    return {**row, "load": round(before, 2)}


def documented_worker() -> list[str]:
    """docs/deploy.md's tables' worker command, with this virtual environment's executable."""
    from tests.servers import documented

    return documented("celery -A cardclub worker --")


def main() -> None:
    """Run each command ``--runs`` times in turn; print every run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--command", action="append", help="a worker command line instead of docs/deploy.md's (repeatable)"
    )
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        sys.exit("set REDIS_URL (and DATABASE_URL for PostgreSQL)")
    from tests.servers import BIN

    commands = [documented_worker()]
    if args.command:
        commands = [[str(BIN / shlex.split(c)[0]), *shlex.split(c)[1:]] for c in args.command]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardclub.settings", "DEBUG": "0", "SECRET_KEY": "start"}
    rows: dict[str, list[dict[str, Any]]] = {" ".join(c[1:]): [] for c in commands}
    for _ in range(args.runs):
        for command in commands:
            row = run_once(command, env)
            rows[" ".join(command[1:])].append(row)
            print(json.dumps({"command": " ".join(command[1:]), **row}), flush=True)
    for command, runs in rows.items():
        medians = {k: round(statistics.median(r[k] for r in runs), 2) for k in runs[0] if k != "load"}
        loads = ", ".join(str(r["load"]) for r in runs)
        print(f"median of {len(runs)}: {command}: {json.dumps(medians)} (load {loads})", flush=True)


if __name__ == "__main__":
    main()
