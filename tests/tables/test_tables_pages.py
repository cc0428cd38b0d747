"""Lobby and table pages: who sees what, and the lobby actions behind the forms."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from league.models import Club
from tables.models import LiveTable

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_member_opens_a_table_from_the_lobby_and_lands_on_its_page(club: Club, members: list[Any]) -> None:
    """The lobby lists the games; opening a table seats the host and shows the table page."""
    client = logged_in(members[0])
    page = client.get(f"/clubs/{club.slug}/tables/")
    assert page.status_code == 200 and b"Open a table" in page.content
    response = client.post(f"/clubs/{club.slug}/tables/open/", {"game": "tractor"})
    table = LiveTable.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    page = client.get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    assert b"js/table.js" in page.content and b"css/table.css" in page.content
    assert b"Seat the bot" in page.content and b"Fill the empty seats with bots" in page.content
    lobby = client.get(f"/clubs/{club.slug}/tables/")
    assert f"/tables/{table.pk}/".encode() in lobby.content


def test_the_host_seats_bots_and_the_table_starts_when_ready(
    club: Club, members: list[Any], settings: Any
) -> None:
    """Bots fill the empty seats; the host's ready starts the match."""
    settings.TABLES_PACING = "manual"
    client = logged_in(members[0])
    client.post(f"/clubs/{club.slug}/tables/open/", {"game": "shengji"})
    table = LiveTable.objects.get()
    for seat in (1, 2, 3):
        client.post(f"/tables/{table.pk}/bot/", {"seat": seat, "kind": "heuristic"})
    client.post(f"/tables/{table.pk}/ready/")
    table.refresh_from_db()
    assert table.status == "playing" and table.match is not None


def test_a_second_member_takes_a_seat_but_cannot_seat_bots(club: Club, members: list[Any]) -> None:
    """Only the host seats bots; a taken seat refuses a second sitter."""
    logged_in(members[0]).post(f"/clubs/{club.slug}/tables/open/", {"game": "shengji"})
    table = LiveTable.objects.get()
    guest = logged_in(members[1])
    guest.post(f"/tables/{table.pk}/sit/", {"seat": 2})
    guest.post(f"/tables/{table.pk}/bot/", {"seat": 3, "kind": "random"})
    seats = {s.seat: s for s in table.seats.all()}
    assert seats[2].user == members[1] and seats[3].bot == ""
    response = logged_in(members[2]).post(f"/tables/{table.pk}/sit/", {"seat": 2}, follow=True)
    assert b"That seat is taken." in response.content


def test_outsiders_cannot_see_a_private_clubs_tables(club: Club, members: list[Any], outsider: Any) -> None:
    """A private club's lobby and tables are 404 to outsiders; anonymous visitors cannot post."""
    logged_in(members[0]).post(f"/clubs/{club.slug}/tables/open/", {"game": "shengji"})
    table = LiveTable.objects.get()
    Club.objects.filter(pk=club.pk).update(is_public=False)
    client = logged_in(outsider)
    assert client.get(f"/clubs/{club.slug}/tables/").status_code == 404
    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert Client().post(f"/tables/{table.pk}/sit/", {"seat": 1}).status_code == 302
