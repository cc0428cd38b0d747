"""A private tournament's table in a public club: its socket and its lobby row are
the club members' alone; the table socket closes 4404 for an outsider (4401 when not logged in)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Club
from tables.models import LiveTable
from tests.tables.conftest import close_code, session_cookie, socket
from tests.tables.helpers import tournament_table
from tests.tables.test_tables_lobby_live import lobby_socket, rows

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@database_sync_to_async  # type: ignore[untyped-decorator]
def private_table(club: Club, members: list[Any]) -> LiveTable:
    """A table of the private tournament "Cup" of the public club, its four members seated."""
    return tournament_table(club, members, is_public=False, status="running")


async def test_an_outsider_cannot_watch_a_private_tournaments_table(
    club: Club, members: list[Any], outsider: Any
) -> None:
    """Signed in but outside the club: accepted, then closed with 4404 before any frame."""
    table = await private_table(club, members)
    cookie = await database_sync_to_async(session_cookie)(outsider)
    assert await close_code(socket(table.pk, cookie)) == 4404


async def test_a_visitor_not_logged_in_is_told_to_log_in(club: Club, members: list[Any]) -> None:
    """Anonymous: 4401, the code every hidden table gives (logging in may open it)."""
    table = await private_table(club, members)
    assert await close_code(socket(table.pk)) == 4401


async def test_a_member_watches_a_private_tournaments_table(club: Club, members: list[Any]) -> None:
    """A club member's socket is accepted and gets the table's frames."""
    table = await private_table(club, members)
    ws = socket(table.pk, await database_sync_to_async(session_cookie)(members[1]))
    assert (await ws.connect())[0]
    frame = await ws.receive_json_from(timeout=5)
    assert frame["type"] != "error", frame
    await ws.disconnect()


@pytest.mark.parametrize(("who", "listed"), [("outsider", False), ("member", True), ("anonymous", False)])
async def test_the_lobby_socket_lists_the_table_only_to_members(
    club: Club, members: list[Any], outsider: Any, who: str, listed: bool
) -> None:
    """The lobby rows a socket gets are those its user may see."""
    table = await private_table(club, members)
    user = {"outsider": outsider, "member": members[1], "anonymous": None}[who]
    cookie = await database_sync_to_async(session_cookie)(user) if user else None
    ws = lobby_socket(club.slug, cookie)
    assert (await ws.connect())[0]
    assert (f"/tables/{table.pk}/" in await rows(ws)) is listed
    await ws.disconnect()
