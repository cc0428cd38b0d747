"""Automatic review takes a club's tournament deals whose records are uploaded or imported too,
not only those finished at a live table (league.signals.record_stored, replays/receivers.py)."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import TestCase

from engine.core.match import selfplay_deal
from engine.core.record import DealRecord
from engine.core.registry import get_game
from league.models import Club, Deal, Match, MatchSeat, Tournament
from league.services import offline, results
from replays.models import Review
from tests.replays.reviewing import FakeEngine

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def inline(settings: object) -> None:
    settings.REVIEWS_RUN = "inline"  # type: ignore[attr-defined]


def cup_match(club: Club, tournament: bool = True) -> Match:
    """A Tractor match of four bot seats waiting for its first deal, in a tournament or casual."""
    cup = (
        Tournament.objects.create(
            club=club, name="Cup", slug="cup", game="tractor", format="swiss", entry_kind="team"
        )
        if tournament
        else None
    )
    match = Match.objects.create(
        club=club, tournament=cup, game="tractor", rules={}, kind=Match.Kind.LIVE, deals_target=1
    )
    MatchSeat.objects.bulk_create(MatchSeat(match=match, seat=s, bot="heuristic") for s in range(4))
    return match


def a_record(seed: int = 7) -> DealRecord:
    game = get_game("tractor")
    return selfplay_deal(game, game.rules_from_json({}), 4, None, random.Random(seed), ["heuristic"])


def stored(match: Match) -> Deal:
    """The match's first deal stored from a bot-played record, its commit's callbacks run."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return results.store_record(match, a_record())


@pytest.mark.parametrize("auto_review, reviewed", [(True, True), (False, False)])
def test_an_imported_tournament_record_is_reviewed_when_the_club_says_so(
    club: Club, auto_review: bool, reviewed: bool, fake_engine: FakeEngine
) -> None:
    """A record stored as a tournament match's next deal is reviewed once committed, if the club
    reviews automatically."""
    Club.objects.filter(pk=club.pk).update(auto_review=auto_review)
    deal = stored(cup_match(club))
    assert Review.objects.filter(deal=deal, status="done").exists() == reviewed


def test_a_record_attached_to_a_deal_entered_by_hand_is_reviewed(
    club: Club, director: User, fake_engine: FakeEngine
) -> None:
    """A deal entered by hand has no moves to review; attaching its record gives it some, and the
    club's automatic review takes it."""
    Club.objects.filter(pk=club.pk).update(auto_review=True)
    match = cup_match(club)
    record = a_record()
    result = record.result or {}
    with TestCase.captureOnCommitCallbacks(execute=True):
        figures = offline.DealInput(int(result["dealer"]), int(result["defender_points"]))
        entered = results.enter_deal(match, director, figures)
    assert not Review.objects.exists()
    with TestCase.captureOnCommitCallbacks(execute=True):
        results.upload_record(match, director, record.dumps(), deal_number=entered.number)
    entered.refresh_from_db()
    assert entered.has_moves
    assert Review.objects.filter(deal=entered, status="done").exists()


def test_a_casual_imported_record_is_not_reviewed_automatically(club: Club, fake_engine: FakeEngine) -> None:
    """Automatic reviews are for tournament deals only, however the record came."""
    Club.objects.filter(pk=club.pk).update(auto_review=True)
    stored(cup_match(club, tournament=False))
    assert not Review.objects.exists()
