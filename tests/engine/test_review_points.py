"""The review's card points count from the pivot where the deal changes hands, on both sides, so a
decision that moves a seat to the other side is valued by whether that side wins."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.record import replay
from engine.family.expert import pivot
from engine.family.levels import tractor_outcome
from engine.family.trickdeal import TrickDeal
from engine.games.shengji import shengji_outcome
from engine.review.points import card_points, knowledge_of
from tests.engine.test_review import record_of

PIVOTS = [("shengji", 40), ("tractor", 80), ("zhaopengyou", 80)]  # Zhao Pengyou: 6 seats, 2 decks


def finished(name: str, defenders: int) -> TrickDeal:
    """A played deal of ``name`` at its end, its result saying the defenders took ``defenders``."""
    state = replay(record_of(name, 3))
    assert isinstance(state, TrickDeal) and state.outcome is not None
    state.outcome = {**state.outcome, "defender_points": defenders}
    return state


@pytest.mark.parametrize(("name", "points"), PIVOTS)
def test_the_pivot_is_the_defenders_points_that_take_the_deal(name: str, points: int) -> None:
    """One-deck Shengji 40, Tractor 80, Zhao Pengyou 40 a deck (6 players: 2 decks)."""
    assert pivot(finished(name, 0)) == points


@pytest.mark.parametrize(
    ("outcome", "points"), [(shengji_outcome, 40), (tractor_outcome, 80)], ids=["shengji", "tractor"]
)
@pytest.mark.parametrize("below", [True, False], ids=["five under the pivot", "at the pivot"])
def test_the_declarers_side_wins_only_under_the_pivot(
    outcome: Callable[[int], tuple[object, ...]], points: int, below: bool
) -> None:
    """The games' own tables: five points under the pivot the declarer's side keeps the deal."""
    assert outcome(points - 5 if below else points)[0] is below


@pytest.mark.parametrize(("name", "points"), PIVOTS)
@pytest.mark.parametrize("offset", [-5, 0, 25])
def test_each_side_counts_its_points_from_the_pivot(name: str, points: int, offset: int) -> None:
    """A defender counts the defenders' points over the pivot, the declarer's side what it kept
    under it: the two always sum to zero, and the declarer's side is ahead only when it wins."""
    end = finished(name, points + offset)
    knowledge = knowledge_of(name).base
    for seat in range(end.setup.seats):
        value = card_points(knowledge, end, seat)
        assert value == (offset if end.side_of(seat) == 1 else -offset)


def test_san_da_has_pivot_is_the_declarers_bid() -> None:
    """San Da Ha's declarer wins when the defenders take fewer points than its bid."""
    end = finished("sandaha", 0)
    assert end.outcome is not None
    assert pivot(end) == end.outcome["bid"]
