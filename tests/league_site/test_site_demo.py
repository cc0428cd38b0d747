"""The demo data: bot-played tournaments with full records, standings and ratings; idempotent."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from league.models import Club, Deal, Match, Move, PlayerRating, StandingRow, Tournament


@pytest.mark.django_db
def test_it_creates_played_tournaments_once(django_capture_on_commit_callbacks) -> None:
    """Two finished tournaments with recorded deals; a second run changes nothing."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    assert club.players.count() == 24
    swiss = Tournament.objects.get(slug="autumn-tractor-swiss")
    robin = Tournament.objects.get(slug="san-da-ha-round-robin")
    assert swiss.status == robin.status == Tournament.Status.FINISHED
    assert not Match.objects.exclude(status=Match.Status.FINISHED).exists()
    assert Deal.objects.filter(has_moves=False).count() == 0 and Move.objects.count() > 1000
    assert StandingRow.objects.filter(tournament=swiss).count() == 8
    assert StandingRow.objects.filter(tournament=robin).count() == 8
    assert set(PlayerRating.objects.values_list("family", flat=True)) == {"tractor", "sandaha"}
    counts = (Deal.objects.count(), Move.objects.count(), PlayerRating.objects.count())
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    assert (Deal.objects.count(), Move.objects.count(), PlayerRating.objects.count()) == counts
