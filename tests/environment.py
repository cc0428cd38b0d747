"""The test run's environment, set before pytest-django reads the settings.

Loaded with ``-p tests.environment`` (pyproject's addopts), so it runs before the settings are
imported; the servers the tests start (Daphne, Celery) inherit it.

- ``FAST_PASSWORD_HASHER``: the suite creates and logs in hundreds of users, at about 0.3 s per
  PBKDF2 hash; the servers it starts must check the same hashes, so the switch is an environment
  variable rather than a pytest-django override.
- ``ALLOWED_HOSTS``: the default leaves out ``testserver``, the test client's host; the test run
  and the processes it starts (a ``manage.py shell`` script using the test client) allow it.
- pytest-xdist workers: pytest-django gives each worker a test database of its own, but the
  workers would share Redis. The channel layer's groups are named by table id and both workers'
  ids start at 1, so one worker's ``table.updated`` events would reach the other's sockets, its
  cache entries the other's pages, and one worker's Celery worker would run the other's tasks
  against the wrong database. Each worker takes the next Redis database (which also renames the
  channel layer's prefix) and queues of its own (the tables' and the reviews').
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from urllib.parse import urlsplit, urlunsplit


def prepare(env: MutableMapping[str, str]) -> None:
    """Set the test run's variables in ``env``: the fast hasher, and an xdist worker's own Redis."""
    env.setdefault("FAST_PASSWORD_HASHER", "1")
    # Django's test client calls itself "testserver", which the site's default hosts leave out.
    env.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
    worker = env.get("PYTEST_XDIST_WORKER", "")
    if not (worker.startswith("gw") and worker[2:].isdigit()):
        return
    index = int(worker[2:])
    if env.get("REDIS_URL"):
        parts = urlsplit(env["REDIS_URL"])
        number = int(parts.path.strip("/") or 0)
        env["REDIS_URL"] = urlunsplit(parts._replace(path=f"/{number + index}"))
    env["CELERY_QUEUE"] = f"{env.get('CELERY_QUEUE', 'cardclub')}-{worker}"
    if env.get("REVIEWS_QUEUE"):  # unset, it is named after CELERY_QUEUE (cardclub/settings.py)
        env["REVIEWS_QUEUE"] = f"{env['REVIEWS_QUEUE']}-{worker}"


prepare(os.environ)  # once: the module is imported once, as the plugin
