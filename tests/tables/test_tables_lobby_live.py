"""The club lobby socket: rows are re-read and pushed when tables open, seats change, tables start or end."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from league.models import Club, Membership
from tables.models import LiveTable
from tables.services import lobby, pacing
from tests.tables.conftest import ORIGIN, close_code, session_cookie
from tests.tables.helpers import start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def lobby_socket(slug: str, cookie: bytes | None = None, lang: str = "en") -> WebsocketCommunicator:
    """A communicator for a club's lobby socket (anonymous when ``cookie`` is ``None``)."""
    from cardclub.asgi import application

    headers = [ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    return WebsocketCommunicator(application, f"/ws/clubs/{slug}/tables/?lang={lang}", headers=headers)


async def rows(ws: WebsocketCommunicator) -> str:
    """The next lobby frame's rows."""
    frame = await ws.receive_json_from(timeout=5)
    assert frame["type"] == "lobby", frame
    return str(frame["rows"])


async def test_a_visitor_gets_the_rows_on_joining(club: Club) -> None:
    """Anyone may watch a public club's lobby; the rows come at once."""
    ws = lobby_socket(club.slug)
    assert (await ws.connect())[0]
    assert "No table is open right now." in await rows(ws)
    await ws.disconnect()


async def test_the_rows_come_in_the_page_s_language(club: Club) -> None:
    """``?lang=zh-hans`` renders the rows in Chinese."""
    ws = lobby_socket(club.slug, lang="zh-hans")
    assert (await ws.connect())[0]
    assert "No table is open right now." not in await rows(ws)
    await ws.disconnect()


async def test_an_outsider_of_a_private_club_is_refused(club: Club, outsider: Any) -> None:
    """A private club's lobby closes with 4404 for someone outside it (accepted first, so the page
    can read the code); so does an unknown club. Not logged in: 4401."""
    await database_sync_to_async(Club.objects.filter(pk=club.pk).update)(is_public=False)
    cookie = await database_sync_to_async(session_cookie)(outsider)
    for slug in (club.slug, "no-such-club"):
        assert await close_code(lobby_socket(slug, cookie)) == 4404
        assert await close_code(lobby_socket(slug)) == 4401


async def test_a_member_of_a_private_club_watches_its_lobby(club: Club, members: list[Any]) -> None:
    """Members see their private club's lobby."""
    await database_sync_to_async(Club.objects.filter(pk=club.pk).update)(is_public=False)
    ws = lobby_socket(club.slug, await database_sync_to_async(session_cookie)(members[1]))
    assert (await ws.connect())[0]
    await rows(ws)
    await ws.disconnect()


async def test_the_lobby_follows_a_table_from_opening_to_its_end(
    club: Club, members: list[Any], settings: Any
) -> None:
    """Open → a row; a seat taken → its name; a start → playing; the match's end → the row leaves."""
    settings.TABLES_PACING = "manual"
    ws = lobby_socket(club.slug)
    assert (await ws.connect())[0]
    await rows(ws)
    table = await database_sync_to_async(lobby.open_table)(
        club, members[0], "zhaopengyou", seats=6, deals_target=1
    )
    html = await rows(ws)
    assert f'data-table="{table.pk}"' in html and 'data-status="open"' in html
    await database_sync_to_async(lobby.take_seat)(table.pk, members[1], 3)
    assert '<span class="seat-chip taken">member1</span>' in await rows(ws)
    for seat in (1, 2, 4, 5):
        await database_sync_to_async(lobby.seat_bot)(table.pk, members[0], seat, "heuristic")
        await rows(ws)
    await database_sync_to_async(start)(table)
    assert 'data-status="playing"' in await rows(ws)
    await database_sync_to_async(LiveTable.objects.filter(pk=table.pk).update)(seconds_per_decision=0)
    await database_sync_to_async(pacing.run_pending)(expire_clocks=True)
    assert await database_sync_to_async(LiveTable.objects.filter(pk=table.pk, status="finished").exists)()
    html = await rows(ws)
    assert f'data-table="{table.pk}"' not in html and "No table is open right now." in html
    await ws.disconnect()


async def test_another_club_s_tables_do_not_reach_this_lobby(club: Club, members: list[Any]) -> None:
    """Group events are per club: a table opened elsewhere sends nothing here."""
    other = await database_sync_to_async(Club.objects.create)(name="Elsewhere", slug="elsewhere")
    await database_sync_to_async(Membership.objects.create)(club=other, user=members[0], role="owner")
    ws = lobby_socket(club.slug)
    assert (await ws.connect())[0]
    await rows(ws)
    await database_sync_to_async(lobby.open_table)(other, members[0], "shengji")
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()


async def test_a_malformed_message_gets_an_error_and_sync_resends(club: Club) -> None:
    """Only ``sync`` is understood; it sends the rows again."""
    ws = lobby_socket(club.slug)
    assert (await ws.connect())[0]
    await rows(ws)
    for bad in ('{"type": "act"}', "not json", "[" * 5000):
        await ws.send_to(text_data=bad)
        error = await ws.receive_json_from(timeout=5)
        assert error["type"] == "error" and error["code"] == "bad_message"
    await ws.send_json_to({"type": "sync"})
    assert "No table is open right now." in await rows(ws)
    await ws.disconnect()
