"""A full recompute read from plain values stores exactly what the one-match path rates, row for row."""

from __future__ import annotations

import random
from typing import Any

import pytest

from league import elo
from league.models import Club, Deal, Match, MatchSeat, Player, PlayerRating, RatingChange
from league.services import ratings
from tests.league_site.test_site_ratings import (
    ZHAO_REDEAL,
    bot_match,
    deal_match,
    random_match,
    ssp_deal,
    zhao_deal,
)

pytestmark = pytest.mark.django_db

FAMILIES = ("tractor", "sandaha", "zhaopengyou", "sisepai")


def varied_history(club: Club) -> None:
    """Every kind of match a family holds, in an order with ties: by places, deal by deal
    (redeals, void deals, a deal still live), bot-played, unrated, with a bot, with no seats."""
    rng = random.Random(36)
    players = list(Player.objects.order_by("id"))
    for minute in range(40):
        random_match(club, players, rng, minute)
    for minute in range(40, 52):
        team = rng.sample(range(6), rng.randint(1, 3))
        deals = [
            zhao_deal(team, rng.random() < 0.5, rng.randrange(200)),
            ZHAO_REDEAL,
            zhao_deal([minute % 6], True),
        ]
        deal_match(club, "zhaopengyou", rng.sample(players, 6), deals, minute)
        winner = rng.randrange(3)
        results = [ssp_deal("win", winner), ssp_deal("void"), ssp_deal("redeal"), ssp_deal("win", 2 - winner)]
        deal_match(club, "sisepai", rng.sample(players, 3), results, minute)
    for minute in range(52, 55):
        bot_match(club, "zhaopengyou", rng.sample(players, 6), rng, minute)
        bot_match(club, "sisepai", rng.sample(players, 4), rng, minute)
    live = deal_match(club, "zhaopengyou", players[:6], [zhao_deal([1], True)], 55)
    Deal.objects.create(match=live, number=2, game="zhaopengyou", result=zhao_deal([2], True))
    Match.objects.filter(pk=random_match(club, players, rng, 56).pk).update(rated=False)
    MatchSeat.objects.filter(match=random_match(club, players, rng, 57), seat=1).update(
        player=None, bot="heuristic"
    )
    MatchSeat.objects.filter(match=random_match(club, players, rng, 58)).delete()
    for _ in range(3):  # the same finished_at: rated by match id
        random_match(club, players, rng, 59)


def one_match_path(family: str) -> tuple[dict[tuple[Any, ...], tuple[Any, ...]], dict[int, tuple[Any, ...]]]:
    """The rows the model-row path gives: every match read as a model and rated by ``rated_items``."""
    book = elo.RatingBook()
    rows: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    last: dict[int, Any] = {}
    memo: dict[Any, Any] = {}
    for match in ratings.rated_matches(family):
        for item in ratings.rated_items(match, memo):
            for c in book.apply(item):
                rows[(c.match_id, c.deal_id, c.player)] = (
                    family,
                    match.finished_at,
                    c.before,
                    c.after,
                    c.opponents_average,
                    c.k,
                    c.explanation,
                )
                last[c.player] = match.finished_at
    games = book.games.get(family, {})
    current = {p: (r, games[p], last[p]) for p, r in book.ratings.get(family, {}).items()}
    return rows, current


def stored(family: str) -> tuple[dict[tuple[Any, ...], tuple[Any, ...]], dict[int, tuple[Any, ...]]]:
    """The family's stored changes and current ratings."""
    fields = ("family", "played_at", "before", "after", "opponents_average", "k", "explanation")
    rows = {
        (m, d, p): tuple(values)
        for m, d, p, *values in RatingChange.objects.filter(family=family).values_list(
            "match_id", "deal_id", "player_id", *fields
        )
    }
    current = {
        p: (r, g, at)
        for p, r, g, at in PlayerRating.objects.filter(family=family).values_list(
            "player_id", "rating", "games", "last_played"
        )
    }
    return rows, current


@pytest.mark.parametrize("family", FAMILIES)
def test_a_recompute_stores_what_the_one_match_path_rates(club: Club, family: str) -> None:
    """Every change (before, after, K, opponents' average, played at, explanation) and every rating."""
    varied_history(club)
    ratings.recompute_family(family)
    expected = one_match_path(family)
    assert expected[0], "the history rates something in the family"
    assert stored(family) == expected


@pytest.mark.parametrize("family", FAMILIES)
def test_a_recompute_over_stored_rows_rewrites_only_what_differs(club: Club, family: str) -> None:
    """Rated incrementally, then a change tampered with and a stale one added: the recompute puts
    back the one and removes the other, and leaves every other row as it was (same ids)."""
    varied_history(club)
    for match in Match.objects.order_by("finished_at", "id"):
        ratings.rate_match(match.pk)
    ids = set(
        RatingChange.objects.filter(family=family).values_list("pk", "match_id", "deal_id", "player_id")
    )
    tampered = RatingChange.objects.filter(family=family).order_by("pk").first()
    assert tampered is not None
    RatingChange.objects.filter(pk=tampered.pk).update(after=tampered.after + 1, explanation="wrong")
    stale = RatingChange.objects.filter(family=family).order_by("-pk").first()
    assert stale is not None
    RatingChange.objects.create(
        **{
            f.attname: getattr(stale, f.attname)
            for f in RatingChange._meta.concrete_fields
            if not f.primary_key
        }
        | {"player_id": Player.objects.exclude(rating_changes__match_id=stale.match_id).first().pk}
    )
    ratings.recompute_family(family)
    assert stored(family) == one_match_path(family)
    after = set(
        RatingChange.objects.filter(family=family).values_list("pk", "match_id", "deal_id", "player_id")
    )
    assert ids - after == {next(r for r in ids if r[0] == tampered.pk)}
