"""The seat's hand as the page draws it: the engine's display order and how many of its last cards
are trump (``hand`` and ``hand_trumps`` in each view frame), so the page groups without rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game
from engine.family.trump import TrumpContext
from tables.services import steps, views
from tests.engine.family_table import in_play
from tests.tables.helpers import seated_table, start

HANDS = {0: "5H 3D AS 2C LJ 2S KC BJ AH 2H 9S", 1: "4S", 2: "4S", 3: "4S"}


@pytest.mark.parametrize(
    ("suit", "laid_out", "trumps"),
    [
        ("H", "AS 9S KC 3D BJ LJ 2H 2S 2C AH 5H", 7),
        ("S", "AH 5H KC 3D BJ LJ 2S 2H 2C AS 9S", 7),
        (None, "AS 9S AH 5H KC 3D BJ LJ 2S 2H 2C", 5),
    ],
)
def test_the_hand_comes_plain_suits_first_then_the_trumps(
    suit: str | None, laid_out: str, trumps: int
) -> None:
    """Hearts, spades or no trump suit at rank 2: the trumps close the hand, strongest first."""
    state = in_play("tractor", HANDS, suit)
    assert views.laid_out_hand(state, state.view(0), 0) == (laid_out.split(), trumps)
    assert views.sorted_hand(state, state.view(0), 0) == laid_out.split()


def test_a_spectator_has_no_hand() -> None:
    """Nobody's cards for a socket without a seat."""
    state = in_play("tractor", HANDS, "H")
    assert views.laid_out_hand(state, state.view(None), None) is None


def test_a_game_without_trumps_sends_no_trump_count() -> None:
    """Si Se Pai: the hand as the engine holds it, and ``None`` for the trumps."""
    game = get_game("sisepai")
    rules = game.rules_from_json({})
    state = game.start(rules, 3, game.shuffled_deck(rules, 3, random.Random("layout")), None)
    hand, trumps = views.laid_out_hand(state, state.view(1), 1) or ([], 0)
    assert hand == state.view(1)["hand"] and trumps is None


@pytest.mark.django_db
def test_each_seat_s_frame_carries_its_trump_count(club: Any, members: list[Any]) -> None:
    """The frame a seat receives holds ``hand_trumps`` beside ``hand``; a spectator's holds neither."""
    table = seated_table(club, members[:1], "tractor", bots={1: "random", 2: "random", 3: "random"})
    deal = start(table)
    for version in range(24):  # the server's paced draw: six cards each
        steps.advance(deal.pk, version)
    seat_frame, spectator = views.table_view(table.pk, 0), views.table_view(table.pk, None)
    assert len(seat_frame["hand"]) > 0
    trump = TrumpContext(seat_frame["state"]["trump"]["rank"], seat_frame["state"]["trump"]["suit"])
    trumps = seat_frame["hand_trumps"]
    assert trumps == sum(1 for c in seat_frame["hand"] if trump.is_trump(c))
    assert all(trump.is_trump(c) for c in seat_frame["hand"][len(seat_frame["hand"]) - trumps :])
    assert spectator["hand"] is None and spectator["hand_trumps"] is None
