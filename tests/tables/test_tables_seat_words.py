"""Seats and bots are named in the page's language, though one view frame serves every socket.

The frames carry seat numbers and bot kinds (docs/protocol.md, "The view"); the table page carries
the seats' labels and the bots' names in its language (``seat-strings``, static/js/seat_words.js).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from tables.models import LiveTable
from tables.services import live
from tests.tables.conftest import session_cookie
from tests.tables.helpers import seated_table, start
from tests.tables.test_tables_error_language import socket as lang_socket
from tests.tables.test_tables_protocol import until

# The four seats in seat order, and the expert bot at East, in each language the site speaks.
WORDS = {
    "en": (["South", "East", "North", "West"], "Expert bot (East)", "Seat 3"),
    "zh-hans": (["南", "东", "北", "西"], "高手机器人（东）", "3 号座位"),
    "zh-hant": (["南", "東", "北", "西"], "高手機器人（東）", "3 號座位"),
}


@pytest.fixture
def manual(settings: Any) -> None:
    """Server steps wait in a list: the table stands still while the test reads it."""
    settings.TABLES_PACING = "manual"


def bot_at_east(club: Any, members: list[Any], seats: int = 4, game: str = "shengji") -> LiveTable:
    """Members 0 and 1 seated, the expert bot at seat 1 (East at four seats), the heuristic at 3."""
    return seated_table(club, members[:2], game, bots={1: "expert", 3: "heuristic"}, seats=seats)


def seat_strings(client: Client, table: LiveTable, language: str) -> dict[str, Any]:
    """The ``seat-strings`` the table page is served with in ``language``."""
    page = client.get(reverse("table-detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    found = re.search(
        r'<script id="seat-strings" type="application/json">(.*?)</script>', page.content.decode()
    )
    assert found, "the table page carries no seat-strings"
    return dict(json.loads(found.group(1)))


@pytest.mark.django_db
@pytest.mark.parametrize("language", list(WORDS))
def test_the_table_page_names_the_seats_and_bots_in_its_language(
    client: Client, club: Any, members: list[Any], manual: None, language: str
) -> None:
    """South and 南, "Expert bot (East)" and 高手机器人（东）: the page's words, seat by seat."""
    table = bot_at_east(club, members)
    start(table)
    client.force_login(members[2])  # a member watching: the page offers the bots' seats between deals
    words = seat_strings(client, table, language)
    labels, expert_east, _ = WORDS[language]
    assert words["labels"] == labels
    assert words["bots"]["expert"][1] == expert_east


@pytest.mark.django_db
@pytest.mark.parametrize("language", list(WORDS))
def test_other_tables_number_their_seats_in_the_page_s_language(
    client: Client, club: Any, members: list[Any], manual: None, language: str
) -> None:
    """A six-seat Zhao Pengyou table: "Seat 3" and 3 号座位."""
    table = bot_at_east(club, members, seats=6, game="zhaopengyou")
    client.force_login(members[0])
    words = seat_strings(client, table, language)
    assert words["labels"][2] == WORDS[language][2] and len(words["labels"]) == 6


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_view_carries_seat_numbers_and_bot_kinds_in_no_language(
    club: Any, members: list[Any], manual: None
) -> None:
    """A Chinese and an English socket get the same seats, the bot's kind and no label, even when
    the Chinese socket's message is the one that reads the table's facts."""
    table = await database_sync_to_async(bot_at_east)(club, members)
    await database_sync_to_async(start)(table)
    cookies = [await database_sync_to_async(session_cookie)(m) for m in members[2:]]
    sockets = [
        lang_socket(table.pk, cookie, lang) for cookie, lang in zip(cookies, ("zh-hans", "en"), strict=True)
    ]
    for ws in sockets:
        assert (await ws.connect())[0]
        await until(ws, lambda f: f["type"] == "view")
    live.clear()  # the next message reads the facts again: the Chinese socket's
    seats = []
    for ws in sockets:
        await ws.send_json_to({"type": "sync"})
        seats.append((await until(ws, lambda f: f["type"] == "view"))["seats"])
    assert seats[0] == seats[1]
    assert [set(s) for s in seats[0]] == [{"seat", "name", "bot"}] * 4
    assert seats[0][1] == {"seat": 1, "name": "Expert bot (East)", "bot": "expert"}
    for ws in sockets:
        await ws.disconnect()
