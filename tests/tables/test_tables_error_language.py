"""A refused move is explained in the page's language: the socket carries it as ``?lang=``."""

from __future__ import annotations

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from league.models import Club
from tests.tables.conftest import ORIGIN
from tests.tables.test_tables_protocol import begin, deciding, four_seated, until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def socket(table_id: int, cookie: bytes, language: str) -> WebsocketCommunicator:
    from cardclub.asgi import application

    path = f"/ws/tables/{table_id}/?lang={language}"
    return WebsocketCommunicator(application, path, headers=[ORIGIN, (b"cookie", cookie)])


@pytest.mark.parametrize(
    ("language", "out_of_turn", "stale"),
    [
        # English keeps the engine's own sentence ("it is seat 2's turn", "... is not yours to make now").
        ("zh-hans", "还没轮到你。", "牌局已经往下进行"),
        ("zh-hant", "還沒輪到你。", "牌局已經往下進行"),
        ("en", "seat", "The table has moved on"),
    ],
)
async def test_a_refusal_is_worded_in_the_pages_language(
    club: Club, members: list[Any], language: str, out_of_turn: str, stale: str
) -> None:
    """Out of turn (the engine's not_your_turn) and a stale version (the table's), in each language."""
    table, cookies = await four_seated(club, members)
    sockets = [socket(table.pk, cookie, language) for cookie in cookies]
    for ws in sockets:
        assert (await ws.connect())[0]
    await begin(table)
    frame = await until(sockets[0], lambda f: f["type"] == "view" and f["clock"] and not f["clock"]["paced"])
    mover = frame["clock"]["seats"][0]
    view = frame if mover == 0 else await until(sockets[mover], deciding(mover))
    other = sockets[(mover + 1) % 4]
    action = {"type": "act", "action": view["legal"][0], "version": frame["version"]}
    await other.send_json_to(action)
    refused = await until(other, lambda f: f["type"] == "error")
    assert refused["code"] == "not_your_turn"
    assert out_of_turn in refused["message"].replace("yours", "seat")
    await other.send_json_to(action | {"version": frame["version"] - 1})
    refused = await until(other, lambda f: f["type"] == "error")
    assert refused["code"] == "stale_version" and stale in refused["message"]
    for ws in sockets:
        await ws.disconnect()
