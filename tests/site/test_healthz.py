"""/healthz reports the database, channel layer and broker, with 503 when one is down."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from cardclub import health
from cardclub.celery import app as celery_app

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_reports_every_check_ok(client: Client) -> None:
    """All three reachable: 200 with each check's detail."""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "channel_layer", "broker"}
    assert all(check["ok"] for check in body["checks"].values())


def test_it_answers_503_when_the_database_is_down(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """One failing check turns the whole answer into 503 and names the culprit."""
    monkeypatch.setattr(health, "check_database", lambda: {"ok": False, "ms": 0, "detail": "refused"})
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "fail"
    assert response.json()["checks"]["database"]["detail"] == "refused"


def test_it_reports_an_unreachable_broker(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broker on a closed port is reported down, within the timeout."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:9/0")
    check = health.check_broker(timeout=1)
    assert check["ok"] is False


@pytest.mark.services
def test_it_round_trips_a_task_through_a_worker(client: Client, celery_worker: object) -> None:
    """?worker=1 adds a ping task answered by a real worker."""
    response = client.get("/healthz?worker=1")
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["worker"]["ok"] is True


def test_reviews_asks_a_worker_of_the_reviews_queue(
    client: Client, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """?reviews=1 sends its ping to REVIEWS_QUEUE, not to the tables' queue."""
    from cardclub.tasks import ping

    queues: list[str | None] = []

    def spy(args: Any, queue: str | None = None, **options: Any) -> Any:
        """A worker of that queue answering at once (the broker's routing is Celery's)."""
        queues.append(queue)
        return SimpleNamespace(get=lambda timeout: {"nonce": args[0], "worker": "reviews@test"})

    monkeypatch.setattr(ping, "apply_async", spy)
    response = client.get("/healthz?reviews=1")
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["reviews_worker"]["ok"] is True
    assert queues == [settings.REVIEWS_QUEUE]


def test_without_a_reviews_worker_the_answer_is_503(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker answers on the reviews' queue: 503, naming reviews_worker."""
    down = {"ok": False, "ms": 5000, "detail": "TimeoutError: no answer"}
    monkeypatch.setattr(
        health, "check_worker", lambda timeout=5.0, queue=None: down if queue else {"ok": True}
    )
    response = client.get("/healthz?worker=1&reviews=1")
    assert response.status_code == 503
    assert response.json()["checks"]["worker"]["ok"] is True
    assert response.json()["checks"]["reviews_worker"]["ok"] is False
