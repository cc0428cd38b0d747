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

from engine import get_game
from engine.core.match import selfplay_deal
from league import elo
from league.models import Club, Deal, Match, MatchSeat, Player, PlayerRating, RatingChange
from league.services import outcome, ratings, typed_rows

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
            "match_id",
            "deal_id",
            "player_id",
            "family",
            "before",
            "after",
            "opponents_average",
            "k",
            "explanation",
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
        rated = [item for m in ratings.rated_matches(family) for item in ratings.rated_items(m)]
        book, _ = elo.recompute(rated)
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


def deal_match(club: Club, game: str, players: list[Player], results: list[dict], minute: int = 0) -> Match:
    """A finished match of ``game`` whose deals ended with ``results`` (the match result from outcome)."""
    match = Match.objects.create(club=club, game=game, status=Match.Status.FINISHED)
    for seat, player in enumerate(players):
        MatchSeat.objects.create(match=match, seat=seat, player=player)
    for number, result in enumerate(results, start=1):
        Deal.objects.create(match=match, number=number, game=game, status=Deal.Status.FINISHED, result=result)
    summary = outcome.match_result(game, {}, len(players), None, typed_rows.results(game, results)).to_json()
    Match.objects.filter(pk=match.pk).update(result=summary, finished_at=START + timedelta(minutes=minute))
    return Match.objects.get(pk=match.pk)


def zhao_deal(team: list[int], declarer_wins: bool, game_points: int = 1) -> dict:
    """A played Zhao Pengyou deal at six seats: the declarer's final team and who won."""
    winners = team if declarer_wins else [s for s in range(6) if s not in team]
    return {"outcome": "played", "team": team, "deal_winners": winners, "game_points": game_points}


ZHAO_REDEAL = {"outcome": "redeal", "scores": [0] * 6}


def changes_by_deal(match: Match) -> dict[int, dict[str, int]]:
    """Rating deltas per deal number, by player name."""
    out: dict[int, dict[str, int]] = {}
    for c in RatingChange.objects.filter(match=match).select_related("deal", "player"):
        out.setdefault(c.deal.number, {})[c.player.name] = c.delta
    return out


def test_it_rates_each_zhao_pengyou_deal_on_its_final_sides(club: Club) -> None:
    """Provisional K 40. Deal 1: the first player alone beats five (+20, -4 each); deal 2: seats 0, 2
    and 4 lose to the other three (about 20 each way, the sides' totals cancelling)."""
    players = list(Player.objects.order_by("id")[:6])
    match = deal_match(club, "zhaopengyou", players, [zhao_deal([0], True), zhao_deal([0, 2, 4], False)])
    assert ratings.rate_match(match.pk) == "applied"
    deals = changes_by_deal(match)
    names = [p.name for p in players]
    assert deals[1] == {names[0]: 20, **{n: -4 for n in names[1:]}}
    assert sorted(deals[2][names[s]] for s in (0, 2, 4)) == [-21, -20, -20]
    assert sorted(deals[2][names[s]] for s in (1, 3, 5)) == [20, 20, 21]
    assert all(sum(d.values()) == 0 for d in deals.values())
    assert PlayerRating.objects.get(player=players[0], family="zhaopengyou").games == 2


def test_a_zhao_pengyou_redeal_changes_nothing(club: Club) -> None:
    """A redeal between two deals is skipped: the same ratings and rows as without it."""
    players = list(Player.objects.order_by("id")[:6])
    plain = deal_match(club, "zhaopengyou", players, [zhao_deal([0, 3], True), zhao_deal([1], False)])
    ratings.rate_match(plain.pk)
    without = set(PlayerRating.objects.values_list("player_id", "rating", "games"))
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    Match.objects.filter(pk=plain.pk).update(rated=False)
    deals = [zhao_deal([0, 3], True), ZHAO_REDEAL, zhao_deal([1], False)]
    with_redeal = deal_match(club, "zhaopengyou", players, deals, minute=1)
    ratings.rate_match(with_redeal.pk)
    assert set(PlayerRating.objects.values_list("player_id", "rating", "games")) == without
    assert sorted(changes_by_deal(with_redeal)) == [1, 3]


def test_a_match_of_redeals_only_is_skipped(club: Club) -> None:
    """Nothing was played: nobody's rating moves."""
    match = deal_match(club, "zhaopengyou", list(Player.objects.all()[:6]), [ZHAO_REDEAL, ZHAO_REDEAL])
    assert ratings.rate_match(match.pk) == "skipped"
    assert not RatingChange.objects.exists()


