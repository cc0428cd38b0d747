"""Individual seating: table sizes, sit-outs, kept-apart players, repeats, determinism."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from league.seating import (
    Repeats,
    SeatedRound,
    SeatingError,
    count_repeats,
    plan_rounds,
    seat_planned_round,
    seat_round,
    table_sizes,
)


def _meetings(rounds: list[SeatedRound]) -> Counter[frozenset[int]]:
    return Counter(frozenset(p) for r in rounds for t in r.tables for p in combinations(t, 2))


def test_table_sizes_fill_equal_tables_and_leave_the_rest_out() -> None:
    """Ten players at four seats: two tables, two sit out."""
    assert table_sizes(10, 4) == [4, 4]


def test_table_sizes_mix_sizes_within_one() -> None:
    """Si Se Pai with ten players at two to four seats: 4, 3, 3."""
    assert table_sizes(10, 4, min_size=2) == [4, 3, 3]


def test_table_sizes_for_zhao_pengyou() -> None:
    """Twenty players at six to twelve seats play at two tables of ten; 25 at 9, 8, 8."""
    assert table_sizes(20, 12, min_size=6) == [10, 10]
    assert table_sizes(25, 12, min_size=6) == [9, 8, 8]


def test_table_sizes_seat_as_many_as_possible() -> None:
    """Five players at three or four seats: one table of four, one sits out."""
    assert table_sizes(5, 4, min_size=3) == [4]
    assert table_sizes(3, 4) == []


def test_count_repeats_by_role() -> None:
    """The same four twice with partners kept: two partner repeats, four opponent, six meetings."""
    rounds = [SeatedRound(((1, 2, 3, 4),)), SeatedRound(((3, 4, 1, 2),))]
    assert count_repeats(rounds, partners_opposite=True).__dict__ == {
        "partners": 2,
        "opponents": 4,
        "meetings": 6,
    }


def test_count_repeats_sees_a_partner_who_became_an_opponent() -> None:
    """Partners in round one and opponents in round two is a repeated meeting, not a partner repeat."""
    rounds = [SeatedRound(((1, 2, 3, 4),)), SeatedRound(((1, 3, 2, 4),))]
    repeats = count_repeats(rounds, partners_opposite=True)
    assert (repeats.partners, repeats.meetings) == (0, 6)


def test_it_seats_partners_opposite_without_any_repeat() -> None:
    """Sixteen players, four seats, five rounds: nobody meets anybody twice (an affine plane)."""
    plan = plan_rounds(list(range(1, 17)), 5, 4, random.Random(3), partners_opposite=True)
    assert count_repeats(plan, partners_opposite=True).meetings == 0
    assert all(sorted(p for t in r.tables for p in t) == list(range(1, 17)) for r in plan)


def test_it_keeps_apart_players_who_must_not_meet() -> None:
    """Kept-apart pairs never share a table, whatever else happens."""
    apart = [(1, 2), (3, 4), (1, 5), (7, 8)]
    plan = plan_rounds(
        list(range(1, 13)),
        4,
        4,
        random.Random(5),
        keep_apart=apart,
        partners_opposite=True,
        iterations=20_000,
    )
    met = _meetings(plan)
    assert all(met[frozenset(p)] == 0 for p in apart)


def test_it_refuses_when_kept_apart_players_must_meet() -> None:
    """Four players at one table of four cannot keep a pair apart."""
    with pytest.raises(SeatingError):
        seat_round([1, 2, 3, 4], 4, random.Random(1), keep_apart=[(1, 2)], iterations=200, restarts=1)


def test_it_avoids_meetings_from_earlier_rounds() -> None:
    """After four tables of four, the next round seats one player from each old table together."""
    history = [SeatedRound(((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)))]
    nxt = seat_round(list(range(1, 17)), 4, random.Random(2), history=history, iterations=50_000)
    assert count_repeats([*history, nxt]).meetings == 0


def test_it_rotates_sit_outs_fairly() -> None:
    """Ten players at four seats for five rounds: each sits out exactly once."""
    plan = plan_rounds(list(range(1, 11)), 5, 4, random.Random(9), partners_opposite=True, iterations=2_000)
    outs = Counter(p for r in plan for p in r.sitting_out)
    assert all(len(r.sitting_out) == 2 for r in plan)
    assert outs == Counter(range(1, 11))


def test_it_seats_first_those_who_sat_out_before() -> None:
    """Players who sat out last round are seated this round."""
    history = [SeatedRound(((1, 2, 3, 4), (5, 6, 7, 8)), sitting_out=(9, 10))]
    nxt = seat_round(list(range(1, 11)), 4, random.Random(4), history=history, iterations=2_000)
    assert not {9, 10} & set(nxt.sitting_out)


def test_it_seats_zhao_pengyou_tables_of_six_to_twelve() -> None:
    """Twenty-five players at six to twelve seats: tables of 9, 8, 8 and nobody sits out."""
    plan = plan_rounds(list(range(25)), 3, 12, random.Random(1), min_size=6, iterations=2_000, restarts=1)
    assert [sorted(len(t) for t in r.tables) for r in plan] == [[8, 8, 9]] * 3
    assert all(not r.sitting_out for r in plan)


def test_it_spreads_meetings_at_large_tables() -> None:
    """Thirty-six players at tables of six for two rounds: nobody meets twice."""
    plan = plan_rounds(list(range(36)), 2, 6, random.Random(1), iterations=50_000)
    assert count_repeats(plan).meetings == 0


def test_it_seats_si_se_pai_with_mixed_table_sizes() -> None:
    """Ten players at two to four seats: tables 4, 3, 3 every round."""
    plan = plan_rounds(list(range(10)), 3, 4, random.Random(1), min_size=2, iterations=2_000, restarts=1)
    assert [sorted(len(t) for t in r.tables) for r in plan] == [[3, 3, 4]] * 3


def test_it_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same plan."""
    first = plan_rounds(list(range(12)), 3, 4, random.Random(42), iterations=2_000, restarts=2)
    second = plan_rounds(list(range(12)), 3, 4, random.Random(42), iterations=2_000, restarts=2)
    assert first == second


