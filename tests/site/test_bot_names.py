"""Bots and record seats are named in the page's language, told apart by seat; players keep their names."""

from __future__ import annotations

import pytest
from django.utils import translation

from league.services.names import seat_names

pytestmark = pytest.mark.backend_free

PLAYERS = [{"name": "Mei", "id": 3}, {"name": "Lin", "id": 4}, {"name": "Wu", "id": 5}]


@pytest.mark.parametrize(
    ("language", "seat", "shown"),
    [
        ("zh-hans", {"name": "heuristic bot 2", "id": None}, "策略机器人（西）"),
        ("zh-hant", {"name": "expert bot 0", "id": None}, "高手機器人（西）"),
        ("en", {"name": "random bot 1", "id": None}, "Random bot (West)"),
        ("zh-hans", {"name": "heuristic bot", "id": None, "bot": "heuristic"}, "策略机器人（西）"),
        ("en", {"name": "Expert bot (West)", "id": None, "bot": "expert"}, "Expert bot (West)"),
    ],
)
def test_a_bot_is_named_by_its_kind_and_seat_in_the_pages_language(
    language: str, seat: dict, shown: str
) -> None:
    """A sample deal's "heuristic bot 2" and a live table's bot seat read as the visitor's language."""
    with translation.override(language):
        assert seat_names([*PLAYERS, seat])[3] == shown


def test_two_bots_of_one_kind_are_told_apart() -> None:
    """Each bot carries its seat, so an accuracy table of three expert bots names three seats."""
    bots = [{"name": "expert bot", "id": None, "bot": "expert"} for _ in range(3)]
    with translation.override("en"):
        assert seat_names([PLAYERS[0], *bots]) == [
            "Mei",
            "Expert bot (East)",
            "Expert bot (North)",
            "Expert bot (West)",
        ]


@pytest.mark.parametrize(
    ("seat", "shown"),
    [
        ({"name": "heuristic bot 2", "id": 7}, "heuristic bot 2"),  # a player who chose that name
        ({"name": "Mei Li", "id": 9}, "Mei Li"),
        ({"name": "", "id": None}, "西"),
    ],
)
def test_a_player_keeps_their_name(seat: dict, shown: str) -> None:
    """Only bots are renamed: a player (with an id) is shown as named, a nameless seat by its place."""
    with translation.override("zh-hans"):
        assert seat_names([*PLAYERS, seat])[3] == shown
