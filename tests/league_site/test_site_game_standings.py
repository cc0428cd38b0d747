"""Zhao Pengyou and Si Se Pai results: match places, standings by what each game counts, page headings."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from league.models import Deal, Match, Player, StandingRow, Tournament
from league.services import outcome, results, rounds, typed_rows
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def zhao(team: list[int], declarer_wins: bool, game_points: int, ranks_after: list[str]) -> dict[str, object]:
    """A played six-seat Zhao Pengyou deal: the final team, who won, game points and ranks after."""
    winners = team if declarer_wins else [s for s in range(6) if s not in team]
    return {
        "outcome": "played",
        "team": team,
        "declarer_wins": declarer_wins,
        "deal_winners": winners,
        "game_points": game_points,
        "ranks_after": ranks_after,
        "scores": [0] * 6,
    }


# Deal 1: seats 0 and 1 win 2 game points (everyone active: both reach 4). Deal 2: seat 0 alone
# loses; seats 1-5 win 1 game point, seat 1 (active) rises to 5, the passive winners rise 0.
ZHAO_DEALS = [
    zhao([0, 1], True, 2, ["4", "4", "2", "2", "2", "2"]),
    {"outcome": "redeal", "scores": [0] * 6},
    zhao([0], False, 1, ["4", "5", "2", "2", "2", "2"]),
]


def test_zhao_pengyou_places_by_rank_reached_then_game_points() -> None:
    """Seat 1 reached 5 (3 levels), seat 0 reached 4; the rest tie on rank 2 and 1 game point."""
    result = outcome.match_result("zhaopengyou", {}, 6, None, typed_rows.results("zhaopengyou", ZHAO_DEALS))
    assert result.levels == (2, 3, 0, 0, 0, 0)
    assert result.game_points == result.score == (2, 3, 1, 1, 1, 1)
    assert result.places == (2, 1, 3, 3, 3, 3)
    assert result.winners == (1,)
    assert result.deals == 2


def test_zhao_pengyou_players_who_reach_a_share_first_place() -> None:
    """The engine's winners (reached A) are first together, whatever their game points."""
    assert outcome.places("zhaopengyou", [0, 3], [4, 9, 1, 2], [12, 11, 3, 12]) == [1, 3, 4, 1]


def test_zhao_pengyou_places_by_game_points_between_equal_ranks() -> None:
    """Equal ranks: more game points is the better place; equal both is a shared place."""
    assert outcome.places("zhaopengyou", [], [5, 3, 5, 0], [4, 4, 4, 0]) == [1, 3, 1, 4]


def sisepai(winner: int | None, points: int = 0, outcome_: str = "win") -> dict[str, object]:
    """A three-player Si Se Pai deal: everyone else pays the winner the hand's points."""
    payments = [0, 0, 0] if winner is None else [2 * points if s == winner else -points for s in range(3)]
    return {"outcome": outcome_, "winner": winner, "payments": payments, "scores": payments}


SSP_DEALS = [sisepai(0, 11), sisepai(None, outcome_="void"), sisepai(2, 9), sisepai(None, outcome_="redeal")]


def test_si_se_pai_places_by_payments() -> None:
    """Seat 0 won 22 and paid 9 (+13), seat 2 won 18 and paid 11 (+7), seat 1 paid both (-20)."""
    result = outcome.match_result("sisepai", {}, 3, None, typed_rows.results("sisepai", SSP_DEALS)).to_json()
    assert result["score"] == [13, -20, 7]
    assert result["places"] == [1, 3, 2]
    assert result["winners"] == [0]
    assert result["deals"] == 3  # the void deal was played out; the redeal was not


def test_si_se_pai_equal_payments_share_a_place() -> None:
    """Two equal totals are a shared place."""
    assert outcome.places("sisepai", [], [9, 9, -18]) == [1, 1, 3]


def play(t: Tournament, deals: list[dict[str, object]], django_capture_on_commit_callbacks) -> Match:
    """Generate the one round, store its table's deals and finish the match (standings on commit)."""
    rnd = rounds.generate_round(t)
    rounds.publish_round(rnd)
    match = rnd.matches.get()
    for number, result in enumerate(deals, start=1):
        Deal.objects.create(
            match=match, number=number, game=t.game, status=Deal.Status.FINISHED, result=result
        )
    with django_capture_on_commit_callbacks(execute=True):
        results.match_finished(match.pk)
    return match


def standings(t: Tournament, match: Match) -> list[tuple[int, int, int, int]]:
    """(seat, rank, points, second points) per row, best first."""
    seat = {s.entry_id: s.seat for s in match.seats.all()}
    rows = StandingRow.objects.filter(tournament=t).order_by("rank", "entry__seed")
    return [(seat[r.entry_id], r.rank, r.points, r.second_points) for r in rows]


def test_zhao_pengyou_standings_count_rank_reached_then_game_points(
    club, as_user: Login, django_capture_on_commit_callbacks
) -> None:
    """Points are levels risen, the second column game points; the page heads them so."""
    t = make_tournament(club, "zhaopengyou", format="individual", tie_breaks=["BH"], rounds_planned=1)
    enter_players(t, list(Player.objects.order_by("pk")[:6]))
    match = play(t, ZHAO_DEALS, django_capture_on_commit_callbacks)
    rows = standings(t, match)
    assert rows[:2] == [(1, 1, 3, 3), (0, 2, 2, 2)]
    assert sorted(rows[2:]) == [(s, 3, 0, 1) for s in range(2, 6)]
    page = as_user("owner").get(f"/clubs/riverside/t/{t.slug}/").content.decode()
    assert "Rank reached" in page and "Game points" in page and "Match points:" not in page


def test_si_se_pai_standings_count_payments(club, as_user: Login, django_capture_on_commit_callbacks) -> None:
    """Points are the payments summed, negative for the losers; the page heads them Payments."""
    t = make_tournament(club, "sisepai", format="individual", tie_breaks=["WIN"], rounds_planned=1)
    enter_players(t, list(Player.objects.order_by("pk")[:3]))
    match = play(t, SSP_DEALS, django_capture_on_commit_callbacks)
    assert standings(t, match) == [(0, 1, 13, 0), (2, 2, 7, 0), (1, 3, -20, 0)]
    page = as_user("owner").get(f"/clubs/riverside/t/{t.slug}/").content.decode()
    assert "<th>Payments</th>" in page and "Game points" not in page


def test_other_games_keep_match_points(club, as_user: Login) -> None:
    """A Tractor tournament's standings are still headed Points, with the match points note."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    StandingRow.objects.create(tournament=t, entry=t.entries.first(), rank=1, points=2, played=1)
    page = as_user("owner").get(f"/clubs/riverside/t/{t.slug}/").content.decode()
    assert "<th>Points</th>" in page and "Match points:" in page
