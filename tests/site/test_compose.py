"""compose.yaml describes the distributed setup with the same processes as docs/deploy.md."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from tests.servers import ROOT

APP_SERVICES = ("web", "worker", "reviews", "beat")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return dict(yaml.safe_load((ROOT / "compose.yaml").read_text()))


@pytest.mark.parametrize("name", ["postgres", "redis", "web", "worker", "reviews", "beat"])
def test_it_gives_every_service_a_health_check(compose: dict[str, Any], name: str) -> None:
    """Each long-running service declares how its health is checked."""
    assert "test" in compose["services"][name]["healthcheck"]


def test_it_runs_two_web_replicas(compose: dict[str, Any]) -> None:
    """The web service is replicated: nodes are interchangeable."""
    assert compose["services"]["web"]["deploy"]["replicas"] == 2


@pytest.mark.parametrize("name", APP_SERVICES)
def test_it_configures_every_process_by_the_same_variables(compose: dict[str, Any], name: str) -> None:
    """Web, the workers and beat share DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG and ALLOWED_HOSTS."""
    env = compose["services"][name]["environment"]
    assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"} <= set(env)


@pytest.mark.parametrize(
    ("name", "start"),
    [
        ("web", "daphne"),
        ("worker", "celery -A cardclub worker"),
        ("reviews", "celery -A cardclub worker -Q cardclub-reviews"),
        ("beat", "celery -A cardclub beat"),
    ],
)
def test_it_starts_the_processes_docs_deploy_starts(compose: dict[str, Any], name: str, start: str) -> None:
    """The commands are those of docs/deploy.md."""
    command = " ".join(compose["services"][name]["command"])
    assert command.startswith(start)
    assert start in (ROOT / "docs" / "deploy.md").read_text()


def test_only_the_reviews_worker_takes_reviews(compose: dict[str, Any]) -> None:
    """The tables' worker listens on the site's queue alone; the reviews' worker on the reviews'
    queue alone, which the settings name after the site's queue (``cardclub``, unset here)."""
    worker, reviews = (compose["services"][name]["command"] for name in ("worker", "reviews"))
    assert "-Q" not in worker and "CELERY_QUEUE" not in compose["x-app"]["environment"]
    assert reviews[reviews.index("-Q") + 1] == "cardclub-reviews"


@pytest.mark.parametrize("name", ["web", "worker", "reviews"])
def test_it_starts_them_with_docs_deploy_s_flags(compose: dict[str, Any], name: str) -> None:
    """The web nodes' and workers' command lines are docs/deploy.md's word for word: the handshake
    timeout and the workers' start-up flags are measured there."""
    command = " ".join(compose["services"][name]["command"])
    lines = [line.strip() for line in (ROOT / "docs" / "deploy.md").read_text().splitlines()]
    assert command in lines
