"""Duplicate play without the database: boards, movements, plus points, matchpoints, victory points."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import get_game
from engine.core.record import commitment
from engine.core.result import LevelsResult
from league.boards import Board, check_board, make_board, make_boards, stack_rows
from league.duplicate import (
    TableResult,
    hundredths,
    pair_totals,
    plus_score,
    raw_matchpoints,
    score_board,
    team_board,
    victory_points,
)
from league.movements import MovementError, Sitting, check_movement, howell, mitchell, mitchell_rounds

SEED = "5eed" * 8

# --- Boards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["shengji", "tractor"])
def test_it_makes_the_same_board_from_the_same_seed(game: str) -> None:
    """A board depends on the seed and its number only: every table gets the same one."""
    assert make_board(game, {}, SEED, 3) == make_board(game, {}, SEED, 3)


@pytest.mark.parametrize("game", ["shengji", "tractor"])
def test_it_makes_different_boards_for_different_numbers_and_seeds(game: str) -> None:
    """Boards of a round differ from each other and from another round's."""
    assert make_board(game, {}, SEED, 1).deck != make_board(game, {}, SEED, 2).deck
    assert make_board(game, {}, SEED, 1).deck != make_board(game, {}, "other", 1).deck


@pytest.mark.parametrize(("game", "size"), [("shengji", 54), ("tractor", 108)])
def test_it_deals_the_whole_deck(game: str, size: int) -> None:
    """The stack is the game's full deck, in some order."""
    board = make_board(game, {}, SEED, 1)
    assert len(board.deck) == size
    assert sorted(board.deck) == sorted(get_game(game).deck(get_game(game).rules_from_json({}), 4))


def test_its_commitment_matches_the_revealed_deck() -> None:
    """The published commitment is SHA-256 of salt + deck, the live tables' own formula."""
    board = make_board("tractor", {}, SEED, 5)
    assert board.commitment == commitment(board.salt, board.deck)
    assert check_board(board)


def test_a_changed_deck_fails_its_commitment() -> None:
    """Swapping two cards after publishing is caught."""
    board = make_board("shengji", {}, SEED, 1)
    deck = (board.deck[1], board.deck[0], *board.deck[2:])
    assert deck != board.deck
    assert not check_board(
        Board(board.number, deck, board.dealer, board.levels, board.salt, board.commitment)
    )


def test_the_dealer_rotates_like_bridge_boards() -> None:
    """Board 1 is dealt by seat 0, board 2 by seat 1, ..., board 5 by seat 0 again."""
    assert [b.dealer for b in make_boards("shengji", {}, SEED, 5)] == [0, 1, 2, 3, 0]


def test_levels_stay_between_the_start_and_k() -> None:
    """No board starts a side at A; with 2s always trump levels start at 3."""
    boards = make_boards("shengji", {"two_always_trump": True}, SEED, 40)
    levels = {lv for b in boards for lv in b.levels}
    assert levels <= set("3456789TJQK")
    assert len(levels) > 3


def test_the_situation_fixes_dealer_and_levels() -> None:
    """The engine starts the board with its dealer drawing first at the dealer's level."""
    board = make_board("tractor", {}, SEED, 2)
    state = get_game("tractor").start(
        get_game("tractor").rules_from_json({}), 4, board.deck, board.situation()
    )
    assert board.situation()["dealer"] == 1
    assert state.to_move() == frozenset({1})


def test_it_refuses_games_without_boards() -> None:
    """Only one-deck Shengji and Tractor have duplicate boards."""
    with pytest.raises(ValueError, match="duplicate boards"):
        make_board("sandaha", {}, SEED, 1)


def test_the_stack_names_who_draws_each_card() -> None:
    """Cards are drawn from the top starting with the dealer; the last 6 (one deck) are the kitty."""
    board = make_board("shengji", {}, SEED, 3)
    rows = stack_rows(board.deck, board.dealer)
    assert rows[0] == (1, board.deck[0], 2)
    assert rows[1][2] == 3
    assert [r[2] for r in rows[-6:]] == [-1] * 6
    assert rows[47][2] == 1


# --- Movements --------------------------------------------------------------------------------


def _table(movement: list[list[Sitting]]) -> list[list[tuple[int, int, int]]]:
    return [[(s.ns, s.ew, s.board_set) for s in rnd] for rnd in movement]


