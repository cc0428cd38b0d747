"""Fixtures of the live-table tests: a club, members, tables with bots, sockets."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from league.models import Club, Membership
from tables.services import events, live, pacing, watching

ORIGIN = (b"origin", b"http://127.0.0.1:8000")


@pytest.fixture(autouse=True)
def fast_tables(settings: Any) -> Iterator[None]:
    """No waiting between server steps, and steps run on the test's event loop."""
    settings.TABLES_PACE = {"draw": 0, "bot": 0, "between_deals": 0}
    settings.TABLES_NEXT_DEAL_SECONDS = 0  # nobody waits to press "Next deal" (test_tables_next_deal.py)
    settings.TABLES_OPEN_PER_MEMBER = 1000  # tests open many tables; the cap's own: test_tables_open_cap.py
    settings.TABLES_PACING = "asyncio"
    live.clear()
    watching.clear()  # a socket the last test left open counts no more
    pacing.clear_pending()
    events.forget_loop()  # the last test's loop is closed; this test's sockets register their own
    pacing.resume()
    yield
    # Let no server step (a thread of the last test's loop) touch the database while it is flushed.
    pacing.stop()
    time.sleep(0.05)
    live.clear()
    pacing.clear_pending()


@pytest.fixture
def club(db: Any) -> Club:
    """A public club."""
    return Club.objects.create(name="Tea House", slug="tea-house")


@pytest.fixture
def members(club: Club, django_user_model: Any) -> list[Any]:
    """Four members of the club; the first owns it."""
    users = []
    for n in range(4):
        user = django_user_model.objects.create_user(f"member{n}", password="pw-123456")
        Membership.objects.create(club=club, user=user, role="owner" if n == 0 else "member")
        users.append(user)
    return users


@pytest.fixture
def outsider(db: Any, django_user_model: Any) -> Any:
    """Someone outside the club."""
    return django_user_model.objects.create_user("outsider", password="pw-123456")


def session_cookie(user: Any) -> bytes:
    """A session cookie header value for ``user`` (call from sync code)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


def socket(table_id: int, cookie: bytes | None = None) -> WebsocketCommunicator:
    """A communicator for a table's socket with a session cookie (anonymous when ``None``)."""
    from cardclub.asgi import application

    headers = [ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    return WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)


async def close_code(communicator: WebsocketCommunicator) -> int:
    """Connect and expect the server to accept, then close before sending anything; the close code."""
    connected, _ = await communicator.connect()
    assert connected, "the handshake was refused (a browser sees HTTP 403, not a close code)"
    message = await communicator.receive_output(timeout=5)
    assert message["type"] == "websocket.close", message
    return int(message["code"])
