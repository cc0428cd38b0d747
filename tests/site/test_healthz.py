"""/healthz reports the database, channel layer and broker, with 503 when one is down."""

from __future__ import annotations

import asyncio
import shutil
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from cardclub import health
from tests.servers import free_port, redis_server

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
    # Celery reads the variable before its settings (Celery 5.6 ignores an attribute set on conf).
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:9/0")
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


class FlakyLayer:
    """A channel layer whose first ``failures`` sends lose their connection, as after a Redis restart."""

    def __init__(self, failures: int) -> None:
        self.failures, self.inbox = failures, {}  # type: ignore[var-annotated]

    async def new_channel(self, prefix: str) -> str:
        return f"{prefix}1"

    async def send(self, channel: str, message: dict[str, str]) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("Error UNKNOWN while writing to socket. Connection lost.")
        self.inbox[channel] = message

    async def receive(self, channel: str) -> dict[str, str]:
        return self.inbox.pop(channel)  # type: ignore[no-any-return]


@pytest.mark.backend_free
@pytest.mark.parametrize(("failures", "ok"), [(0, True), (2, True), (3, False)])
def test_a_lost_channel_layer_connection_is_tried_again(
    monkeypatch: pytest.MonkeyPatch, failures: int, ok: bool
) -> None:
    """Up to three attempts: two lost connections still answer ok; three are a failure."""
    monkeypatch.setattr(health, "get_channel_layer", lambda: FlakyLayer(failures))
    check = asyncio.run(health.check_channel_layer(pause=0))
    assert check["ok"] is ok
    assert ("3 attempts" in check["detail"]) is not ok


@pytest.mark.backend_free
@pytest.mark.skipif(not shutil.which("redis-server"), reason="needs the redis-server binary")
def test_the_first_probe_after_a_redis_restart_is_ok(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Redis of the test's own is killed and started again under a live layer: the next probe
    answers ok (a single try failed with "Connection closed by server"), as does every later one."""
    from cardclub.layers import PubSubLayer

    port = free_port()
    layer = PubSubLayer(hosts=[{"address": f"redis://127.0.0.1:{port}/0"}])
    monkeypatch.setattr(health, "get_channel_layer", lambda: layer)

    async def probes() -> list[bool]:
        with redis_server(port):
            answers = [(await health.check_channel_layer())["ok"]]
        with redis_server(port):
            for _ in range(3):
                answers.append((await health.check_channel_layer())["ok"])
        await layer.flush()
        return answers

    assert asyncio.run(probes()) == [True, True, True, True]
