"""Tables of six to twelve seats (Zhao Pengyou): opened from the lobby, seats laid out around the felt."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tables.models import LiveTable
from tests.tables.helpers import seated_table

pytestmark = pytest.mark.django_db

SPOT = re.compile(r'<li class="spot" data-seat="(\d+)" style="--x: ([\d.]+)%; --y: ([\d.]+)%[^"]*">')


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def spots(html: str) -> dict[int, tuple[float, float]]:
    """Each seat's position on the felt, in percent."""
    return {int(seat): (float(x), float(y)) for seat, x, y in SPOT.findall(html)}


@pytest.mark.parametrize("count", [6, 9, 12])
def test_every_seat_has_its_own_place_around_the_felt(club: Any, members: list[Any], count: int) -> None:
    """N seats, N distinct places on an oval: the viewer's own seat at the bottom."""
    table = seated_table(club, members[:2], "zhaopengyou", bots={0: "random"}, seats=count)
    me = 2  # seated_table puts the first free seats' members in order: member0 → 1, member1 → 2
    html = logged_in(members[1]).get(f"/tables/{table.pk}/").content.decode()
    places = spots(html)
    assert sorted(places) == list(range(count))
    assert len(set(places.values())) == count
    x, y = places[me]
    assert x == 50.0 and y == max(p[1] for p in places.values())
    # The next seat in play order sits to the right of the viewer (play runs counter-clockwise).
    assert places[(me + 1) % count][0] > 50.0


def test_a_spectator_sees_seat_zero_at_the_bottom(club: Any, members: list[Any]) -> None:
    """Someone without a seat watches from seat 0's side."""
    table = seated_table(club, members[:1], "zhaopengyou", seats=7)
    places = spots(Client().get(f"/tables/{table.pk}/").content.decode())
    assert len(places) == 7 and places[0] == (50.0, 90.0)


@pytest.mark.parametrize(
    ("seats", "opened"), [("9", True), ("6", True), ("12", True), ("5", False), ("13", False)]
)
def test_the_lobby_opens_zhao_pengyou_tables_of_six_to_twelve(
    club: Any, members: list[Any], seats: str, opened: bool
) -> None:
    """The lobby's players choice is passed on; sizes outside 6-12 are refused with a message."""
    client = logged_in(members[0])
    lobby = client.get(f"/clubs/{club.slug}/tables/").content.decode()
    assert '<option value="12" data-game="zhaopengyou">' in lobby
    response = client.post(
        f"/clubs/{club.slug}/tables/open/", {"game": "zhaopengyou", "seats": seats}, follow=True
    )
    table = LiveTable.objects.filter(game="zhaopengyou").first()
    assert (table is not None) == opened
    if opened:
        assert table.seat_count == int(seats) and table.seats.count() == int(seats)
    else:
        assert "This game needs 6 to 12 players." in response.content.decode()
