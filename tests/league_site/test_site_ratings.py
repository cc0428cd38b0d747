"""Elo per game family: incremental updates per match equal a full recompute, row for row."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from league import elo
from league.models import Club, Match, MatchSeat, Player, PlayerRating, RatingChange
from league.services import outcome, ratings

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]
START = timezone.now() - timedelta(days=30)


def random_match(club: Club, players: list[Player], rng: random.Random, minute: int) -> Match:
    """A finished match with four random players and a random result."""
    game = rng.choice(["tractor", "sandaha"])
    score = (
        [rng.choice([-2, 0, 2]) for _ in range(2)] * 2
        if game == "tractor"
        else [rng.randrange(-45, 46, 15) for _ in range(4)]
    )
    winners = [s for s in range(4) if score[s] == max(score)]
    match = Match.objects.create(
        club=club,
        game=game,
        status=Match.Status.FINISHED,
        finished_at=START + timedelta(minutes=minute),
        result={"winners": winners, "score": score, "places": outcome.places(game, winners, score)},
    )
    for seat, player in enumerate(rng.sample(players, 4)):
        MatchSeat.objects.create(match=match, seat=seat, player=player)
    return match


def snapshot() -> tuple[set[tuple], set[tuple]]:
    current = set(PlayerRating.objects.values_list("player_id", "family", "rating", "games", "last_played"))
    changes = set(
        RatingChange.objects.values_list(
            "match_id", "player_id", "family", "before", "after", "opponents_average", "k", "explanation"
        )
    )
    return current, changes


def test_it_gives_the_same_ratings_incrementally_and_by_full_recompute(club: Club) -> None:
    """Three hundred random matches rated one by one, then recomputed from scratch: identical."""
    rng = random.Random(7)
    players = list(Player.objects.all())
    matches = [random_match(club, players, rng, minute) for minute in range(300)]
    outcomes = {ratings.rate_match(m.pk) for m in matches}
    assert outcomes == {"applied"}
    incremental = snapshot()
    out = io.StringIO()
    call_command("recompute_ratings", stdout=out)
    assert "tractor" in out.getvalue() and "sandaha" in out.getvalue()
    assert snapshot() == incremental
    # And both equal the pure fold over the same matches in the same order.
    for family in ("tractor", "sandaha"):
        rated = [ratings.rated_match(m) for m in ratings.rated_matches(family)]
        book, _ = elo.recompute([r for r in rated if r is not None])
        stored = dict(PlayerRating.objects.filter(family=family).values_list("player_id", "rating"))
        assert stored == book.ratings[family]


def test_it_recomputes_when_a_match_finishes_out_of_order(club: Club) -> None:
    """A match that sorts before rated ones triggers a recompute with the same result as the command."""
    rng = random.Random(11)
    players = list(Player.objects.all())
    matches = [random_match(club, players, rng, minute) for minute in range(10, 40)]
    for m in matches:
        ratings.rate_match(m.pk)
    early = random_match(club, players, rng, 0)
    assert ratings.rate_match(early.pk) == "recomputed"
    after = snapshot()
    call_command("recompute_ratings", stdout=io.StringIO())
    assert snapshot() == after


def test_it_explains_every_change(club: Club) -> None:
    """Each change row says before, after, the opponents' average and why, in one line."""
    match = random_match(club, list(Player.objects.all()), random.Random(1), 0)
    ratings.rate_match(match.pk)
    change = RatingChange.objects.filter(match=match).first()
    assert change.before == 1500 and str(change.after) in change.explanation
    assert "opponents averaging 1500" in change.explanation


def test_it_skips_unrated_and_bot_matches(club: Club) -> None:
    """Unrated matches and tables with a bot move nobody's rating."""
    rng = random.Random(2)
    players = list(Player.objects.all())
    unrated = random_match(club, players, rng, 0)
    Match.objects.filter(pk=unrated.pk).update(rated=False)
    bot = random_match(club, players, rng, 1)
    MatchSeat.objects.filter(match=bot, seat=3).update(player=None, bot="heuristic")
    assert ratings.rate_match(unrated.pk) == "skipped"
    assert ratings.rate_match(bot.pk) == "skipped"
    assert not RatingChange.objects.exists()


def test_it_rates_si_se_pai_by_the_winner_only(club: Club) -> None:
    """Free-for-all: the winner gains from each other player, the others are not ranked among themselves."""
    players = list(Player.objects.all()[:3])
    match = Match.objects.create(
        club=club,
        game="sisepai",
        status=Match.Status.FINISHED,
        finished_at=START,
        result={
            "winners": [0],
            "score": [18, -9, -9],
            "places": outcome.places("sisepai", [0], [18, -9, -9]),
        },
    )
    for seat, player in enumerate(players):
        MatchSeat.objects.create(match=match, seat=seat, player=player)
    ratings.rate_match(match.pk)
    deltas = dict(RatingChange.objects.filter(match=match).values_list("player__name", "after"))
    assert deltas[players[0].name] > 1500 and deltas[players[1].name] == deltas[players[2].name] < 1500
