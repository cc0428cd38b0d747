"""Games rated deal by deal: the sides a Zhao Pengyou or Si Se Pai deal result puts against each other."""

from __future__ import annotations

import pytest

from engine.core.registry import get_game
from league.deal_ratings import rated_deal, rated_per_deal
from league.elo import RatedMatch, Side

ALICE, BOB, CAROL, DAVE, ERIN, FRANK = 11, 12, 13, 14, 15, 16
SIX = (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)


def zhao(result: dict[str, object]) -> RatedMatch | None:
    return rated_deal("zhaopengyou", "zhaopengyou", 1, 9, get_game("zhaopengyou").typed_result(result), SIX)


def played(team: list[int], declarer_wins: bool) -> dict[str, object]:
    """A played Zhao Pengyou deal as the engine reports it: the final team and who won."""
    winners = team if declarer_wins else [s for s in range(6) if s not in team]
    return {"outcome": "played", "team": team, "declarer_wins": declarer_wins, "deal_winners": winners}


def test_only_zhao_pengyou_and_si_se_pai_are_rated_per_deal() -> None:
    """The other games are rated by the match's places."""
    assert [g for g in ("shengji", "tractor", "sandaha", "zhaopengyou", "sisepai") if rated_per_deal(g)] == [
        "zhaopengyou",
        "sisepai",
    ]


@pytest.mark.parametrize("declarer_wins", [True, False], ids=["declarer-wins", "defenders-win"])
def test_a_zhao_pengyou_deal_puts_the_final_team_against_the_rest(declarer_wins: bool) -> None:
    """Alice called Carol and Erin: Alice, Carol, Erin against Bob, Dave, Frank, whoever won."""
    rated = zhao(played([0, 2, 4], declarer_wins))
    assert rated is not None and rated.zero_sum and rated.deal_id == 9
    team, rest = Side((ALICE, CAROL, ERIN), 1), Side((BOB, DAVE, FRANK), 2)
    if not declarer_wins:
        team, rest = Side((BOB, DAVE, FRANK), 1), Side((ALICE, CAROL, ERIN), 2)
    assert rated.sides == (team, rest)


def test_a_lone_declarer_plays_one_against_five() -> None:
    """Every call used up by Alice herself: she stands alone against five."""
    rated = zhao(played([0], True))
    assert rated is not None and rated.sides == (Side((ALICE,), 1), Side((BOB, CAROL, DAVE, ERIN, FRANK), 2))


def test_a_zhao_pengyou_redeal_is_not_rated() -> None:
    """Nobody declared: the deal is dealt again and rates nobody."""
    assert zhao({"outcome": "redeal", "deal_winners": [], "scores": [0] * 6}) is None


def test_a_result_without_both_sides_is_not_rated() -> None:
    """No winners, or everyone a winner, is no contest."""
    assert zhao({"outcome": "played", "deal_winners": []}) is None
    assert zhao({"outcome": "played", "deal_winners": list(range(6))}) is None


def sisepai(result: dict[str, object]) -> RatedMatch | None:
    typed = get_game("sisepai").typed_result(result)
    return rated_deal("sisepai", "sisepai", 1, 5, typed, (ALICE, BOB, CAROL))


def test_a_si_se_pai_win_rates_the_winner_against_each_other_player() -> None:
    """Bob wins: Bob first, Alice and Carol second, only the winner paired with each."""
    rated = sisepai({"outcome": "win", "winner": 1, "deal_winners": [1], "payments": [-11, 22, -11]})
    assert rated is not None and rated.winner_only and not rated.zero_sum
    assert rated.sides == (Side((ALICE,), 2), Side((BOB,), 1), Side((CAROL,), 2))


@pytest.mark.parametrize("outcome", ["void", "redeal"])
def test_a_si_se_pai_deal_without_a_winner_is_not_rated(outcome: str) -> None:
    """The stock ran out, or a hand without a general was thrown in: nobody is rated."""
    assert sisepai({"outcome": outcome, "winner": None, "deal_winners": [], "payments": [0, 0, 0]}) is None
