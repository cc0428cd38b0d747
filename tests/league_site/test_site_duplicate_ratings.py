"""Duplicate results rate partnerships and players: tables by matchpoints, team matches by VP.

The boards are entered by a director (Tractor: 120-155 conceded gives the defenders a level,
160-195 two); every table plays board ``r`` in Howell round ``r``, so board 1 is dealt by seat 0
and its declarers are NS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.family.cards import RANKS
from league.models import Board, Match, Player, RatingChange, Round, Tournament
from league.services import offline, ratings, results, rounds, tournaments
from tests.league_site.conftest import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(club: Any) -> User:
    return User.objects.get(username="director")


def pairs_event(club: Any) -> Tournament:
    """Four offline pairs of a Tractor Howell, one board a round; round 1 published."""
    tournament = make_tournament(
        club, "tractor", "duplicate_pairs", movement="howell", boards_per_round=1, rounds_planned=1
    )
    players = [Player.objects.get(name=f"Offline {i}") for i in range(8)]
    for i in range(4):
        tournaments.add_entry(tournament, players[2 * i : 2 * i + 2])
    rounds.publish_round(rounds.generate_round(tournament))
    return tournament


@pytest.fixture
def play(director: User, django_capture_on_commit_callbacks: Any) -> Callable[[Match, int], None]:
    """The director enters a table's board (declared by its dealer) and accepts it; the rating and
    standings tasks run as that commits, one table after the other as in production."""

    def enter(match: Match, points: int) -> None:
        board = Board.objects.get(round=match.round, number=match.boards[0])
        with django_capture_on_commit_callbacks(execute=True):
            results.enter_deal(match, director, offline.DealInput(board.dealer, points))
            results.override(match, director)

    return enter


Play = Callable[[Match, int], None]


def tables(tournament: Tournament, stage: int) -> list[Match]:
    return list(Match.objects.filter(round__tournament=tournament, stage=stage).order_by("table_number"))


def changes_of(match: Match) -> dict[int, int]:
    """Player id → rating change at this table."""
    return {c.player_id: c.after - c.before for c in RatingChange.objects.filter(match=match)}


def ns_ew(match: Match) -> tuple[list[int], list[int]]:
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    return [s.player_id for s in seats if s.seat % 2 == 0], [s.player_id for s in seats if s.seat % 2]  # type: ignore[misc]


def test_nothing_is_rated_before_the_round_ends(club: Any, play: Play) -> None:
    """Other tables may still play the boards: finished tables wait for the round."""
    tournament = pairs_event(club)
    for match, points in zip(tables(tournament, 1), (120, 160), strict=True):
        play(match, points)
    assert Round.objects.get(tournament=tournament).status == Round.Status.PUBLISHED
    assert not RatingChange.objects.exists()


def test_a_table_is_rated_by_matchpoints_not_by_levels(club: Any, play: Play) -> None:
    """Table 1's EW climb a level on board 1, but table 2's EW climbed two with the same cards: table 1's
    NS beat the field and gain rating; their opponents lose it. Every table of the movement is rated."""
    tournament = pairs_event(club)
    for stage in (1, 2, 3):
        for match, points in zip(tables(tournament, stage), (120, 160), strict=True):
            play(match, points)
    assert Round.objects.get(tournament=tournament).status == Round.Status.FINISHED
    first = tables(tournament, 1)[0]
    result = first.deals.get().result
    assert RANKS.index(result["levels_after"][1]) == RANKS.index(result["levels_before"][1]) + 1
    ns, ew = ns_ew(first)
    changes = changes_of(first)
    assert all(changes[p] > 0 for p in ns) and all(changes[p] < 0 for p in ew)
    assert RatingChange.objects.count() == 6 * 4  # three rounds of two tables, four players each
    line = RatingChange.objects.get(match=first, player_id=ns[0]).explanation
    assert line.startswith("+") and "scored 1/1" in line


def test_equal_matchpoints_at_a_table_rate_a_draw(club: Any, play: Play) -> None:
    """Both tables concede the same points on board 1: each pair scored half the top, a draw between
    equals moves nobody."""
    tournament = pairs_event(club)
    for stage in (1, 2, 3):
        for match in tables(tournament, stage):
            play(match, 60)
    first = tables(tournament, 1)[0]
    line = RatingChange.objects.filter(match=first).first()
    assert line is not None and "scored 0.5/1" in line.explanation
    assert set(changes_of(first).values()) == {0}


def test_a_full_recompute_gives_the_same_changes(club: Any, play: Play) -> None:
    """The ratings stored as the round ended are those of a recompute of the family from scratch."""
    tournament = pairs_event(club)
    for stage in (1, 2, 3):
        for match, points in zip(tables(tournament, stage), (20, 100), strict=True):
            play(match, points)
    stored = sorted(RatingChange.objects.values_list("match_id", "player_id", "before", "after"))
    ratings.recompute_family("tractor")
    assert sorted(RatingChange.objects.values_list("match_id", "player_id", "before", "after")) == stored


def test_a_team_match_rates_each_team_s_four_players_once(club: Any, play: Play) -> None:
    """Home's NS concede 20 at table 1, away's NS concede 60 at table 2 on the same board: the team
    match is rated once, on its first table, all four home players gaining the same."""
    tournament = make_tournament(
        club, "tractor", "duplicate_teams", movement="round_robin", boards_per_round=1, rounds_planned=1
    )
    players = [Player.objects.get(name=f"Offline {i}") for i in range(8)]
    for i in (0, 4):
        tournaments.add_entry(tournament, players[i : i + 4])
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    board = Board.objects.get(round=rnd, number=1)
    t1, t2 = rnd.matches.order_by("table_number")
    play(t1, 20)
    play(t2, 60)
    assert not RatingChange.objects.filter(match=t2).exists()
    changes = changes_of(t1)
    # The team whose pair declared at table 1 (conceding 20, not 60) wins the match.
    winner = t1.seats.get(seat=board.dealer).entry
    won = {m.player_id for m in winner.members.all()}
    lost = {s.player_id for s in t1.seats.all()} - won | {s.player_id for s in t2.seats.all()} - won
    assert set(changes) == won | lost
    assert len({changes[p] for p in won}) == 1 and all(changes[p] > 0 for p in won)
    assert all(changes[p] < 0 for p in lost)
