"""Each tie-break on a hand-checked four-entry round robin (win 2, draw 1, loss 0)."""

from __future__ import annotations

import pytest

from league.standings import Bye, MatchResult, compute_standings, fold_sheets
from league.tiebreaks import COMPUTE, TIEBREAKS, buchholz, direct_encounter

# Round 1: 1 beats 4 by three levels, 2 and 3 draw.
# Round 2: 3 beats 4 by two levels, 2 beats 1 by one.
# Round 3: 4 beats 2 by one level, 3 and 1 draw.
# Points: 1 = 3, 2 = 3, 3 = 4, 4 = 2.
RESULTS = [
    MatchResult(1, (1, 4), (2, 0), (1, 2), (3, -3)),
    MatchResult(1, (2, 3), (1, 1), (1, 1)),
    MatchResult(2, (4, 3), (0, 2), (2, 1), (-2, 2)),
    MatchResult(2, (1, 2), (0, 2), (2, 1), (-1, 1)),
    MatchResult(3, (2, 4), (0, 2), (2, 1), (-1, 1)),
    MatchResult(3, (3, 1), (1, 1), (1, 1)),
]
ENTRIES = [1, 2, 3, 4]


def _values(code: str) -> dict[int, int]:
    return {row.entry: row.value(code) for row in compute_standings(ENTRIES, RESULTS, tiebreaks=[code])}


def _order(*codes: str) -> list[tuple[int, int]]:
    return [(row.rank, row.entry) for row in compute_standings(ENTRIES, RESULTS, tiebreaks=codes)]


def test_buchholz_sums_opponents_final_points() -> None:
    """1 met 4, 2, 3 (2 + 3 + 4 = 9); 4 met 1, 3, 2 (3 + 4 + 3 = 10)."""
    assert _values("BH") == {1: 9, 2: 9, 3: 8, 4: 10}


def test_buchholz_cut1_drops_the_lowest_opponent() -> None:
    """Cut 1 removes the weakest opponent: 1 loses 4's 2 points, 4 loses a 3."""
    assert _values("BH-C1") == {1: 7, 2: 7, 3: 6, 4: 7}


def test_sonneborn_berger_weights_opponents_by_outcome() -> None:
    """1 beat 4 (2) and drew 3 (4/2): SB 4, stored as 8; 2 beat 1 (3) and drew 3 (4/2): SB 5."""
    values = _values("SB")
    assert values[1] == 8
    assert values[2] == 10
    assert TIEBREAKS["SB"].divisor == 2


def test_sonneborn_berger_breaks_the_tie() -> None:
    """With SB, 2 is ranked above 1."""
    assert _order("SB") == [(1, 3), (2, 2), (3, 1), (4, 4)]


def test_direct_encounter_counts_games_among_the_tied() -> None:
    """1 and 2 are tied on points and 2 beat 1; 3 and 4 are alone in their groups."""
    assert _values("DE") == {1: 0, 2: 2, 3: 0, 4: 0}
    assert _order("DE") == [(1, 3), (2, 2), (3, 1), (4, 4)]


def test_direct_encounter_uses_the_group_left_by_earlier_tie_breaks() -> None:
    """After DIFF has split 1 from 2 there is nobody left to meet: DE is 0 for both."""
    rows = compute_standings(ENTRIES, RESULTS, tiebreaks=["DIFF", "DE"])
    assert {r.entry: r.value("DE") for r in rows} == {1: 0, 2: 0, 3: 0, 4: 0}


def test_direct_encounter_function_ignores_entries_outside_the_group() -> None:
    """Games against entries outside the tie group do not count."""
    sheets = fold_sheets(ENTRIES, RESULTS)
    assert direct_encounter(sheets[1], {1, 3}) == 1
    assert direct_encounter(sheets[1], {1, 4}) == 2


def test_level_difference_sums_the_recorded_differences() -> None:
    """1: +3 - 1 + 0 = 2; 2: 0 + 1 - 1 = 0; 3: +2; 4: -3 - 2 + 1 = -4."""
    assert _values("DIFF") == {1: 2, 2: 0, 3: 2, 4: -4}
    assert _order("DIFF") == [(1, 3), (2, 1), (3, 2), (4, 4)]


def test_number_of_wins_counts_matches_won() -> None:
    """Everyone won exactly once, so 1 and 2 stay tied and share second place."""
    assert _values("WIN") == {1: 1, 2: 1, 3: 1, 4: 1}
    assert _order("WIN") == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_a_bye_adds_points_but_no_opponent() -> None:
    """A bye gives its points and counts as a bye; it adds nothing to Buchholz or wins."""
    sheets = fold_sheets([1, 2], [MatchResult(1, (1, 2), (2, 0), (1, 2))], [Bye(2, 2, 2)])
    assert (sheets[2].points, sheets[2].byes, sheets[2].wins) == (2, 1, 0)
    assert buchholz(sheets[2], sheets) == 2


def test_partners_at_a_four_seat_table_are_not_opponents() -> None:
    """Seats 0 and 2 against 1 and 3: player 1's opponents are 2 and 4, not partner 3."""
    table = MatchResult(1, (1, 2, 3, 4), (2, 0, 2, 0), (1, 2, 1, 2), sides=(0, 1, 0, 1))
    sheets = fold_sheets([1, 2, 3, 4], [table])
    assert [m.opponent for m in sheets[1].meetings] == [2, 4]
    assert [m.outcome2 for m in sheets[2].meetings] == [0, 0]
    assert (sheets[1].wins, sheets[2].wins) == (1, 0)


def test_free_for_all_table_compares_every_pair_by_place() -> None:
    """Places 1, 2, 3: the middle player scores 0 against the first and 2 against the last."""
    sheets = fold_sheets([1, 2, 3], [MatchResult(1, (1, 2, 3), (3, 1, 0), (1, 2, 3))])
    assert [(m.opponent, m.outcome2) for m in sheets[2].meetings] == [(1, 0), (3, 2)]
    assert [sheets[e].wins for e in (1, 2, 3)] == [1, 0, 0]


def test_a_table_wide_draw_is_no_win() -> None:
    """Everyone on the same place has drawn: no wins."""
    sheets = fold_sheets([1, 2, 3], [MatchResult(1, (1, 2, 3), (1, 1, 1), (1, 1, 1))])
    assert [sheets[e].wins for e in (1, 2, 3)] == [0, 0, 0]


def test_every_registered_code_has_a_name_and_a_computation() -> None:
    """The registry and the computations list the same codes."""
    assert set(TIEBREAKS) == {*COMPUTE, "DE"}
    assert all(t.name and t.description for t in TIEBREAKS.values())


def test_an_unknown_code_is_refused() -> None:
    """A typo in a tournament's tie-break list is an error, not a silent zero."""
    with pytest.raises(ValueError, match="XYZ"):
        compute_standings(ENTRIES, RESULTS, tiebreaks=["XYZ"])


def test_values_are_shown_in_point_units() -> None:
    """SB and DE are stored in halves: 9 shows as 4.5, 8 as 4, -3 as -1.5."""
    sb = TIEBREAKS["SB"]
    assert [sb.show(v) for v in (9, 8, -3, 0)] == ["4.5", "4", "-1.5", "0"]
    assert TIEBREAKS["BH"].show(12) == "12"
