"""Where seats and their plays sit on the felt (tables/felt.py): equally far apart along the rim,
each play in front of its own seat, on a desktop's wide oval and a phone's tall one."""

from __future__ import annotations

import itertools
import math

import pytest

from tables.felt import DESKTOP, PHONE, Oval

OVALS = {"desktop few": DESKTOP["few"], "desktop many": DESKTOP["many"], "phone few": PHONE["few"]}
OVALS["phone many"] = PHONE["many"]
COUNTS = [(oval, n) for oval in OVALS for n in range(2, 13) if (n >= 6) == oval.endswith("many")]


def in_height_units(oval: Oval, place: tuple[float, float]) -> tuple[float, float]:
    """A place in percent of the felt, as lengths in percent of its height (both axes alike)."""
    return place[0] * oval.aspect, place[1]


@pytest.mark.parametrize(("name", "count"), COUNTS)
def test_the_first_place_is_at_the_bottom_and_the_next_to_its_right(name: str, count: int) -> None:
    """The viewer's seat at the bottom middle; play runs counter-clockwise, so place 1 is right."""
    oval = OVALS[name]
    places = oval.places(count)
    assert places[0] == (50.0, 50.0 + oval.ry)
    assert places[1][0] > 50.0 if count > 2 else places[1] == (50.0, 50.0 - oval.ry)


@pytest.mark.parametrize(("name", "count"), COUNTS)
def test_neighbours_are_equally_far_apart(name: str, count: int) -> None:
    """Along the rim no two neighbours crowd: the straight distances between neighbours differ by
    under a quarter (equal angles would not: 1.33 times at 12 seats on the desktop's oval)."""
    oval = OVALS[name]
    points = [in_height_units(oval, p) for p in oval.places(count)]
    gaps = [math.dist(a, b) for a, b in itertools.pairwise([*points, points[0]])]
    assert max(gaps) < 1.25 * min(gaps)


@pytest.mark.parametrize(("name", "count"), COUNTS)
def test_each_play_lies_inset_in_front_of_its_own_seat_and_nearest_it(name: str, count: int) -> None:
    """A play is ``inset`` from its seat (toward the middle) and nearer its seat than any other."""
    oval = OVALS[name]
    seats = [in_height_units(oval, p) for p in oval.places(count)]
    plays = [in_height_units(oval, p) for p in oval.in_front(count)]
    middle = in_height_units(oval, (50, 50))
    for k, play in enumerate(plays):
        assert math.dist(play, seats[k]) == pytest.approx(oval.inset, abs=0.3)
        assert math.dist(play, middle) < math.dist(seats[k], middle)
        nearest = min(range(count), key=lambda s: math.dist(play, seats[s]))
        assert nearest == k
