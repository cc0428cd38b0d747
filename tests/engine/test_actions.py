"""Action notation: one text form that round-trips, a repr that pastes back."""

from __future__ import annotations

import pytest

from engine.core.errors import NotationError
from engine.family.actions import (
    Bid,
    Bury,
    Declare,
    Draw,
    NameTrump,
    Pass,
    PickUp,
    Play,
    Redeal,
    parse_action,
)

ALL = [
    Draw(),
    Declare(("2H",)),
    Declare(("2H", "2H")),
    Declare(("BJ", "BJ")),
    Redeal(),
    PickUp(),
    Bury(("3S", "4S", "5H", "6H", "7D", "8C")),
    Bid(75),
    Pass(),
    NameTrump("H"),
    Play(("AS", "AS", "KS")),
]


@pytest.mark.parametrize("action", ALL, ids=str)
def test_notation_round_trips(action: object) -> None:
    """parse(str(a)) == a."""
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("action", ALL, ids=str)
def test_repr_pastes_back(action: object) -> None:
    """eval(repr(a)) == a."""
    import engine.family.actions as ns

    assert eval(repr(action), vars(ns)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play AS AS KS", "play AS AS KS"),
        ("play ks as", "play AS KS"),
        ("declare 2h", "declare 2H"),
        ("bid 75", "bid 75"),
    ],
)
def test_cards_are_kept_in_display_order(text: str, expected: str) -> None:
    """play KS AS and play AS KS are the same action."""
    assert str(parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "fly", "play", "play XX", "bid many", "trump Z", "draw 3", "declare"])
def test_bad_notation(text: str) -> None:
    """Unknown verbs, missing or bad arguments raise NotationError."""
    with pytest.raises(NotationError):
        parse_action(text)
