"""Scoring (zhaopengyou.md §Scoring a deal, §Rank rises): 40 / 80 / 100 x packs, the short-team
bonus, active and passive rises, A wins."""

from __future__ import annotations

from typing import Any

import pytest
from zpy_table import GAME, in_play, trick

from engine.games.zhaopengyou.scoring import game_points, next_provisional_dealer, raise_ranks, rank_rises


@pytest.mark.parametrize(
    ("decks", "defenders", "expected"),
    [
        # two packs: 80 / 160 / 200
        (2, 0, (True, 2)),
        (2, 5, (True, 1)),
        (2, 75, (True, 1)),
        (2, 80, (False, 1)),
        (2, 155, (False, 1)),
        (2, 160, (False, 2)),
        (2, 195, (False, 2)),
        (2, 200, (False, 3)),
        # three packs: 120 / 240 / 300
        (3, 115, (True, 1)),
        (3, 120, (False, 1)),
        (3, 235, (False, 1)),
        (3, 240, (False, 2)),
        (3, 295, (False, 2)),
        (3, 300, (False, 3)),
        # four packs: 160 / 320 / 400
        (4, 155, (True, 1)),
        (4, 160, (False, 1)),
        (4, 315, (False, 1)),
        (4, 320, (False, 2)),
        (4, 395, (False, 2)),
        (4, 400, (False, 3)),
    ],
)
def test_game_points_on_both_sides_of_every_threshold(
    decks: int, defenders: int, expected: tuple[bool, int]
) -> None:
    """§Scoring a deal's table, by 40 x packs."""
    assert game_points(defenders, decks, short=0) == expected


@pytest.mark.parametrize(
    ("defenders", "short", "expected"),
    [(0, 0, 2), (0, 1, 4), (0, 2, 6), (5, 0, 1), (5, 1, 2), (75, 2, 3), (80, 2, None)],
)
def test_a_short_team_earns_more_when_it_wins(defenders: int, short: int, expected: int | None) -> None:
    """0 points: +2 per missing member; under 40 x packs: +1 per missing member; losing: no bonus."""
    won, points = game_points(defenders, 2, short)
    assert (points if won else None) == expected
    if not won:
        assert points == 1


def test_passive_winners_rise_one_less() -> None:
    """Active winners rise by the game points, passive winners one less, losers stay."""
    assert rank_rises([0, 2], active=[0, 1], points=2, seats=6) == [2, 0, 1, 0, 0, 0]
    assert rank_rises([0, 2], active=[0], points=1, seats=6) == [1, 0, 0, 0, 0, 0]
    assert rank_rises([0, 2], active=[0, 1, 2], points=3, seats=6) == [3, 0, 3, 0, 0, 0]


def test_ranks_stop_at_a_and_reaching_it_or_beyond_wins() -> None:
    """9 + 3 = Q (§Rank rises' example); K + 1 and Q + 3 reach A and win (§Rank rises)."""
    after, reached = raise_ranks(["9", "K", "Q", "3", "A"], [3, 1, 3, 0, 0])
    assert after == ["Q", "A", "A", "3", "A"] and reached == [1, 2]
    assert raise_ranks(["3"], [1]) == (["4"], [])


def test_the_next_provisional_dealer() -> None:
    """The declarer after a win; else the nearest winner from its right in play order."""
    assert next_provisional_dealer(2, True, [2, 4], 6) == 2
    assert next_provisional_dealer(2, False, [0, 4, 5], 6) == 4
    assert next_provisional_dealer(5, False, [1, 3], 6) == 1


def one_trick(
    plays: dict[int, str], calls: tuple[str, str] = ("1st AC", "1st AD"), kitty: str = "", **kw: Any
) -> dict[str, Any]:
    """A six-player deal of one trick led by declarer 0, hearts and 2 trump; its result."""
    state = in_play(6, plays, "H", kw.pop("rank", "2"), calls=calls, kitty=kitty, **kw)
    trick(
        state, " ".join(f"{s}:{plays[s]}" for s in [*range(state.dealer or 0, 6), *range(state.dealer or 0)])
    )
    result = state.result()
    assert result is not None
    return result


FULL = {0: "AS", 1: "AC", 2: "AD", 3: "3S", 4: "4S", 5: "6S"}


def test_zero_points_with_a_full_team() -> None:
    """Defenders take nothing, team of three: 2 game points each."""
    result = one_trick(FULL)
    assert result["team"] == [0, 1, 2] and result["short"] == 0
    assert result["declarer_wins"] and result["game_points"] == 2
    assert result["scores"] == [2, 2, 2, 0, 0, 0] and result["deal_winners"] == [0, 1, 2]
    assert result["ranks_after"] == ["4", "4", "4", "2", "2", "2"]


def test_zero_points_with_the_declarer_alone_earns_the_short_bonus_twice() -> None:
    """Both calls unanswered: the declarer alone, 2 + 2 x 2 = 6 game points."""
    result = one_trick({0: "AS", 1: "5S", 2: "3S", 3: "4S", 4: "7S", 5: "6S"})
    assert result["team"] == [0] and result["short"] == 2
    assert result["scores"] == [6, 0, 0, 0, 0, 0] and result["ranks_after"][0] == "8"


