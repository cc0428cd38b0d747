"""A match's end: one rule for "over", one shape of ``Match.result``, whichever way it was played."""

from __future__ import annotations

import importlib
import random

import pytest
from django.contrib.auth.models import User

from engine.core.match import selfplay_deal
from engine.core.record import check_record
from league.models import Match, Player, RatingChange, StandingRow, Tournament
from league.services import match_end, offline, ratings, results, rounds, standings, typed_rows
from league.services.games import game
from tables.services import deals
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db

NAMES = ("Owner", "Director", "Member", "Offline 0", "Offline 1", "Offline 2", "Offline 3", "Offline 4")


@pytest.fixture
def two_tables(club: object) -> Tournament:
    """A rated Tractor round robin of four partnerships, one deal a match: two matches in round 1."""
    tournament = make_tournament(club, deals_per_match=1, rated=True)
    enter_players(tournament, [Player.objects.get(name=n) for n in NAMES])
    rounds.publish_round(rounds.generate_round(tournament))
    return tournament


def play_live(match: Match) -> None:
    """The live path: bots play deals at the table service until ``finish_deal`` ends the match.

    The league's settling step runs after the commit; this test stops before it, where a live
    match's result used to be stored in another shape that the standings skipped.
    """
    engine_game, rng = game(match.game), random.Random(5)
    rules = engine_game.rules_from_json(match.rules)
    for number in range(1, 20):
        deal = deals.start_deal(match, number)
        record = selfplay_deal(engine_game, rules, 4, deal.situation, rng, ["heuristic"])
        over = deals.finish_deal(deal, check_record(record))
        deal.save(update_fields=["status", "result", "finished_at"])
        match.refresh_from_db()
        if over:
            return
    raise AssertionError("the live match never ended")


def enter_by_hand(match: Match) -> None:
    """The hand-entry path: a director enters deals until the match is over, then accepts it."""
    director = User.objects.get(username="director")
    while not match_end.is_over(match, results.deal_results(match), match.situation):
        results.enter_deal(match, director, offline.DealInput(0, 40))
        match.refresh_from_db()
    results.override(match, director)
    match.refresh_from_db()


def test_a_live_match_and_one_entered_by_hand_store_one_shape(two_tables: Tournament) -> None:
    """Both results name winners, a score and a place per seat, and the deals played."""
    live, by_hand = Match.objects.filter(tournament=two_tables).order_by("table_number")
    play_live(live)
    enter_by_hand(by_hand)
    for match in (live, by_hand):
        result = typed_rows.match_result(match)
        assert match.status == Match.Status.FINISHED and result is not None
        assert set(match.result) == {"winners", "score", "places", "deals"}  # jsonb keeps no key order
        assert len(result.places) == len(result.score) == 4 and result.deals == 1


def test_standings_and_ratings_count_both_matches(two_tables: Tournament) -> None:
    """Every entry has played one match and every seated player's rating moved, live or not."""
    live, by_hand = Match.objects.filter(tournament=two_tables).order_by("table_number")
    play_live(live)
    enter_by_hand(by_hand)
    standings.update(two_tables.pk)
    rows = StandingRow.objects.filter(tournament=two_tables)
    assert rows.count() == 4 and all(row.played == 1 for row in rows)
    assert ratings.rate_match(live.pk) != "skipped" and ratings.rate_match(by_hand.pk) != "skipped"
    rated = set(RatingChange.objects.values_list("match_id", flat=True))
    assert rated == {live.pk, by_hand.pk}


@pytest.mark.parametrize(("target", "over"), [(2, False), (1, True)])
def test_the_live_table_and_the_league_agree_when_the_match_is_over(
    two_tables: Tournament, target: int, over: bool
) -> None:
    """One played deal ends a match of one deal, not a match of two: both paths ask ``is_over``."""
    match = Match.objects.filter(tournament=two_tables).first()
    assert match is not None
    match.deals_target = target
    match.save(update_fields=["deals_target"])
    results.enter_deal(match, User.objects.get(username="director"), offline.DealInput(0, 40))
    match.refresh_from_db()
    assert match_end.is_over(match, results.deal_results(match), match.situation) is over
    assert (results.deals_needed(match) == 0) is over


def test_the_migration_derives_a_result_of_the_other_shape_again(two_tables: Tournament) -> None:
    """A live match stored as ``{"winners", "deals", "situation"}`` gets the one shape; a match
    already in it is left as it is."""
    from django.apps import apps

    migration = importlib.import_module("league.migrations.0020_one_match_result_shape")
    live, by_hand = Match.objects.filter(tournament=two_tables).order_by("table_number")
    play_live(live)
    enter_by_hand(by_hand)
    derived = live.result
    Match.objects.filter(pk=live.pk).update(result={"winners": None, "deals": 1, "situation": live.situation})
    kept = by_hand.result
    migration.one_shape(apps, None)
    live.refresh_from_db()
    by_hand.refresh_from_db()
    assert live.result == derived and by_hand.result == kept
