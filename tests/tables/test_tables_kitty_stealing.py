"""The live table in Tractor's steal phase (tractor.md §Kitty stealing): the seat in turn is offered
its pass and its steals as buttons, the others nothing."""

from __future__ import annotations

from tables.services.views import hints
from tests.engine.test_kitty_stealing import buried


def test_the_seat_in_turn_is_offered_a_pass_and_its_steals() -> None:
    """Seat 1 gets "pass" and "declare 2S 2S" as buttons; seats 0, 2 and 3 and a spectator none."""
    state = buried()
    assert hints(state, 1) == (["pass", "declare 2S 2S"], False)
    assert all(hints(state, seat) == ([], False) for seat in (0, 2, 3, None))
