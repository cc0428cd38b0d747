"""Real server processes for end-to-end tests: Daphne (and Celery) on a database of their own."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_http(url: str, timeout: float = 30.0) -> None:
    """Poll ``url`` until it answers 200, or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except Exception as exc:  # not up yet
            last = exc
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer 200 within {timeout}s: {last}")


@contextlib.contextmanager
def scratch_database(template: str | None = None) -> Iterator[dict[str, str]]:
    """Environment for a server with a database of its own: a new PostgreSQL database when the
    suite runs on PostgreSQL, else a temporary SQLite file. Dropped afterwards. ``template``: a
    database to copy (PostgreSQL's template database name, or the SQLite file), else empty."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="cardclub.settings", DEBUG="1")
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _, _name = url.rpartition("/")
        name = f"e2e_{uuid.uuid4().hex[:10]}"
        copy = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"{copy}')
        env["DATABASE_URL"] = f"{base}/{name}"
        try:
            yield env
        finally:
            with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        with tempfile.TemporaryDirectory() as tmp:
            env.pop("DATABASE_URL", None)
            env["SQLITE_NAME"] = str(Path(tmp) / "e2e.sqlite3")
            if template:
                shutil.copyfile(template, env["SQLITE_NAME"])
            yield env


def manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    """Run a management command for the server's database; returns what it printed."""
    return subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        timeout=timeout,
    ).stdout


@contextlib.contextmanager
def process(
    args: list[str], env: dict[str, str], log: Path | None = None, *, group: bool = False
) -> Iterator[subprocess.Popen[bytes]]:
    """A server process, its output written to ``log`` (or dropped); stopped at the end (killed if
    it will not stop). ``group``: in a process group of its own (its pid), so that it can be killed
    with its children (``os.killpg``), and whatever is left of the group is killed at the end."""
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(log, "ab")) if log else subprocess.DEVNULL  # noqa: SIM115
        proc = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=group
        )
        try:
            yield proc
        finally:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
            if group:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)


class CuttableProxy:
    """A TCP proxy from a free local port to ``target`` that the test can cut: ``cut()`` drops every
    connection and refuses new ones (as a PostgreSQL that stopped), ``restore()`` lets them in again.
    For outages of a shared server that the test must never stop itself."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.down = False
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Drop every connection now, and each new one as it comes, until ``restore``."""
        with self.lock:
            self.down = True
            for sock in self.open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.open.clear()

    def restore(self) -> None:
        """Forward new connections again."""
        with self.lock:
            self.down = False

    def close(self) -> None:
        """Stop listening and drop everything."""
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                down = self.down
            if down:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self.lock:
                self.open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


@contextlib.contextmanager
def redis_server(port: int, log: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A Redis server of the test's own on ``port``, without persistence (a restart empties it, as
    compose's does), answering once the context is entered; for tests that stop or restart Redis."""
    import redis

    args = [shutil.which("redis-server") or "redis-server", "--port", str(port)]
    args += ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    with process(args, dict(os.environ), log) as server:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(redis.ConnectionError):
                if redis.Redis(port=port).ping():
                    break
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
        yield server


@contextlib.contextmanager
def daphne(env: dict[str, str], port: int | None = None, argv: list[str] | None = None) -> Iterator[str]:
    """A Daphne process serving the site (``argv``: a documented command line); yields its URL."""
    port = port or free_port()
    args = list(argv or ["daphne", "-b", "127.0.0.1", "-p", "8000", "cardclub.asgi:application"])
    # Bind to loopback on a free port whatever the documented address and port are.
    args[0] = str(BIN / "daphne")
    args[args.index("-b") + 1] = "127.0.0.1"
    args[args.index("-p") + 1] = str(port)
    url = f"http://127.0.0.1:{port}"
    with process(args, env):
        wait_for_http(f"{url}/healthz")
        yield url


@contextlib.contextmanager
def demo_server(folder: Path, host: str = "127.0.0.1") -> Iterator[tuple[str, Path]]:
    """The site as ``make demo`` serves it (DEBUG off, collected static files, the embedded
    default, ``manage.py serve_demo``) on a migrated database in ``folder``, listening on
    ``host``; yields its loopback URL and the file its console goes to."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS")}
    env.update(
        DJANGO_SETTINGS_MODULE="cardclub.settings",
        DEBUG="0",
        SECRET_KEY=uuid.uuid4().hex * 2,
        LOG_LEVEL="WARNING",
        SQLITE_NAME=str(folder / "demo.sqlite3"),
        STATIC_ROOT=str(folder / "static"),
    )
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "collectstatic", "--noinput", "-v0")
    port = free_port()
    console = folder / "console.log"
    args = [str(BIN / "python"), "manage.py", "serve_demo", "--host", host, "--port", str(port)]
    with process(args, env, console):
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/healthz")
        yield url, console


def documented(prefix: str) -> list[str]:
    """The first command line of docs/deploy.md's code blocks that starts with ``prefix``, with
    this virtual environment's executable."""
    lines = [line.strip() for line in (ROOT / "docs" / "deploy.md").read_text().splitlines()]
    found = [shlex.split(line) for line in lines if line.startswith(prefix)]
    assert found, f"docs/deploy.md has no command starting with {prefix!r}"
    return [str(BIN / Path(found[0][0]).name), *found[0][1:]]


def shell(env: dict[str, str], script: str) -> str:
    """Run Python in ``manage.py shell`` for the server's database; returns what it printed."""
    return manage(env, "shell", "-c", script, timeout=120)


@contextlib.contextmanager
def celery_worker(env: dict[str, str], log: Path | None = None) -> Iterator[None]:
    """A solo Celery worker on the environment's ``CELERY_QUEUE`` when it has Redis (with Redis the
    table steps are Celery tasks); without Redis, nothing: steps run on Daphne's event loop.
    Its output goes to ``log`` (or is dropped)."""
    if not env.get("REDIS_URL"):
        yield
        return
    queue = env["CELERY_QUEUE"]
    args = [str(BIN / "celery"), "-A", "cardclub", "worker", "--pool=solo", "-Q", queue, "--loglevel=warning"]
    with process(args, env, log):
        yield


@contextlib.contextmanager
def table_server(setup: str, name: str) -> Iterator[tuple[str, dict[str, str], str]]:
    """Daphne serving live tables at a fast pace on a migrated scratch database filled by the shell
    script ``setup``, with a Celery worker of its own (queue ``name-…``) when there is Redis; yields the
    URL, the environment (for later scripts) and what ``setup`` printed."""
    from tests.demo_template import migrated_database  # which imports this module

    with migrated_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.05,between_deals=60"
        # A test module's member opens a table per test, beyond the three a member may hold at once.
        env["TABLES_OPEN_PER_MEMBER"] = "1000"
        env["CELERY_QUEUE"] = f"{name}-{uuid.uuid4().hex[:8]}"
        printed = shell(env, setup)
        with celery_worker(env), daphne(env) as url:
            yield url, env, printed
