"""One name per person, bots told apart, seats named for people (league.services.names)."""

from __future__ import annotations

from typing import Any

import pytest

from league.models import Deal, Player
from league.services.names import seat_label, seat_names
from tables.models import TableSeat
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("seat", "label"), [(0, "South"), (1, "East"), (2, "North"), (3, "West")])
def test_four_seats_are_compass_points_in_the_order_of_play(seat: int, label: str) -> None:
    """Seat 0 is South; play goes counter-clockwise, so the next seat is East."""
    assert seat_label(seat, 4) == label


@pytest.mark.parametrize(("seats", "seat", "label"), [(6, 0, "Seat 1"), (6, 5, "Seat 6"), (3, 2, "Seat 3")])
def test_other_tables_number_their_seats_from_1(seats: int, seat: int, label: str) -> None:
    """Never "Seat 0": people count from one."""
    assert seat_label(seat, seats) == label


def test_a_name_worn_twice_gets_its_seat() -> None:
    """Two seats named alike are told apart by their seats; a single name stays as it is."""
    seats = [{"name": "Li"}, {"name": "Wang"}, {"name": "Li"}, {"name": ""}]
    assert seat_names(seats) == ["Li (South)", "Wang", "Li (North)", "West"]


def test_three_bots_of_one_kind_are_told_apart_in_the_record(
    club: Any, members: list[Any], settings: Any
) -> None:
    """The deal record names each expert bot by its seat, the person by their player's name."""
    settings.TABLES_PACING = "manual"
    table = seated_table(club, members[:1], "tractor", bots={1: "expert", 2: "expert", 3: "expert"})
    deal: Deal = start(table)
    assert [s["name"] for s in deal.seats] == [
        "member0",
        "Expert bot (East)",
        "Expert bot (North)",
        "Expert bot (West)",
    ]


def test_a_person_is_named_alike_at_the_table_and_in_the_record(
    club: Any, members: list[Any], settings: Any
) -> None:
    """A member whose player is "Demo Organiser" is that at the table too, not their username."""
    settings.TABLES_PACING = "manual"
    Player.objects.create(club=club, name="Demo Organiser", user=members[0])
    table = seated_table(club, members[:1], "tractor", bots={1: "random", 2: "random", 3: "random"})
    seat = TableSeat.objects.select_related("user", "player").get(table=table, seat=0)
    deal = start(table)
    assert seat.display_name == deal.seats[0]["name"] == "Demo Organiser"