def test_it_refuses_partners_opposite_at_other_sizes() -> None:
    """Partners sit opposite only at four seats."""
    with pytest.raises(ValueError):
        plan_rounds(list(range(12)), 1, 6, random.Random(1), partners_opposite=True)


def test_it_seats_24_players_for_six_rounds_without_a_repeat() -> None:
    """Twenty-four players at four seats for six rounds: nobody meets twice (cyclic design)."""
    plan = plan_rounds(
        list(range(24)), 6, 4, random.Random(11), partners_opposite=True, iterations=1_000, restarts=1
    )
    assert count_repeats(plan, partners_opposite=True) == Repeats(0, 0, 0)


def test_it_seats_a_single_table() -> None:
    """Four players at one table of four: everyone is seated, nothing to search."""
    result = seat_round([1, 2, 3, 4], 4, random.Random(1))
    assert sorted(result.tables[0]) == [1, 2, 3, 4]
    assert result.sitting_out == ()


def test_it_plans_no_rounds_when_asked_for_none() -> None:
    """Zero rounds is an empty plan."""
    assert plan_rounds([1, 2, 3, 4], 0, 4, random.Random(1)) == []


def test_planned_rounds_follow_the_whole_plan() -> None:
    """Drawing 24 players round by round from one plan meets nobody twice in six rounds."""
    players = list(range(100, 124))
    played: list[SeatedRound] = []
    for _ in range(6):
        played.append(seat_planned_round(players, 4, "t7", 6, history=played, partners_opposite=True))
    assert played == plan_rounds(players, 6, 4, random.Random("t7"), partners_opposite=True)
    assert count_repeats(played, partners_opposite=True).meetings == 0


def test_planned_rounds_replan_after_a_change_by_hand() -> None:
    """When the played round is not the plan's, the next round avoids what was actually played."""
    played = [SeatedRound(((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)))]
    nxt = seat_planned_round(list(range(1, 17)), 4, 3, 3, history=played, iterations=50_000)
    assert count_repeats([*played, nxt]).meetings == 0
    assert sorted(p for t in nxt.tables for p in t) == list(range(1, 17))


# Uneven player counts: 13 Zhao Pengyou players at 6-12 seats, 7 Si Se Pai players at 2-4 seats.


