"""One offline Tractor match from pairing to standings and ratings, through the services."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league.models import Match, PlayerRating, RatingChange, StandingRow, Tournament
from league.services import offline, results

pytestmark = pytest.mark.django_db(transaction=False)


def test_it_takes_an_offline_match_to_standings_and_ratings(
    tractor_round: Tournament, django_capture_on_commit_callbacks
) -> None:
    """Entered, submitted, confirmed: the match is finished, standings and ratings follow."""
    match = Match.objects.get(tournament=tractor_round)
    seats = {s.seat: s.player.name for s in match.seats.select_related("player")}
    assert seats == {0: "Owner", 1: "Member", 2: "Director", 3: "Offline 0"}
    owner, member = User.objects.get(username="owner"), User.objects.get(username="member")
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_deal(match, owner, offline.DealInput(declarer=0, defender_points=30))
        results.enter_deal(match, owner, offline.DealInput(declarer=0, defender_points=85))
        results.submit(match, owner)
        results.confirm(match, member)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["score"] == [2, 0, 2, 0]
    assert match.result["winners"] == [0, 2]
    rows = {r.entry.name: (r.rank, r.points) for r in StandingRow.objects.filter(tournament=tractor_round)}
    assert rows == {"Owner & Director": (1, 2), "Member & Offline 0": (2, 0)}
    assert RatingChange.objects.filter(match=match).count() == 4
    assert PlayerRating.objects.get(player__name="Owner", family="tractor").rating > 1500
