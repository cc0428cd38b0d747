"""Forbidden pairs (relatives, partners at work) kept apart by Swiss pairing and table grouping.

Pure functions, no database: ``pair_swiss(..., forbidden=...)`` keeps them apart like rematches
and names in ``forbidden_met`` those it could not; ``group_pairs`` seats the pairs of a round at
four-seat tables so that forbidden entries sit at different tables.
"""

from __future__ import annotations

import random

from league.pairing import SwissEntry, group_pairs, met_pairs, pair_swiss


def field(n: int) -> list[SwissEntry]:
    """``n`` entries on equal points, seeded 1..n."""
    return [SwissEntry(e, 0) for e in range(1, n + 1)]


def test_round_one_folds_as_usual_without_forbidden_pairs() -> None:
    """1 v 3 and 2 v 4: the Dutch fold."""
    assert pair_swiss(field(4), []).pairs == ((1, 3), (2, 4))


def test_a_forbidden_pair_is_not_paired() -> None:
    """1 and 3 may not meet: 1 takes the next in the fold's order instead."""
    rnd = pair_swiss(field(4), [], forbidden=[(3, 1)])
    assert {frozenset(p) for p in rnd.pairs}.isdisjoint({frozenset((1, 3))})
    assert rnd.forbidden_met == ()


def test_forbidden_pairs_and_rematches_together_are_kept_apart() -> None:
    """1 met 4 before and 1 must not meet 3: 1 plays 2."""
    rnd = pair_swiss(field(4), [(1, 4)], forbidden=[(1, 3)])
    assert (1, 2) in rnd.pairs and rnd.forbidden_met == ()


def test_a_forbidden_pair_meets_when_nothing_else_is_left_and_it_is_reported() -> None:
    """Two entries left, forbidden to meet: they are paired (never a rematch instead), and named."""
    rnd = pair_swiss(field(2), [], forbidden=[(2, 1)])
    assert rnd.pairs == ((1, 2),) and rnd.forbidden_met == ((1, 2),)


def test_only_the_forbidden_pairs_that_could_not_be_helped_are_reported() -> None:
    """Of 1-2 (must meet: 1 met everyone else) and 3-4 (could be apart), only 1-2 meets."""
    played = [(1, 3), (1, 4), (1, 5), (1, 6)]
    rnd = pair_swiss(field(6), played, forbidden=[(1, 2), (3, 4)])
    assert (1, 2) in rnd.pairs and rnd.forbidden_met == ((1, 2),)


def test_a_forbidden_pair_never_becomes_a_rematch() -> None:
    """1 met 2; 1 must not meet 3; only 1-3 or 1-2 for entry 1 of three with a bye: 1 v 3 it is."""
    rnd = pair_swiss(field(3), [(1, 2)], previous_byes=[2], forbidden=[(1, 3)])
    assert {frozenset(p) for p in rnd.pairs}.isdisjoint({frozenset((1, 2))})


def test_two_hundred_entries_keep_fifty_forbidden_pairs_apart_over_nine_rounds() -> None:
    """A large Swiss with random results: no rematch, and every forbidden pair apart every round."""
    rng = random.Random(5)
    entries = list(range(1, 201))
    forbidden = [(a, b) for a, b in (rng.sample(entries, 2) for _ in range(50))]
    points = dict.fromkeys(entries, 0)
    played: list[tuple[int, int]] = []
    for r in range(1, 10):
        order = sorted(points, key=lambda e: (-points[e], e))
        rnd = pair_swiss([SwissEntry(e, points[e]) for e in order], played, [], r, forbidden=forbidden)
        assert rnd.forbidden_met == ()
        assert not met_pairs(rnd.pairs, forbidden)
        assert not {frozenset(p) for p in rnd.pairs} & {frozenset(p) for p in played}
        for a, b in rnd.pairs:
            won = rng.choice([0, 1, 2])
            points[a], points[b] = points[a] + won, points[b] + 2 - won
        played += rnd.pairs


def test_tables_of_two_pairs_keep_forbidden_entries_apart() -> None:
    """Pairs 1v2, 3v4, 5v6, 7v8 with 1 and 3 kept apart: 3v4 moves to the next table."""
    tables = group_pairs([(1, 2), (3, 4), (5, 6), (7, 8)], 2, forbidden=[(3, 1)])
    assert tables == [[(1, 2), (5, 6)], [(3, 4), (7, 8)]]
    assert not met_pairs([[e for p in t for e in p] for t in tables], [(1, 3)])


def test_tables_follow_the_pairing_order_without_forbidden_pairs() -> None:
    """Consecutive pairs share a table, as before."""
    assert group_pairs([(1, 2), (3, 4), (5, 6), (7, 8)], 2) == [[(1, 2), (3, 4)], [(5, 6), (7, 8)]]


def test_a_forbidden_pair_that_the_pairing_made_opponents_stays_and_is_reported() -> None:
    """A round robin's 1 v 2 is fixed: grouping cannot part them, met_pairs names them."""
    tables = group_pairs([(1, 2), (3, 4)], 2, forbidden=[(1, 2)])
    assert tables == [[(1, 2), (3, 4)]]
    assert met_pairs([[1, 2, 3, 4]], [(2, 1)]) == ((1, 2),)


def test_grouping_places_every_pair_when_the_forbidden_pairs_cannot_all_be_parted() -> None:
    """1 is kept apart from 3 and 5, and only two tables exist: every pair is still seated."""
    tables = group_pairs([(1, 2), (3, 4), (5, 6), (7, 8)], 2, forbidden=[(1, 3), (1, 5), (1, 7)])
    assert sorted(p for t in tables for p in t) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert all(len(t) == 2 for t in tables)
