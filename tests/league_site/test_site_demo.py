"""The demo data: bot-played tournaments with full records, standings and ratings; idempotent."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from engine.record import check_record
from league.management.commands import demo_data
from league.models import Club, Deal, Match, Move, PlayerRating, StandingRow, Tournament
from replays.services import records


@pytest.mark.django_db
def test_it_creates_played_tournaments_once(django_capture_on_commit_callbacks) -> None:
    """Four finished tournaments with recorded deals; a second run changes nothing."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    assert club.players.count() == 24
    swiss = Tournament.objects.get(slug="autumn-tractor-swiss")
    robin = Tournament.objects.get(slug="san-da-ha-round-robin")
    friends = Tournament.objects.get(slug="zhao-pengyou-friends-night")
    colours = Tournament.objects.get(slug="si-se-pai-four-colours")
    assert swiss.status == robin.status == friends.status == colours.status == Tournament.Status.FINISHED
    assert not Match.objects.exclude(status=Match.Status.FINISHED).exists()
    assert Deal.objects.filter(has_moves=False).count() == 0 and Move.objects.count() > 1000
    assert StandingRow.objects.filter(tournament=swiss).count() == 8
    assert StandingRow.objects.filter(tournament=robin).count() == 8
    assert StandingRow.objects.filter(tournament=friends).count() == 13
    assert StandingRow.objects.filter(tournament=colours).count() == 10
    families = set(PlayerRating.objects.values_list("family", flat=True))
    assert families == {"tractor", "sandaha", "zhaopengyou", "sisepai"}
    counts = (Deal.objects.count(), Move.objects.count(), PlayerRating.objects.count())
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    assert (Deal.objects.count(), Move.objects.count(), PlayerRating.objects.count()) == counts


@pytest.mark.django_db
def test_its_zhao_pengyou_and_si_se_pai_deals_replay(django_capture_on_commit_callbacks) -> None:
    """Tables of seven and six, of four and three; every deal replays in the engine and the viewer."""
    command = demo_data.Command(stdout=io.StringIO())
    with django_capture_on_commit_callbacks(execute=True):
        club, players = command.people()
        owner = User.objects.get(username="demo")
        command.zhaopengyou(club, owner, players[:13])
        command.sisepai(club, owner, players[12:22])
    first_round = Match.objects.filter(round__number=1)
    sizes = {m.game: sorted(m.seats.count() for m in first_round.filter(game=m.game)) for m in first_round}
    assert sizes == {"zhaopengyou": [6, 7], "sisepai": [3, 3, 4]}
    client = Client()
    for deal in Deal.objects.filter(game__in=["zhaopengyou", "sisepai"]):
        assert check_record(records.deal_record(deal)).result() == deal.result
        assert client.get(f"/deals/{deal.pk}/steps.json").status_code == 200
