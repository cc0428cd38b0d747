"""Standings as a pure fold: points, shared ranks, byes, multi-entry tables."""

from __future__ import annotations

from league.standings import Bye, MatchResult, compute_standings


def test_it_orders_by_points() -> None:
    """The entry with more points is ranked first."""
    rows = compute_standings([1, 2], [MatchResult(1, (1, 2), (0, 2), (2, 1))])
    assert [(r.rank, r.entry, r.points) for r in rows] == [(1, 2, 2), (2, 1, 0)]


def test_it_shares_a_rank_between_entries_equal_on_everything() -> None:
    """Equal entries share a rank and the next rank is skipped (1, 1, 3)."""
    results = [MatchResult(1, (1, 2), (1, 1), (1, 1)), MatchResult(1, (3, 4), (2, 0), (1, 2))]
    rows = compute_standings([1, 2, 3, 4], results, tiebreaks=["BH"])
    assert [(r.rank, r.entry) for r in rows] == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_it_lists_tied_entries_in_seed_order() -> None:
    """Fully tied entries keep the order in which the entries were passed."""
    rows = compute_standings([5, 3, 9], [])
    assert [(r.rank, r.entry) for r in rows] == [(1, 5), (1, 3), (1, 9)]


def test_it_counts_bye_points() -> None:
    """A bye's points count towards the total; played counts only real matches."""
    rows = compute_standings([1, 2, 3], [MatchResult(1, (1, 2), (2, 0), (1, 2))], [Bye(1, 3, 2)])
    by_entry = {r.entry: r for r in rows}
    assert (by_entry[3].points, by_entry[3].played, by_entry[3].byes) == (2, 0, 1)


def test_it_shows_each_tie_break_value_in_the_chosen_order() -> None:
    """A row carries every chosen code with its value, in the tournament's order."""
    rows = compute_standings(
        [1, 2], [MatchResult(1, (1, 2), (2, 0), (1, 2), (4, -4))], tiebreaks=["DIFF", "BH"]
    )
    assert rows[0].tiebreaks == (("DIFF", 4), ("BH", 0))


def test_it_builds_places_from_winners() -> None:
    """``with_winners`` puts the winners first and everyone else second."""
    result = MatchResult.with_winners(1, (1, 2, 3, 4), (2, 0, 2, 0), [1, 3], sides=(0, 1, 0, 1))
    assert result.places == (1, 2, 1, 2)


def test_it_is_the_same_whatever_the_order_of_results() -> None:
    """The fold gives the same standings for results in any order."""
    results = [
        MatchResult(1, (1, 2), (2, 0), (1, 2), (2, -2)),
        MatchResult(1, (3, 4), (1, 1), (1, 1)),
        MatchResult(2, (1, 3), (0, 2), (2, 1), (-1, 1)),
        MatchResult(2, (2, 4), (2, 0), (1, 2), (3, -3)),
    ]
    codes = ["BH", "SB", "DE", "DIFF"]
    assert compute_standings([1, 2, 3, 4], results, tiebreaks=codes) == compute_standings(
        [1, 2, 3, 4], results[::-1], tiebreaks=codes
    )


def test_it_rates_individuals_at_four_seat_tables() -> None:
    """Individuals seated in pairs get their side's points and their opponents' Buchholz."""
    results = [
        MatchResult(1, (1, 2, 3, 4), (2, 0, 2, 0), (1, 2, 1, 2), sides=(0, 1, 0, 1)),
        MatchResult(2, (1, 3, 2, 4), (0, 2, 0, 2), (2, 1, 2, 1), sides=(0, 1, 0, 1)),
    ]
    rows = {r.entry: r for r in compute_standings([1, 2, 3, 4], results, tiebreaks=["BH"])}
    assert {e: r.points for e, r in rows.items()} == {1: 2, 2: 0, 3: 4, 4: 2}
    # Player 1 met 2 and 4 in round 1, then 3 and 4 in round 2: 0 + 2 + 4 + 2.
    assert rows[1].value("BH") == 8


def test_a_second_score_breaks_ties_on_points_before_the_tie_breaks() -> None:
    """Zhao Pengyou: equal on levels, the one with more game points is ahead, whatever Buchholz says."""
    table = MatchResult(1, (1, 2, 3), (4, 4, 0), (1, 1, 3), second=(5, 7, 1))
    rows = compute_standings([1, 2, 3], [table], tiebreaks=["BH"])
    assert [(r.entry, r.points, r.second, r.rank) for r in rows] == [(2, 4, 7, 1), (1, 4, 5, 2), (3, 0, 1, 3)]


def test_points_may_be_negative_payments() -> None:
    """Si Se Pai: payments summed over rounds, losers below zero."""
    first = MatchResult(1, (1, 2, 3), (22, -11, -11), (1, 2, 2))
    second = MatchResult(2, (1, 2, 3), (-9, 18, -9), (2, 1, 2))
    rows = compute_standings([1, 2, 3], [first, second])
    assert [(r.entry, r.points) for r in rows] == [(1, 13), (2, 7), (3, -20)]