# The movement cards below are written out from published descriptions, not from the code:
#
# - Mitchell (EBU/ACBL club practice; e.g. "Mitchell Movements", tbb director's notes, page 3,
#   http://esvc006636.swp0002ssl.server-secure.com/tbb/director/page03.htm, and bridgecentral.com
#   "Skip Mitchell"): NS pairs stay at their table, EW pairs move up one table after each round,
#   boards move down one table; with an even number of tables EW skip one table at the halfway
#   point ("with 6 tables EW pairs skip one table at the start of round 4"). The card's last round,
#   where EW meet their first opponents again with the one set they have not played, is left out
#   here (each pair meets each other pair at most once), so an even Mitchell has n - 1 rounds.
# - Howell: the ACBL's two-table Howell ("Recommended movements", bridgescoreplus.com, made with
#   ACBL directors, http://www.bridgescoreplus.com/movements/recommended.html): three rounds, "one
#   stationary pair, #4 at table 1 NS", in the standard card "in round one, pair 3 is NS, pair 2
#   EW" at table 2, both tables playing the same boards each round. Larger fields: the endless
#   (flower) Howell of bridgecentral.com ("Endless Howell movement",
#   http://www.bridgecentral.com/MvtHTML/endlesshowellmovement.htm): starting positions
#   "8-1 7-2 6-3 5-4" for 4 tables, the NS pair of table 1 stationary, other NS pairs up one
#   table, EW pairs down one, EW of table 1 to NS of table 2, NS of the last table swivelling to
#   EW; every table plays the same (duplicated) boards in a round.
#
# Rows are rounds, each a list of tables (NS pair, EW pair, board set); EW pair j of a Mitchell is
# pair n + j.
MITCHELL_3 = [
    [(1, 4, 1), (2, 5, 2), (3, 6, 3)],
    [(1, 6, 2), (2, 4, 3), (3, 5, 1)],
    [(1, 5, 3), (2, 6, 1), (3, 4, 2)],
]
MITCHELL_4 = [
    [(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)],
    [(1, 8, 2), (2, 5, 3), (3, 6, 4), (4, 7, 1)],
    # Round 3 is the first after the halfway point: EW skip a table (EW 5 from table 2 to table 4).
    [(1, 6, 3), (2, 7, 4), (3, 8, 1), (4, 5, 2)],
]
MITCHELL_6 = [
    [(1, 7, 1), (2, 8, 2), (3, 9, 3), (4, 10, 4), (5, 11, 5), (6, 12, 6)],
    [(1, 12, 2), (2, 7, 3), (3, 8, 4), (4, 9, 5), (5, 10, 6), (6, 11, 1)],
    [(1, 11, 3), (2, 12, 4), (3, 7, 5), (4, 8, 6), (5, 9, 1), (6, 10, 2)],
    # The skip at the start of round 4: EW 7 goes from table 3 to table 5.
    [(1, 9, 4), (2, 10, 5), (3, 11, 6), (4, 12, 1), (5, 7, 2), (6, 8, 3)],
    [(1, 8, 5), (2, 9, 6), (3, 10, 1), (4, 11, 2), (5, 12, 3), (6, 7, 4)],
]
HOWELL_4 = [
    [(4, 1, 1), (3, 2, 1)],
    [(4, 2, 2), (1, 3, 2)],
    [(4, 3, 3), (2, 1, 3)],
]
HOWELL_6 = [
    [(6, 1, 1), (5, 2, 1), (4, 3, 1)],
    [(6, 2, 2), (1, 3, 2), (5, 4, 2)],
    [(6, 3, 3), (2, 4, 3), (1, 5, 3)],
    [(6, 4, 4), (3, 5, 4), (2, 1, 4)],
    [(6, 5, 5), (4, 1, 5), (3, 2, 5)],
]
HOWELL_8_FIRST_ROUND = [(8, 1, 1), (7, 2, 1), (6, 3, 1), (5, 4, 1)]


@pytest.mark.parametrize(("tables", "card"), [(3, MITCHELL_3), (4, MITCHELL_4), (6, MITCHELL_6)])
def test_it_matches_the_published_mitchell(tables: int, card: list[list[tuple[int, int, int]]]) -> None:
    """Three tables play the plain Mitchell, four and six the skip Mitchell (without its last round)."""
    assert _table(mitchell(tables)) == card


@pytest.mark.parametrize(("pairs", "card"), [(4, HOWELL_4), (6, HOWELL_6)])
def test_it_matches_the_published_howell(pairs: int, card: list[list[tuple[int, int, int]]]) -> None:
    """Two tables play the ACBL's standard two-table Howell, three the endless Howell."""
    assert _table(howell(pairs)) == card


