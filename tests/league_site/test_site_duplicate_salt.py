"""A duplicate board's salt stays on the server until its round ends (docs/duplicate.md, "Who sees
what, and when"): the record downloads of a player's own table hold the commitment and an empty
salt, for the table's players and directors alike; once the round is over every export has it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Board, Match, Membership, Player, Tournament
from tests.league_site.test_site_duplicate_pages import event, finish_round, play_first_stage, rnd_of

pytestmark = pytest.mark.django_db
__all__ = ["event"]  # the duplicate pages' fixture: a Howell of four pairs, round 1 published
Login = Callable[[str | None], Client]


@pytest.fixture
def player(event: Tournament) -> Client:
    """The event's Offline 0 given a login and membership: a plain player at a stage-1 table."""
    seated = Player.objects.get(name="Offline 0")
    seated.user = User.objects.create_user("seated")
    seated.save(update_fields=["user"])
    Membership.objects.create(club=event.club, user=seated.user, role="member")
    client = Client()
    client.force_login(seated.user)
    return client


def seated_match(tournament: Tournament) -> Match:
    """The stage-1 match Offline 0 sits at."""
    return Match.objects.get(round=rnd_of(tournament), stage=1, seats__player__name="Offline 0")


def downloads(client: Client, match: Match) -> list[dict[str, Any]]:
    """The board-1 deal's record as each export gives it: deal, match file, tournament NDJSON."""
    deal = match.deals.get(number=1)
    one = json.loads(client.get(f"/deals/{deal.pk}/record.json").content)
    whole = json.loads(client.get(f"/matches/{match.pk}/record.json").content)["deals"][0]
    lines = client.get(f"/tournaments/{match.tournament_id}/deals.ndjson").getvalue().decode().splitlines()
    listed = [json.loads(line) for line in lines[1:] if json.loads(line)["match"] == match.pk]
    return [one, whole, *listed]


def test_a_player_at_a_running_round_gets_no_salt(event: Tournament, player: Client) -> None:
    """The player's own table: the commitment, but an empty salt, in every export."""
    play_first_stage(event)
    board = Board.objects.get(round=rnd_of(event), number=1)
    records = downloads(player, seated_match(event))
    assert len(records) >= 2  # the tournament's NDJSON lists no deal of a running round at all
    assert all(r["salt"] == "" and r["commitment"] == board.commitment for r in records)
    assert all(board.salt not in json.dumps(r) for r in records)


def test_a_director_gets_no_salt_either(event: Tournament, as_user: Login) -> None:
    """Directors see the travellers at once, but not the salts (they may play the boards too)."""
    play_first_stage(event)
    board = Board.objects.get(round=rnd_of(event), number=1)
    assert all(r["salt"] == "" for r in downloads(as_user("director"), seated_match(event)))
    assert board.salt


def test_once_the_round_is_over_every_export_has_the_salt(event: Tournament, player: Client) -> None:
    """The other side: the round's end reveals the salt in the downloads too."""
    play_first_stage(event)
    finish_round(event)
    board = Board.objects.get(round=rnd_of(event), number=1)
    records = downloads(player, seated_match(event))
    assert len(records) == 3
    assert all(r["salt"] == board.salt for r in records)
