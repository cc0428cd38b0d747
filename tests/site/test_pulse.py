"""The live-connection probe: a WebSocket round trip through the configured channel layer."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from cardclub.asgi import application

ORIGIN = [(b"origin", b"http://127.0.0.1:8000")]


@pytest.mark.django_db
@pytest.mark.asyncio
async def test_an_earlier_test_may_leave_a_connection_on_the_sync_thread() -> None:
    """Order check with the next test: socket tests open connections on asgiref's shared sync thread.

    The next test has no database; if this connection outlived this test, Channels' check of old
    connections before each message would fail there with "Database access not allowed".
    """
    await sync_to_async(User.objects.exists)()


@pytest.mark.asyncio
async def test_it_answers_a_ping_through_the_channel_layer() -> None:
    """The pong comes back through the layer (in-memory by default, Redis with REDIS_URL)."""
    communicator = WebsocketCommunicator(application, "/ws/pulse/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"type": "ping", "nonce": "n-1"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong", "nonce": "n-1"}
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("frame", ["not json", '{"type": "hello"}', "[1, 2]"])
async def test_it_answers_a_bad_frame_with_an_error(frame: str) -> None:
    """Anything but a ping gets a typed error frame and the socket stays open."""
    communicator = WebsocketCommunicator(application, "/ws/pulse/", headers=ORIGIN)
    await communicator.connect()
    await communicator.send_to(text_data=frame)
    reply = await communicator.receive_json_from(timeout=5)
    assert reply["type"] == "error"
    assert reply["code"] == "bad_message"
    await communicator.send_json_to({"type": "ping", "nonce": "still-open"})
    assert (await communicator.receive_json_from(timeout=5))["nonce"] == "still-open"
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_it_refuses_a_socket_from_a_foreign_origin() -> None:
    """AllowedHostsOriginValidator closes sockets opened by other sites' pages."""
    communicator = WebsocketCommunicator(
        application, "/ws/pulse/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