def _cost(rounds: list[SeatedRound]) -> int:
    """The planner's cost: over every pair, m(m-1)/2 for m meetings (sum of squares up to a constant)."""
    return sum(m * (m - 1) // 2 for m in _meetings(rounds).values())


def _fewest_repeats_possible(players: int, sizes: list[int], rounds: int) -> int:
    """Brute force: the lowest cost any plan of ``rounds`` rounds at two tables of ``sizes`` reaches."""
    everyone = range(players)
    splits = []
    for small in combinations(everyone, sizes[1]):
        big = tuple(p for p in everyone if p not in small)
        splits.append(SeatedRound((big, small)))
    # The first round is the same for every plan up to relabelling.
    return min(_cost([splits[0], *rest]) for rest in _product(splits, rounds - 1))


def _product(splits: list[SeatedRound], count: int) -> list[tuple[SeatedRound, ...]]:
    out: list[tuple[SeatedRound, ...]] = [()]
    for _ in range(count):
        out = [(*head, s) for head in out for s in splits]
    return out


@pytest.mark.parametrize(
    ("players", "size", "min_size", "sizes"),
    [(13, 12, 6, [7, 6]), (13, 6, 6, [6, 6]), (7, 4, 2, [4, 3]), (7, 3, 2, [3, 2, 2])],
    ids=["zpy-13-up-to-12", "zpy-13-at-6", "ssp-7-up-to-4", "ssp-7-up-to-3"],
)
def test_uneven_counts_fill_tables_within_one_seat(
    players: int, size: int, min_size: int, sizes: list[int]
) -> None:
    """Thirteen at 6-12 seats: 7 and 6 (at six seats: 6, 6 and one sits out); seven at 2-4: 4 and 3."""
    assert table_sizes(players, size, min_size) == sizes
    plan = plan_rounds(list(range(players)), 3, size, random.Random(3), min_size=min_size, iterations=5_000)
    assert all(sorted(map(len, r.tables), reverse=True) == sizes for r in plan)
    assert all(len(r.sitting_out) == players - sum(sizes) for r in plan)


def test_thirteen_zhao_pengyou_players_meet_as_few_times_again_as_possible() -> None:
    """Two rounds of 7 + 6: some of round one's seven must meet again; the plan repeats no more than
    the best of all 1,716 possible second rounds (15 repeated meetings)."""
    best = _fewest_repeats_possible(13, [7, 6], 2)
    assert best == 15
    for seed in range(3):
        plan = plan_rounds(
            list(range(13)), 2, 12, random.Random(seed), min_size=6, iterations=20_000, restarts=2
        )
        assert _cost(plan) == best


@pytest.mark.parametrize(("rounds", "best"), [(2, 3), (3, 9), (4, 18)])
def test_seven_si_se_pai_players_meet_as_few_times_again_as_possible(rounds: int, best: int) -> None:
    """At tables of 4 and 3, over 2, 3 and 4 rounds: the plan's cost is the brute-force minimum."""
    assert _fewest_repeats_possible(7, [4, 3], rounds) == best
    for seed in range(3):
        plan = plan_rounds(
            list(range(7)), rounds, 4, random.Random(seed), min_size=2, iterations=20_000, restarts=2
        )
        assert _cost(plan) == best


@pytest.mark.parametrize(
    ("players", "size", "min_size", "apart"),
    [(13, 12, 6, [(0, 1), (2, 3), (4, 5)]), (7, 4, 2, [(0, 1)]), (7, 4, 2, [(0, 1), (0, 2)])],
    ids=["zpy-13-three-pairs", "ssp-7-one-pair", "ssp-7-two-pairs"],
)
def test_uneven_tables_keep_apart_players_who_must_not_meet(
    players: int, size: int, min_size: int, apart: list[tuple[int, int]]
) -> None:
    """Kept-apart pairs never share a table, whatever the table sizes, over four rounds."""
    plan = plan_rounds(
        list(range(players)),
        4,
        size,
        random.Random(5),
        min_size=min_size,
        keep_apart=apart,
        iterations=20_000,
    )
    meetings = _meetings(plan)
    assert all(meetings[frozenset(pair)] == 0 for pair in apart)


def test_thirteen_at_six_seats_rotate_the_one_who_sits_out() -> None:
    """Tables of exactly six: one of thirteen sits out each round, never the same one twice in 13 rounds."""
    plan = plan_rounds(list(range(13)), 13, 6, random.Random(2), min_size=6, iterations=2_000, restarts=1)
    assert sorted(p for r in plan for p in r.sitting_out) == list(range(13))