def test_a_four_table_howell_starts_from_the_published_positions() -> None:
    """8-1 7-2 6-3 5-4, and the NS pair of table 1 never moves."""
    movement = howell(8)
    assert _table(movement)[0] == HOWELL_8_FIRST_ROUND
    assert {(rnd[0].table, rnd[0].ns) for rnd in movement} == {(1, 8)}


@pytest.mark.parametrize("tables", range(2, 16))
def test_mitchell_never_repeats_a_board_for_a_pair_or_a_table(tables: int) -> None:
    """Every pair plays every board set at most once; no set comes back to a table."""
    movement = mitchell(tables)
    check_movement(movement)
    assert len(movement) == mitchell_rounds(tables)


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_an_odd_mitchell_meets_every_opponent(tables: int) -> None:
    """With an odd number of tables every EW pair meets every NS pair once."""
    met = {(s.ns, s.ew) for rnd in mitchell(tables) for s in rnd}
    assert len(met) == tables * tables


@pytest.mark.parametrize("pairs", [4, 6, 8, 10, 12])
def test_howell_meets_every_pair_once_and_plays_every_set(pairs: int) -> None:
    """A complete Howell: each pair meets each other pair once and plays each set once."""
    movement = howell(pairs)
    check_movement(movement)
    met = [frozenset((s.ns, s.ew)) for rnd in movement for s in rnd]
    assert len(met) == len(set(met)) == pairs * (pairs - 1) // 2


def test_a_curtailed_mitchell_has_fewer_rounds() -> None:
    """A director may play fewer rounds than the full movement, never more."""
    assert len(mitchell(6, rounds=3)) == 3
    with pytest.raises(MovementError):
        mitchell(6, rounds=6)


@pytest.mark.parametrize("pairs", [3, 2, 7])
def test_howell_refuses_odd_or_tiny_fields(pairs: int) -> None:
    """A Howell needs an even number of pairs from 4."""
    with pytest.raises(MovementError):
        howell(pairs)


def test_check_movement_catches_a_repeated_board() -> None:
    """A movement where a pair meets a set twice is refused."""
    bad = [[Sitting(1, 1, 1, 2, 1)], [Sitting(2, 2, 1, 3, 1)]]
    with pytest.raises(MovementError, match="pair 1"):
        check_movement(bad)


# --- Plus points ------------------------------------------------------------------------------


def _result(dealer: int, points: int, before: list[str], after: list[str]) -> LevelsResult:
    return LevelsResult.from_json(
        {
            "outcome": "played",
            "dealer": dealer,
            "defender_points": points,
            "levels_before": before,
            "levels_after": after,
        }
    )


def test_ns_declaring_and_climbing_scores_a_level_less_the_points_conceded() -> None:
    """NS deal, EW take 35: NS +1 level: 100 - 35 = 65."""
    assert plus_score(_result(0, 35, ["5", "5"], ["6", "5"])) == 65


def test_ns_defending_scores_its_points() -> None:
    """EW deal, NS take 60, nobody climbs: +60 for NS."""
    assert plus_score(_result(1, 60, ["5", "5"], ["5", "5"])) == 60


def test_ew_climbing_counts_against_ns() -> None:
    """NS deal, EW take 120 at Tractor and climb one: -100 - 120."""
    assert plus_score(_result(2, 120, ["7", "4"], ["7", "5"])) == -220


def test_a_redeal_is_not_played() -> None:
    """A redeal leaves no plus points: the board counts as not played at that table."""
    assert plus_score(LevelsResult.from_json({"outcome": "redeal"})) is None


@pytest.mark.parametrize(("low", "high"), [(35, 40), (0, 5), (75, 80)])
def test_declaring_more_points_away_never_scores_more(low: int, high: int) -> None:
    """Both sides of each one-deck threshold: conceding fewer points is never worse for NS."""
    from engine.games.shengji import shengji_outcome

    def score(points: int) -> int:
        ns_wins, ns_rise, ew_rise = shengji_outcome(points)
        after = ["5", "5"]
        after[0] = "567"[ns_rise] if ns_wins else "5"
        after[1] = "567"[ew_rise]
        return plus_score(_result(0, points, ["5", "5"], after))  # type: ignore[return-value]

    assert score(low) > score(high)


# --- Matchpoints ------------------------------------------------------------------------------


