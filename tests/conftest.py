"""Test-suite switches: which back end runs, and whether the browser tests must run.

The same tests run on the embedded default (SQLite, in-memory layer, eager Celery) and on the
real services (``DATABASE_URL`` + ``REDIS_URL``). Tests marked ``services`` need the latter and
are skipped without it; ``.ci/run`` sets ``REQUIRE_SERVICES=1`` / ``REQUIRE_BROWSER=1`` so that a
missing service or browser fails the run instead of skipping silently.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections import Counter
from collections.abc import Iterator

import pytest

HAS_SERVICES = bool(os.environ.get("REDIS_URL")) and os.environ.get("DATABASE_URL", "").startswith(
    ("postgres://", "postgresql://")
)


def chromium_path() -> str | None:
    """The system Chromium (Debian's package), or ``None``."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


NAMED_RUN = pytest.StashKey[str]()

# Tests whose outcome cannot depend on the back end: the engine and the league's pure algorithms
# import no Django models. ``.ci/run`` runs them once, on the embedded default.
BACKEND_FREE_DIRS = ("tests/engine/", "tests/league/")

# Tests of what the two back ends do differently, which ``.ci/run`` runs on both: the live tables
# and the sockets that carry them (the in-memory channel layer and steps on the server's loop, or
# Redis and a worker), the health probes (eager Celery or a broker). The other database tests
# (pages, forms, services over the ORM) run on PostgreSQL, what the site runs on in production.
EMBEDDED_TOO = (
    "tests/tables/",
    "tests/site/test_pulse.py",
    "tests/site/test_healthz.py",
    "tests/league_site/test_site_standings.py",
)


def pytest_configure(config: pytest.Config) -> None:
    """Name the test run in its first process; xdist's workers, started later, inherit the name."""
    from tests import demo_template

    if demo_template.RUN not in os.environ:
        config.stash[NAMED_RUN] = demo_template.run_id()


def pytest_unconfigure(config: pytest.Config) -> None:
    """The process that named the run drops its demo template when the run ends."""
    if NAMED_RUN in config.stash:
        from tests import demo_template

        demo_template.drop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip (or, when required, fail) tests whose back end or browser is missing."""
    require_services = os.environ.get("REQUIRE_SERVICES") == "1"
    require_browser = os.environ.get("REQUIRE_BROWSER") == "1"
    has_browser = chromium_path() is not None
    for item in items:
        if item.nodeid.startswith(BACKEND_FREE_DIRS):
            item.add_marker(pytest.mark.backend_free)
        if item.nodeid.startswith(EMBEDDED_TOO) and "browser" not in item.keywords:
            item.add_marker(pytest.mark.embedded)
        if "services" in item.keywords and not HAS_SERVICES and not require_services:
            item.add_marker(pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL"))
        if "browser" in item.keywords and not has_browser and not require_browser:
            item.add_marker(pytest.mark.skip(reason="needs Chromium (apt-get install chromium)"))
    items[:] = longest_first(items)


def longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The test files in the order to start them: those whose tests carry the longest hang guard
    (``timeout``: the leak checks, the fault tests, the long browser modules) first, then those with
    the most tests; each file's tests keep their order.

    pytest-xdist's ``loadfile`` hands the files to its workers in this order (the Makefile turns off
    its own reordering, by test count alone, which put the one-test leak checks of several minutes
    last, so that they ran on after every other file was done): started first, the long files run
    while the short ones fill the other workers.
    """
    guard: dict[object, int] = {}
    tests: Counter[object] = Counter()
    for item in items:
        marker = item.get_closest_marker("timeout")
        seconds = int(marker.args[0]) if marker is not None and marker.args else 0
        guard[item.path] = max(guard.get(item.path, 0), seconds)
        tests[item.path] += 1
    return sorted(items, key=lambda item: (-guard[item.path], -tests[item.path]))


@pytest.fixture
def celery_worker() -> object:
    """A real Celery worker (in a thread) consuming the configured queue on the real broker.

    The queue is the settings' ``CELERY_QUEUE`` (``.ci/run`` makes it unique per run); it is
    purged first so that tasks left by an earlier run are not executed against this database.
    Changing the queue per test does not work: Celery caches its routing on first use.
    """
    from celery.contrib.testing.worker import start_worker

    from cardclub.celery import app

    app.control.purge()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as worker:
        yield worker


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> object:
    """A new channel layer instance per test.

    channels_redis binds its locks and pools to the event loop that first used them, and
    pytest-asyncio gives every async test a loop of its own; reusing one layer across tests
    fails with "bound to a different event loop".
    """
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Every test starts in the site's default language.

    LocaleMiddleware activates the request's language on the thread and nothing deactivates it, so a
    page asked for in zh-Hans left later service calls in the same worker (messages built outside a
    request) answering in Chinese.
    """
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def close_thread_connections() -> Iterator[None]:
    """Close the database connections this test left on threads that outlive it.

    ``database_sync_to_async``, Channels' consumers and the pacing timers run on asgiref's one
    process-wide sync thread, the table sockets on the tables' pool. A connection left open there
    made the next test fail with "Database access not allowed" when it had no database (Channels
    checks old connections before every message, and the check opens the connection), and on
    PostgreSQL made dropping the test database warn that it "is being accessed by other users".
    """
    yield
    from asgiref.sync import SyncToAsync

    workers = sys.modules.get("tables.workers")  # not imported: no pool to retire
    if workers is not None:
        workers.close_all()
    sync_thread = SyncToAsync.single_thread_executor
    if sync_thread._threads:  # started by this test or an earlier one
        sync_thread.submit(close_connections).result(timeout=30)


def close_connections() -> None:
    """Close this thread's database connections, an in-memory SQLite one included.

    SQLite ignores ``close()`` on an in-memory database, because closing its last connection would
    drop it; in the tests the main thread's connection keeps the test database alive.
    """
    from django.db import connections
    from django.db.backends.base.base import BaseDatabaseWrapper

    for conn in connections.all(initialized_only=True):
        BaseDatabaseWrapper.close(conn)


@pytest.fixture(autouse=True)
def own_cache_keys() -> Iterator[None]:
    """Every test reads and writes cache keys of its own.

    The cache holds keys named by database ids (a table's presence counts, who visited it). With
    Redis one cache serves every xdist worker, each with a database of its own whose ids overlap,
    and an in-memory SQLite database hands a rolled-back test's ids out again: a key left by
    another test made this one see a visit or a presence that never happened here.
    """
    from uuid import uuid4

    from django.conf import settings
    from django.test import override_settings

    caches = {
        name: {**config, "KEY_PREFIX": f"test{uuid4().hex[:12]}"} for name, config in settings.CACHES.items()
    }
    with override_settings(CACHES=caches):
        yield