def test_points_under_the_threshold_with_one_missing_member() -> None:
    """The declarer's side wins 5 points taken by a defender trumping: 1 + 1 = 2 for the short team."""
    plays = {0: "3S", 1: "AC", 2: "5H", 3: "4S", 4: "7S", 5: "6S"}
    result = one_trick(plays, calls=("1st AC", "1st QD"))
    assert result["defender_points"] == 5 and result["short"] == 1
    assert result["declarer_wins"] and result["game_points"] == 2 and result["scores"][1] == 2


def test_the_kitty_counts_double_for_defenders_winning_the_last_trick() -> None:
    """35 kitty points doubled are 70 (< 80, the declarer wins); 40 doubled are 80 (the defenders win)."""
    plays = {0: "3S", 1: "AC", 2: "AD", 3: "AS", 4: "7S", 5: "6S"}
    under = one_trick(plays, kitty="KD TD TD 5D")
    assert under["defender_points"] == 70 and under["kitty_multiplier"] == 2 and under["declarer_wins"]
    at = one_trick(plays, kitty="KD KD TD TD")
    assert at["defender_points"] == 80 and not at["declarer_wins"]
    assert at["deal_winners"] == [3, 4, 5] and at["scores"] == [0, 0, 0, 1, 1, 1]


def test_the_kitty_is_the_declarer_sides_when_it_wins_the_last_trick() -> None:
    """The declarer's side takes the last trick: the kitty's points add nothing for the defenders."""
    result = one_trick(FULL, kitty="KD KD TD TD KC KC")
    assert result["defender_points"] == 0 and result["kitty_multiplier"] == 0
    assert sum(result["card_points"].values()) == 60


def test_80_and_100_times_the_packs() -> None:
    """Kitty 75 / 80 / 95 / 100 doubled: 150 (1), 160 (2), 190 (2), 200 (3) game points."""
    plays = {0: "3S", 1: "AC", 2: "AD", 3: "AS", 4: "7S", 5: "6S"}
    figures = {
        "KD KD TD TD KC KC TC 5C": 1,
        "KD KD TD TD KC KC TC TC": 2,
        "KD KD TD TD KC KC TC TC KH 5H": 2,
        "KD KD TD TD KC KC TC TC KH KH": 3,
    }
    for kitty, expected in figures.items():
        result = one_trick(plays, kitty=kitty)
        assert not result["declarer_wins"] and result["game_points"] == expected, kitty


def test_three_packs_put_the_line_at_120() -> None:
    """Nine players: 110 points lose for the defenders, 120 win."""
    hands = {0: "3S", 1: "AC", 2: "AD", 3: "AH", 4: "AS", 5: "6S", 6: "7S", 7: "8S", 8: "9S"}
    for kitty, wins in (("KD KD KD TD TD 5D", True), ("KD KD KD TD TD TD", False)):
        state = in_play(9, hands, "H", "2", calls=("1st AC", "1st AD", "1st QC"), kitty=kitty)
        trick(state, " ".join(f"{s}:{hands[s]}" for s in range(9)))
        result = state.result()
        assert result is not None and result["threshold"] == 120
        assert result["declarer_wins"] is wins and result["defender_points"] in (110, 120)


def test_passive_and_active_winners_end_to_end() -> None:
    """Seat 0 won the last deal, seat 1 and 2 did not: with 2 game points 0 rises 2, 1 and 2 rise 1."""
    result = one_trick(FULL, active=[0, 4])
    assert result["active"] == [0, 4] and result["scores"] == [2, 1, 1, 0, 0, 0]


def test_reaching_a_wins_the_match() -> None:
    """Seat 0 at K takes 2 game points: A or beyond wins the game."""
    ranks = ["K", "5", "2", "2", "2", "2"]
    state = in_play(6, FULL, "H", "K", calls=("1st AC", "1st AD"), ranks=ranks)
    trick(state, " ".join(f"{s}:{FULL[s]}" for s in range(6)))
    result = state.result()
    assert result is not None and result["winners"] == [0] and result["ranks_after"][:3] == ["A", "7", "4"]
    situation = GAME.next_situation(state.rules, 6, {"ranks": ranks}, result)
    assert GAME.match_winners(state.rules, situation) == [0]
    assert situation["last_winners"] == [0, 1, 2] and situation["provisional_dealer"] == 0


def test_a_lost_deal_passes_the_provisional_deal_to_the_nearest_winner_on_the_right() -> None:
    """Declarer 0 loses: seat 3, the first defender after it in play order, draws first next."""
    plays = {0: "3S", 1: "AC", 2: "AD", 3: "AS", 4: "7S", 5: "6S"}
    result = one_trick(plays, kitty="KD KD TD TD")
    assert result["next_dealer"] == 3
    situation = GAME.next_situation(GAME.rules_from_json({}), 6, None, result)
    assert situation["provisional_dealer"] == 3 and situation["last_winners"] == [3, 4, 5]
    assert situation["ranks"] == ["2", "2", "2", "3", "3", "3"] and situation["deal"] == 2
