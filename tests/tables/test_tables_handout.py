"""A move applied on the node serving the table's sockets: the mover's socket hands every socket of
the table on that node its own frame, and the table's event is for the other nodes only."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Club
from tables.services import events
from tests.tables.conftest import session_cookie, socket
from tests.tables.helpers import Sockets, seated_table, start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def events_sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool]]:
    """Every deal event sent, as ``(version, for the other nodes only)``; one for the other nodes
    is not delivered on this node, as the pub/sub layer drops it on the node that sent it."""
    sent: list[tuple[int, bool]] = []
    real = events.notify

    def notify(group: str, deal_id: int, version: int, move: Any = None, **how: bool) -> None:
        sent.append((version, how.get("elsewhere", False)))
        if not how.pop("elsewhere", False):
            real(group, deal_id, version, move, **how)

    monkeypatch.setattr(events, "notify", notify)
    return sent


@database_sync_to_async
def four_seated_and_a_visitor(club: Club, members: list[Any]) -> tuple[Any, list[bytes | None]]:
    table = seated_table(club, members)
    return table, [*(session_cookie(m) for m in members), None]


async def test_every_socket_on_the_node_gets_its_frame_of_the_move_once(
    club: Club, members: list[Any], events_sent: list[tuple[int, bool]]
) -> None:
    """The four seats and a spectator see the new version exactly once, with the event never
    delivered here: the mover's socket handed each its frame."""
    table, cookies = await four_seated_and_a_visitor(club, members)
    communicators = [socket(table.pk, cookie) for cookie in cookies]
    for ws in communicators:
        assert (await ws.connect())[0]
    group = Sockets(communicators)
    await database_sync_to_async(start)(table)
    try:
        while True:  # the server draws; the first seat to decide acts
            index, frame = await group.next()
            clock = frame.get("clock") or {}
            if index < 4 and frame.get("legal") and index in clock.get("seats", []) and not clock["paced"]:
                break
        version = frame["version"]
        await group.send(index, {"type": "act", "action": frame["legal"][0], "version": version})
        await asyncio.sleep(1)
        assert (version + 1, True) in events_sent
        for shown in group.frames:
            assert [f["version"] for f in shown if f.get("version") == version + 1] == [version + 1]
        spectators = next(f for f in group.frames[4] if f.get("version") == version + 1)
        assert spectators["seat"] is None and spectators["legal"] == []
    finally:
        await group.close()
