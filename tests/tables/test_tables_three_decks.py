"""A casual table of three-deck Tractor: the rules fix six seats (docs/rules/tractor.md §Options)."""

from __future__ import annotations

from typing import Any

import pytest

from league.models import Club
from tables.models import LiveTable
from tables.services import lobby
from tests.tables.test_tables_lobby_pages import form_defaults, logged_in, open_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def manual(settings: Any) -> None:
    """A started table stays at its first deal."""
    settings.TABLES_PACING = "manual"


@pytest.mark.parametrize(("decks", "seats"), [("2", 4), ("3", 6)])
def test_the_seats_follow_the_decks(club: Club, members: list[Any], decks: str, seats: int) -> None:
    """Two decks open a table of four, three a table of six, each player dealing twice."""
    data = {**form_defaults("tractor"), "rules-tractor-decks": decks}
    response = logged_in(members[0]).post(open_url(club), {"game": "tractor", **data})
    assert response.status_code == 302
    table = LiveTable.objects.get()
    assert table.seats.count() == seats
    assert table.deals_target == 2 * seats


def test_a_six_seat_table_deals_162_cards(club: Club, members: list[Any]) -> None:
    """Filled with bots, the three-deck table starts a deal of six hands of 26."""
    data = {**form_defaults("tractor"), "rules-tractor-decks": "3", "rules-tractor-level_step": "60"}
    logged_in(members[0]).post(open_url(club), {"game": "tractor", **data})
    table = LiveTable.objects.get()
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    deal = lobby.set_ready(table.pk, members[0])
    assert deal is not None
    assert deal.rules["decks"] == 3 and len(deal.deck) == 162


def test_four_decks_are_refused(club: Club, members: list[Any]) -> None:
    """An unplayable number of decks is refused with the reason, and no table opens."""
    data = {**form_defaults("tractor"), "rules-tractor-decks": "4"}
    response = logged_in(members[0]).post(open_url(club), {"game": "tractor", **data})
    assert response.status_code == 400
    assert "decks is 2 (four players) or 3 (six players)" in response.content.decode()
    assert not LiveTable.objects.exists()
