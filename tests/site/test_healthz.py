"""/healthz reports the database, channel layer and broker, with 503 when one is down."""

from __future__ import annotations

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
