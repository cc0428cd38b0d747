"""The test run's environment (tests/environment.py): each xdist worker gets Redis of its own."""

from __future__ import annotations

import pytest

from tests.environment import prepare


@pytest.mark.parametrize(
    ("worker", "url", "expected"),
    [
        ("gw0", "redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/1"),
        ("gw1", "redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/2"),
        ("gw3", "redis://127.0.0.1:6379", "redis://127.0.0.1:6379/3"),
    ],
)
def test_each_worker_takes_its_own_redis_database(worker: str, url: str, expected: str) -> None:
    """Worker n adds n to the database number, so the channel layer's prefix differs too."""
    env = {"PYTEST_XDIST_WORKER": worker, "REDIS_URL": url}
    prepare(env)
    assert env["REDIS_URL"] == expected


def test_each_worker_takes_its_own_celery_queue() -> None:
    """One worker's Celery worker must not run another's tasks against the wrong database."""
    env = {"PYTEST_XDIST_WORKER": "gw1", "CELERY_QUEUE": "ci"}
    prepare(env)
    assert env["CELERY_QUEUE"] == "ci-gw1"


def test_each_worker_takes_its_own_reviews_queue() -> None:
    """A reviews queue set by name gets the worker's suffix too (unset, it follows CELERY_QUEUE)."""
    env = {"PYTEST_XDIST_WORKER": "gw1", "CELERY_QUEUE": "ci", "REVIEWS_QUEUE": "ci-reviews"}
    prepare(env)
    assert (env["CELERY_QUEUE"], env["REVIEWS_QUEUE"]) == ("ci-gw1", "ci-reviews-gw1")


def test_without_xdist_only_the_hasher_and_the_test_host_change() -> None:
    """A plain run keeps its Redis database and queue; it adds the fast hasher and ``testserver``."""
    env = {"REDIS_URL": "redis://127.0.0.1:6379/1", "CELERY_QUEUE": "ci"}
    prepare(env)
    assert env == {
        "REDIS_URL": "redis://127.0.0.1:6379/1",
        "CELERY_QUEUE": "ci",
        "FAST_PASSWORD_HASHER": "1",
        "ALLOWED_HOSTS": "127.0.0.1,localhost,[::1],testserver",
    }


def test_the_suite_runs_with_the_fast_hasher() -> None:
    """Hundreds of users are created and logged in; PBKDF2 would cost about 0.3 s each."""
    from django.conf import settings

    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
