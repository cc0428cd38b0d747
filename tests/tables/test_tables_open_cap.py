"""A member may have at most three casual tables open or in play at once (TABLES_OPEN_PER_MEMBER)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tables.models import LiveTable
from tables.services import lobby
from tables.services.errors import NotAllowed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def capped(settings: Any) -> None:
    """The site's default cap, three (the other table tests lift it)."""
    settings.TABLES_OPEN_PER_MEMBER = 3


@pytest.mark.parametrize(("held", "refused"), [(2, False), (3, True)])
def test_a_member_opens_tables_up_to_the_cap(club: Any, members: list[Any], held: int, refused: bool) -> None:
    """With two tables open a third is opened; with three the fourth is refused and nothing opens."""
    for _ in range(held):
        lobby.open_table(club, members[0], "shengji")
    if refused:
        with pytest.raises(NotAllowed, match="You already have 3 tables open or in play"):
            lobby.open_table(club, members[0], "shengji")
    else:
        lobby.open_table(club, members[0], "shengji")
    assert LiveTable.objects.filter(host=members[0]).count() == (held if refused else held + 1)


def test_finished_tables_and_other_members_tables_do_not_count(club: Any, members: list[Any]) -> None:
    """Three finished tables leave room; another member's three tables are theirs."""
    for _ in range(3):
        lobby.open_table(club, members[1], "shengji")
        table = lobby.open_table(club, members[0], "shengji")
        LiveTable.objects.filter(pk=table.pk).update(status=LiveTable.Status.FINISHED)
    assert lobby.open_table(club, members[0], "shengji").host == members[0]


def test_the_lobby_form_says_why_with_a_400(club: Any, members: list[Any], settings: Any) -> None:
    """The open-table form answers 400 with the reason once the cap is reached (a setting)."""
    settings.TABLES_OPEN_PER_MEMBER = 1
    lobby.open_table(club, members[0], "shengji")
    client = Client()
    client.force_login(members[0])
    response = client.post(f"/clubs/{club.slug}/tables/open/", {"game": "shengji"})
    assert response.status_code == 400
    assert "You already have 1 table open or in play" in response.content.decode()