def ssp_deal(outcome_: str, winner: int | None = None, points: int = 11) -> dict:
    """A three-player Si Se Pai deal: a win by ``winner`` for ``points`` from each, or void / redeal."""
    payments = [0, 0, 0]
    if winner is not None:
        payments = [2 * points if s == winner else -points for s in range(3)]
    winners = [] if winner is None else [winner]
    return {
        "outcome": outcome_,
        "winner": winner,
        "deal_winners": winners,
        "payments": payments,
        "scores": payments,
    }


def test_it_rates_si_se_pai_by_the_winner_only(club: Club) -> None:
    """Free-for-all: the winner gains from each other player; void deals and redeals are not rated."""
    players = list(Player.objects.order_by("id")[:3])
    results = [ssp_deal("void"), ssp_deal("win", 1), ssp_deal("redeal")]
    match = deal_match(club, "sisepai", players, results)
    ratings.rate_match(match.pk)
    deals = changes_by_deal(match)
    assert list(deals) == [2]
    # Provisional K 40 shared over the two pairings: +20 for the winner, -10 from each other player.
    assert deals[2] == {players[0].name: -10, players[1].name: 20, players[2].name: -10}
    assert PlayerRating.objects.get(player=players[1], family="sisepai").games == 1


def bot_match(club: Club, game: str, players: list[Player], rng: random.Random, minute: int) -> Match:
    """A match of a few deals played by the engine's random bots, stored like a live match."""
    engine_game = get_game(game)
    rules = engine_game.rules_from_json({})
    situation = None
    results = []
    for _ in range(3):
        record = selfplay_deal(engine_game, rules, len(players), situation, rng, ["random"])
        results.append(record.result)
        situation = engine_game.next_situation(rules, len(players), situation, record.result)
    return deal_match(club, game, players, results, minute)


@pytest.mark.parametrize(("game", "seats"), [("zhaopengyou", 6), ("sisepai", 3)])
def test_recomputing_a_family_is_idempotent(club: Club, game: str, seats: int) -> None:
    """Bot-played matches rated one by one, then recomputed twice: the same rows, none rewritten."""
    rng = random.Random(5)
    players = list(Player.objects.all())
    matches = [bot_match(club, game, rng.sample(players, seats), rng, minute) for minute in range(6)]
    for m in matches:
        ratings.rate_match(m.pk)
    incremental = snapshot()
    rows = set(RatingChange.objects.values_list("id", "deal_id", "after"))
    assert incremental[1]
    assert ratings.recompute_family(game) == ratings.recompute_family(game)
    assert snapshot() == incremental
    assert set(RatingChange.objects.values_list("id", "deal_id", "after")) == rows
    book, _ = elo.recompute(item for m in ratings.rated_matches(game) for item in ratings.rated_items(m))
    stored = dict(PlayerRating.objects.filter(family=game).values_list("player_id", "rating"))
    assert stored == book.ratings[game]


def test_the_profile_links_each_deal_rating_change_to_its_deal(club: Club, as_user: Login) -> None:
    """The owner's Zhao Pengyou history names the deal that moved the rating, with its explanation."""
    players = list(Player.objects.order_by("id")[:6])
    match = deal_match(club, "zhaopengyou", players, [zhao_deal([0], True)])
    ratings.rate_match(match.pk)
    deal = match.deals.get()
    page = as_user("owner").get(f"/players/{players[0].pk}/").content.decode()
    assert f'href="/deals/{deal.pk}/">Deal 1</a>' in page
    assert "side of 1 won against 5" in page


def test_per_deal_families_count_rated_deals(club: Club, as_user: Login) -> None:
    """Zhao Pengyou counts rated deals, not games, on the profile and in the rankings."""
    players = list(Player.objects.order_by("id")[:6])
    match = deal_match(
        club, "zhaopengyou", players, [zhao_deal([0], True), ZHAO_REDEAL, zhao_deal([1], False)]
    )
    ratings.rate_match(match.pk)
    owner = as_user("owner")
    assert "(2 rated deals)" in owner.get(f"/players/{players[0].pk}/").content.decode()
    assert "<th>Rated deals</th>" in owner.get("/rankings/zhaopengyou/").content.decode()
