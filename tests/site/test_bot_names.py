"""Bots and record seats are named in the page's language; players keep their own names."""

from __future__ import annotations

import pytest
from django.utils import translation

from cardclub.bots import seat_name

pytestmark = pytest.mark.backend_free


@pytest.mark.parametrize(
    ("language", "seat", "shown"),
    [
        ("zh-hans", {"name": "heuristic bot 2", "id": None}, "策略机器人 2"),
        ("zh-hant", {"name": "expert bot 0", "id": None}, "高手機器人 0"),
        ("en", {"name": "random bot 1", "id": None}, "random bot 1"),
        ("zh-hans", {"name": "heuristic bot", "id": None, "bot": "heuristic"}, "策略机器人"),
        ("zh-hans", {"name": "expert bot", "id": None, "bot": "expert"}, "高手机器人"),
    ],
)
def test_a_bot_is_named_by_its_kind_in_the_pages_language(language: str, seat: dict, shown: str) -> None:
    """A sample deal's "heuristic bot 2" and a live table's bot seat read as the visitor's language."""
    with translation.override(language):
        assert seat_name(seat, 0) == shown


@pytest.mark.parametrize(
    ("seat", "shown"),
    [
        ({"name": "heuristic bot 2", "id": 7}, "heuristic bot 2"),  # a player who chose that name
        ({"name": "Mei", "id": 3}, "Mei"),
        ({"name": "", "id": None}, "1 号座位"),
    ],
)
def test_a_player_keeps_their_name(seat: dict, shown: str) -> None:
    """Only bots are renamed: a player (with an id) is shown as named, a nameless seat by number."""
    with translation.override("zh-hans"):
        assert seat_name(seat, 1) == shown
