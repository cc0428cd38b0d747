"""The migrated demo data, built once per test run and copied for every server that shows it.

``migrate`` and ``demo_data`` take half a minute (more on a busy machine), and the browser, viewer
and review pages each start a server on the demo data: each now copies one database, built by the
first process of the run that needs it (xdist workers wait on a file lock), instead of building its
own. The copy is the same database the commands would have made: they are deterministic. The
template is dropped when the run ends (``drop``, from tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from tests.servers import manage, scratch_database

RUN = "CARDCLUB_TEST_RUN"  # set by the run's first process, inherited by its xdist workers


def run_id() -> str:
    """This test run's name (one per ``pytest`` command, shared by its workers)."""
    return os.environ.setdefault(RUN, uuid.uuid4().hex[:12])


def _files() -> tuple[Path, Path]:
    """The run's lock file and SQLite template."""
    folder = Path(tempfile.gettempdir())
    return folder / f"cardclub-demo-{run_id()}.lock", folder / f"cardclub-demo-{run_id()}.sqlite3"


def _postgres() -> tuple[str, str] | None:
    """The server's base URL and the run's template database name, on PostgreSQL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return None
    return url.rpartition("/")[0], f"e2e_demo_{run_id()}"


def _build(env: dict[str, str]) -> None:
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "demo_data")


def _template() -> str:
    """The template's name (PostgreSQL) or path (SQLite), built if this run has none yet; call it
    holding the lock."""
    _lock, sqlite = _files()
    pg = _postgres()
    if pg is None:
        if not sqlite.exists():
            with scratch_database() as env:
                _build(env)
                os.replace(env["SQLITE_NAME"], sqlite)
        return str(sqlite)
    import psycopg

    base, name = pg
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
            try:
                env = dict(os.environ, DJANGO_SETTINGS_MODULE="cardclub.settings", DEBUG="1")
                _build({**env, "DATABASE_URL": f"{base}/{name}"})
            except BaseException:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                raise
    return name


@contextlib.contextmanager
def demo_database() -> Iterator[dict[str, str]]:
    """``scratch_database`` holding the migrated demo data (demo login, club, tournaments)."""
    lock, _sqlite = _files()
    with contextlib.ExitStack() as stack:
        with open(lock, "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # released when closed: one builder, one copy at a time
            env = stack.enter_context(scratch_database(_template()))
        yield env


def drop() -> None:
    """Remove this run's template (at the end of the run, by the process that named the run)."""
    lock, sqlite = _files()
    for path in (lock, sqlite):
        path.unlink(missing_ok=True)
    pg = _postgres()
    if pg is not None:
        import psycopg

        base, name = pg
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
