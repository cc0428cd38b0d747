"""Views: each seat sees its own hand, public cards and counts; nothing private leaks."""

from __future__ import annotations

import pytest
from family_table import deck_for, draw_all, start, to_play

from engine.family.actions import Declare, Draw


@pytest.mark.parametrize("seat", [0, 1, 2, 3, None])
def test_each_seat_sees_only_its_own_hand(seat: int | None) -> None:
    """Own hand as cards, the other hands as counts, the stock as a count."""
    state = draw_all(start("shengji", deck_for("shengji", {})))
    zones = state.view(seat)["zones"]
    for other in range(4):
        assert isinstance(zones[f"hand:{other}"], list) == (other == seat)
    assert zones["stock"] == 0 and zones["kitty"] == 6


def test_who_could_declare_is_not_shown_to_others() -> None:
    """A seat able to declare is not revealed through the public turn list."""
    state = start("shengji", deck_for("shengji", {1: "2H"}))
    for _ in range(5):
        state.apply(state.drawer, Draw())
    assert 1 in state.to_move()
    assert state.view(2)["to_move"] == [state.drawer] and state.view(2)["may_act"] is False
    assert state.view(1)["may_act"] is True


@pytest.mark.parametrize(("seat", "sees"), [(0, True), (1, False), (2, False), (None, False)])
def test_buried_kitty_seen_only_by_the_dealer(seat: int | None, sees: bool) -> None:
    """After burying, only the dealer knows the kitty."""
    state = draw_all(start("shengji", deck_for("shengji", {0: "2S"})))
    state.apply(0, Declare(("2S",)))
    to_play(state)
    assert isinstance(state.view(seat)["zones"]["kitty"], list) == sees


def test_declaration_is_public() -> None:
    """A shown card is seen by everyone."""
    state = draw_all(start("shengji", deck_for("shengji", {3: "2D"})))
    state.apply(3, Declare(("2D",)))
    assert all(state.view(s)["declaration"] == {"seat": 3, "cards": ["2D"]} for s in [0, 1, 2, None])


def test_everything_is_public_once_over() -> None:
    """After the deal the record is public: no hidden zones."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "3S 4S 6S 7S 8S 9S JS QS AS 3H 4H 6H"})))
    from engine.family.actions import Redeal

    state.apply(1, Redeal())
    assert state.hidden_from(None) == frozenset()
