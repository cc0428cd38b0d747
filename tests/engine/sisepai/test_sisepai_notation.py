"""Actions have one text form that round-trips."""

from __future__ import annotations

import pytest

from engine.core.errors import NotationError
from engine.games.sisepai import GAME
from engine.games.sisepai.actions import Chi, Discard, MeldOwn

TEXTS = [
    "draw",
    "pass",
    "redeal",
    "tsumo",
    "hu",
    "kong",
    "pong",
    "discard RK",
    "meld",
    "meld RA RE",
    "chi RR RC",
    "chi YP GP WP",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_action_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action


def test_cards_of_a_claim_are_kept_in_display_order() -> None:
    assert Chi(("RE", "RA")) == Chi(("RA", "RE"))
    assert str(GAME.parse_action("chi re ra")) == "chi RA RE"
    assert GAME.parse_action("meld RE RA") == MeldOwn(("RA", "RE"))
    assert GAME.parse_action("Discard wp") == Discard("WP")


@pytest.mark.parametrize(
    "text", ["", "play RK", "discard", "discard AS", "chi RA", "pong RA", "meld 1 2 3 4"]
)
def test_bad_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)
