"""Round robin by Berger tables and Swiss pairing (pure, no database)."""

from __future__ import annotations

import random

import pytest

from league.pairing import PairingError, RoundPairing, SwissEntry, pair_swiss, round_robin

# FIDE Handbook C.05, Annex 1 (Berger tables), written as printed: white first.
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def _pairs(rounds: list[RoundPairing]) -> list[list[tuple[int, int]]]:
    return [list(r.pairs) for r in rounds]


def test_it_matches_the_berger_table_for_four() -> None:
    """Four entries play the published four-player Berger table."""
    assert _pairs(round_robin([1, 2, 3, 4])) == BERGER_4


def test_it_matches_the_berger_table_for_six() -> None:
    """Six entries play the published six-player Berger table."""
    assert _pairs(round_robin([1, 2, 3, 4, 5, 6])) == BERGER_6


def test_it_gives_five_entries_the_six_table_with_byes() -> None:
    """Five entries use the six table; whoever meets number six has the bye."""
    rounds = round_robin([1, 2, 3, 4, 5])
    expected = [[p for p in r if 6 not in p] for r in BERGER_6]
    assert _pairs(rounds) == expected
    assert [r.bye for r in rounds] == [1, 4, 2, 5, 3]


def test_it_maps_pairing_numbers_to_entry_ids() -> None:
    """Pairing number i is the i-th entry passed in."""
    rounds = round_robin([40, 10, 30, 20])
    assert rounds[0].pairs == ((40, 20), (10, 30))


def test_it_meets_everyone_once_per_cycle() -> None:
    """A double round robin meets every pair twice, in reversed order the second time."""
    rounds = round_robin(list(range(1, 9)), cycles=2)
    assert len(rounds) == 14
    first = [p for r in rounds[:7] for p in r.pairs]
    second = [p for r in rounds[7:] for p in r.pairs]
    assert len({frozenset(p) for p in first}) == 28
    assert second == [(b, a) for a, b in first]


def test_it_rounds_are_stable() -> None:
    """The schedule depends only on the entry order."""
    assert round_robin([3, 1, 2]) == round_robin([3, 1, 2])


def test_swiss_round_one_folds_top_half_against_bottom_half() -> None:
    """Round one pairs 1 v 5, 2 v 6, 3 v 7, 4 v 8 in seed order."""
    field = [SwissEntry(i, 0) for i in range(1, 9)]
    assert pair_swiss(field, []).pairs == ((1, 5), (2, 6), (3, 7), (4, 8))


def test_swiss_pairs_inside_score_groups() -> None:
    """Entries on the same points meet each other when no rematch forbids it."""
    field = [SwissEntry(1, 2), SwissEntry(3, 2), SwissEntry(2, 0), SwissEntry(4, 0)]
    result = pair_swiss(field, [(1, 2), (3, 4)])
    assert result.pairs == ((1, 3), (2, 4))


def test_swiss_floats_the_odd_entry_down() -> None:
    """With three leaders the lowest of them meets the top of the next group."""
    field = [SwissEntry(i, 2) for i in (1, 2, 3)] + [SwissEntry(i, 0) for i in (4, 5, 6)]
    result = pair_swiss(field, [])
    assert result.pairs == ((1, 2), (3, 4), (5, 6))


def test_swiss_avoids_a_rematch_inside_the_group() -> None:
    """If the fold's opponent was already met, the next choice is taken."""
    field = [SwissEntry(i, 0) for i in range(1, 5)]
    result = pair_swiss(field, [(1, 3)])
    assert result.pairs == ((1, 4), (2, 3))


def test_swiss_backtracks_when_the_last_boards_would_rematch() -> None:
    """A choice that strands the last two as a rematch is undone."""
    field = [SwissEntry(i, 0) for i in range(1, 5)]
    # The fold gives 1 v 3, leaving 2 v 4 (played); 1 v 4 was played too, so 1 takes 2.
    result = pair_swiss(field, [(2, 4), (1, 4)])
    assert result.pairs == ((1, 2), (3, 4))


def test_swiss_gives_the_bye_to_the_lowest_ranked() -> None:
    """In an odd field the last-ranked entry without a bye rests."""
    field = [SwissEntry(i, 0) for i in range(1, 6)]
    assert pair_swiss(field, []).bye == 5


def test_swiss_skips_entries_that_already_had_a_bye() -> None:
    """An entry with a bye is passed over for the next lowest."""
    field = [SwissEntry(i, 0) for i in range(1, 6)]
    assert pair_swiss(field, [], previous_byes=[5, 4]).bye == 3


def test_swiss_bye_goes_by_points_not_by_list_position() -> None:
    """The lowest score group gets the bye even if passed in first."""
    field = [SwissEntry(1, 0), SwissEntry(2, 4), SwissEntry(3, 4)]
    assert pair_swiss(field, []).bye == 1


def test_swiss_never_rematches_over_several_rounds() -> None:
    """Seven rounds of a 16-entry Swiss with random results have no rematch and fair byes."""
    rng = random.Random(7)
    for n in (16, 17):
        points = dict.fromkeys(range(1, n + 1), 0)
        played: list[tuple[int, int]] = []
        byes: list[int] = []
        for r in range(1, 8):
            order = sorted(points, key=lambda e: (-points[e], e))
            rp = pair_swiss([SwissEntry(e, points[e]) for e in order], played, byes, r)
            assert not {frozenset(p) for p in rp.pairs} & {frozenset(p) for p in played}
            for a, b in rp.pairs:
                won = rng.choice([0, 1, 2])
                points[a] += won
                points[b] += 2 - won
            played += rp.pairs
            if rp.bye is not None:
                assert rp.bye not in byes
                byes.append(rp.bye)
                points[rp.bye] += 2
            assert len(rp.pairs) == n // 2


def test_swiss_raises_when_only_rematches_remain() -> None:
    """Two entries that have met cannot be paired again."""
    with pytest.raises(PairingError):
        pair_swiss([SwissEntry(1, 0), SwissEntry(2, 0)], [(2, 1)])
