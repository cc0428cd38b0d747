"""The run's template databases, built once per test run and copied for every server that needs one.

``migrate`` takes seconds of CPU and ``demo_data`` half a minute more (longer on a busy machine), and
the browser, table, viewer and review tests each start a server on a database of its own: each now
copies a template, built by the first process of the run that needs it (xdist workers wait on a file
lock), instead of building its own. Two templates: ``migrated`` (the schema and the data migrations)
and ``demo`` (that, plus ``demo_data``: the demo login, club and tournaments). A copy is the same
database the commands would have made: they are deterministic. The templates are dropped when the
run ends (``drop``, from tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from tests.servers import manage, scratch_database

RUN = "CARDCLUB_TEST_RUN"  # set by the run's first process, inherited by its xdist workers
KINDS = ("migrated", "demo")


def run_id() -> str:
    """This test run's name (one per ``pytest`` command, shared by its workers)."""
    return os.environ.setdefault(RUN, uuid.uuid4().hex[:12])


def _lock() -> Path:
    return Path(tempfile.gettempdir()) / f"cardclub-templates-{run_id()}.lock"


def _sqlite(kind: str) -> Path:
    return Path(tempfile.gettempdir()) / f"cardclub-{kind}-{run_id()}.sqlite3"


def _postgres(kind: str) -> tuple[str, str] | None:
    """The server's base URL and the run's template database name, on PostgreSQL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return None
    return url.rpartition("/")[0], f"e2e_{kind}_{run_id()}"


def _migrate(env: dict[str, str]) -> None:
    manage(env, "migrate", "--noinput", "-v0")


def _add_demo_data(env: dict[str, str]) -> None:
    manage(env, "demo_data")


def _template(kind: str) -> str:
    """The ``kind`` template's name (PostgreSQL) or path (SQLite), built if this run has none yet;
    call it holding the lock. The demo template starts as a copy of the migrated one."""
    base_kind, build = (None, _migrate) if kind == "migrated" else ("migrated", _add_demo_data)
    base = _template(base_kind) if base_kind else None
    pg = _postgres(kind)
    if pg is None:
        sqlite = _sqlite(kind)
        if not sqlite.exists():
            with scratch_database(base) as env:
                build(env)
                shutil.move(env["SQLITE_NAME"], sqlite)
        return str(sqlite)
    import psycopg

    server, name = pg
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            copy = f' TEMPLATE "{base}"' if base else ""
            conn.execute(f'CREATE DATABASE "{name}"{copy}')
            try:
                env = dict(os.environ, DJANGO_SETTINGS_MODULE="cardclub.settings", DEBUG="1")
                build({**env, "DATABASE_URL": f"{server}/{name}"})
            except BaseException:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                raise
    return name


@contextlib.contextmanager
def _copy_of(kind: str) -> Iterator[dict[str, str]]:
    with contextlib.ExitStack() as stack:
        with open(_lock(), "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # released when closed: one builder, one copy at a time
            env = stack.enter_context(scratch_database(_template(kind)))
        yield env


def migrated_database() -> contextlib.AbstractContextManager[dict[str, str]]:
    """``scratch_database`` already migrated (what ``manage.py migrate`` makes of an empty one)."""
    return _copy_of("migrated")


def demo_database() -> contextlib.AbstractContextManager[dict[str, str]]:
    """``scratch_database`` holding the migrated demo data (demo login, club, tournaments)."""
    return _copy_of("demo")


def drop() -> None:
    """Remove this run's templates (at the end of the run, by the process that named the run)."""
    _lock().unlink(missing_ok=True)
    for kind in reversed(KINDS):  # the demo template was copied from the migrated one
        _sqlite(kind).unlink(missing_ok=True)
        pg = _postgres(kind)
        if pg is not None:
            import psycopg

            server, name = pg
            with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