def test_matchpoints_are_two_per_pair_beaten_and_one_per_tie() -> None:
    """Scores 200, 100, -40, -40: 6, 4, 1, 1."""
    assert raw_matchpoints([200, 100, -40, -40]) == [6, 4, 1, 1]


def test_a_full_board_scores_both_directions() -> None:
    """Four tables: NS and EW matchpoints mirror each other and each side sums to 12."""
    tables = [TableResult(1, 5, 100), TableResult(2, 6, -40), TableResult(3, 7, -40), TableResult(4, 8, 200)]
    scores = {s.pair: s.matchpoints for s in score_board(tables, 4)}
    assert scores == {1: 4, 2: 1, 3: 1, 4: 6, 5: 2, 6: 5, 7: 5, 8: 0}
    assert all(s.top == 6 for s in score_board(tables, 4))


def test_a_board_played_at_fewer_tables_is_factored_by_neuberg() -> None:
    """Three results of four expected: raw 4, 2, 0 become 17/3, 3 and 1/3 (sum 9 = 3 averages)."""
    tables = [TableResult(1, 5, 200), TableResult(2, 6, 100), TableResult(3, 7, -40)]
    ns = {s.pair: s.matchpoints for s in score_board(tables, 4) if s.direction == "NS"}
    assert ns == {1: Fraction(17, 3), 2: Fraction(3), 3: Fraction(1, 3)}
    assert sum(ns.values()) == 9


def test_an_unplayed_board_leaves_the_pair_on_its_other_boards() -> None:
    """Pair 4 and 8 did not play board 2: their percentage is over board 1 only."""
    board1 = [TableResult(1, 5, 100), TableResult(2, 6, -40), TableResult(3, 7, -40), TableResult(4, 8, 200)]
    board2 = [TableResult(1, 6, 50), TableResult(2, 7, 50), TableResult(3, 5, -60)]
    totals = {t.pair: t for t in pair_totals({1: board1, 2: board2})}
    assert totals[4].boards == 1 and totals[4].percent == 100
    assert totals[8].percent == 0
    # Board 2, NS: 50, 50, -60 → raw 3, 3, 0 → factored (3+1)*4/3-1 = 13/3 twice, 1/3.
    assert totals[1].matchpoints == 4 + Fraction(13, 3)
    assert totals[1].top == 12


def test_totals_are_ordered_by_percentage() -> None:
    """Best percentage first; hundredths round half away from zero."""
    board = [TableResult(1, 3, 10), TableResult(2, 4, -10)]
    order = [t.pair for t in pair_totals({1: board})]
    assert order == [1, 4, 2, 3]
    assert hundredths(Fraction(1, 3)) == 33
    assert hundredths(Fraction(1, 200)) == 1
    assert hundredths(Fraction(-1, 200)) == -1


@given(st.lists(st.integers(-400, 400), min_size=1, max_size=12))
def test_a_full_board_shares_out_its_matchpoints(scores: list[int]) -> None:
    """Each direction's matchpoints on a board add up to n(n - 1), ties or not."""
    tables = [TableResult(i + 1, 100 + i, s) for i, s in enumerate(scores)]
    n = len(scores)
    result = score_board(tables, n)
    assert sum(s.matchpoints for s in result if s.direction == "NS") == n * (n - 1)
    assert sum(s.matchpoints for s in result if s.direction == "EW") == n * (n - 1)


# --- Teams ------------------------------------------------------------------------------------


def test_a_team_board_is_the_difference_of_its_two_tables() -> None:
    """Home NS +65 at table 1, away NS -40 at table 2: home gains 105."""
    assert team_board(65, -40) == 105


def test_a_board_unplayed_at_one_table_scores_nothing_for_either_team() -> None:
    """No comparison, no score."""
    assert team_board(65, None) == 0


@pytest.mark.parametrize(
    ("difference", "boards", "vp"),
    [
        (0, 8, (10, 10)),
        (19, 8, (10, 10)),  # 19 / 400 * 10 = 0.475 → 0
        (20, 8, (11, 9)),  # 0.5 rounds up
        (-20, 8, (9, 11)),
        (200, 8, (15, 5)),
        (399, 8, (20, 0)),  # 9.975 → 10
        (400, 8, (20, 0)),
        (1000, 8, (20, 0)),
        (-1000, 8, (0, 20)),
    ],
)
def test_victory_points_on_both_sides_of_each_step(difference: int, boards: int, vp: tuple[int, int]) -> None:
    """Linear 20-0 scale with a blitz of 50 plus points a board."""
    assert victory_points(difference, boards) == vp
