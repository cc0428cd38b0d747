"""A new result's standings and ratings run as many queries whatever the family's history."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import Club, Entry, Match, MatchSeat, Player, Round, Tournament
from league.services import outcome, ratings, standings
from tests.league_site.test_site_ratings import deal_match, zhao_deal

pytestmark = pytest.mark.django_db

SEATS = {"sandaha": 4, "zhaopengyou": 6}


def past_match(club: Club, game: str, players: list[Player], rng: random.Random, minute: int) -> Match:
    """A finished rated match of ``game`` among random players, ``minute`` minutes into the history."""
    seated = rng.sample(players, SEATS[game])
    if game == "zhaopengyou":
        return deal_match(club, game, seated, [zhao_deal([rng.randrange(6)], rng.random() < 0.5)], minute)
    score = [rng.randrange(-45, 46, 15) for _ in range(4)]
    winners = [s for s in range(4) if score[s] == max(score)]
    match = Match.objects.create(
        club=club,
        game=game,
        status=Match.Status.FINISHED,
        finished_at=timezone.now() - timedelta(days=30) + timedelta(minutes=minute),
        result={"winners": winners, "score": score, "places": outcome.places(game, winners, score)},
    )
    MatchSeat.objects.bulk_create(MatchSeat(match=match, seat=s, player=p) for s, p in enumerate(seated))
    return match


def new_result_queries(club: Club, game: str, history: int) -> int:
    """Queries of one new result's standings update and rating, after ``history`` rated matches."""
    rng = random.Random(history)
    players = list(Player.objects.order_by("id"))
    seated = players[: SEATS[game]]
    past_match(club, game, seated, rng, 0)  # the new match's players are rated already
    for minute in range(1, history):
        past_match(club, game, players, rng, minute)
    ratings.recompute_family(game)
    tournament = Tournament.objects.create(
        club=club, name=f"Night {history}", slug=f"night-{history}", game=game, format="individual",
        entry_kind="individual", status=Tournament.Status.RUNNING,
    )  # fmt: skip
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    entries = [Entry.objects.create(tournament=tournament, name=p.name, seed=i) for i, p in enumerate(seated)]
    match = past_match(club, game, seated, random.Random(0), history + 1)
    Match.objects.filter(pk=match.pk).update(tournament=tournament, round=rnd, finished_at=timezone.now())
    for seat, entry in enumerate(entries):
        MatchSeat.objects.filter(match=match, seat=seat).update(player=seated[seat], entry=entry)
    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        standings.update(tournament.pk)
        assert ratings.rate_match(match.pk) == "applied"
    selects = [q["sql"] for q in captured if q["sql"].startswith("SELECT")]
    rating_reads = [sql for sql in selects if "_playerrating" in sql or "_ratingchange" in sql]
    # Each read of ratings or changes is of the new match's players or rows, or one row at most.
    bounded = ('"player_id" IN (', f'"match_id" = {match.pk}', "LIMIT 1")
    assert all(any(b in sql for b in bounded) for sql in rating_reads), rating_reads
    return len(captured)


@pytest.mark.parametrize("game", ["sandaha", "zhaopengyou"])
def test_a_new_result_runs_as_many_queries_after_a_long_history(club: Club, game: str) -> None:
    """Five rated matches before it or forty: the same queries, none reading the family's other
    players or changes."""
    short = new_result_queries(club, game, 5)
    long = new_result_queries(club, game, 40)
    assert short == long
