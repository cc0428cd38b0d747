"""Recent deals of a club and of a player: filters, pagination, visibility."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from league.models import Club, Deal, Player, Tournament
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db


def listed(user: User | None, url: str) -> list[int]:
    response = client_for(user).get(url)
    assert response.status_code == 200
    return [d.pk for d in response.context["page"]]


def test_it_lists_a_clubs_deals_newest_first_with_filters(
    club: Club, private_tournament: Tournament, member: User
) -> None:
    """Game, tournament and date narrow the list; outsiders do not see the private tournament."""
    shengji = play_sample_match(club, "shengji", 1, seed=1)
    cup = play_sample_match(club, "tractor", 1, seed=2, tournament=private_tournament)
    old = shengji.deals.get()
    old.finished_at = timezone.now() - datetime.timedelta(days=30)
    old.save()
    url = f"/clubs/{club.slug}/deals/"
    assert listed(member, url) == [cup.deals.get().pk, old.pk]
    assert listed(None, url) == [old.pk]
    assert listed(member, url + "?game=shengji") == [old.pk]
    assert listed(member, url + f"?tournament={private_tournament.pk}") == [cup.deals.get().pk]
    since = (timezone.now() - datetime.timedelta(days=2)).date().isoformat()
    assert listed(member, url + f"?since={since}") == [cup.deals.get().pk]


def test_it_pages_long_lists(club: Club) -> None:
    """25 deals a page, the filters kept in the page links."""
    play_sample_match(club, "sisepai", 30, seed=5)
    count = Deal.objects.count()
    first = client_for(None).get(f"/clubs/{club.slug}/deals/?game=sisepai")
    assert len(first.context["page"]) == min(25, count)
    if count > 25:
        assert "game=sisepai&amp;page=2" in first.content.decode()
        assert len(listed(None, f"/clubs/{club.slug}/deals/?game=sisepai&page=2")) == count - 25


def test_it_lists_a_players_deals(club: Club) -> None:
    """The deals of matches where the player held a seat."""
    player = Player.objects.create(club=club, name="Lin Wei")
    match = play_sample_match(club, "tractor", 1, seed=3)
    play_sample_match(club, "tractor", 1, seed=4)
    match.seats.filter(seat=1).update(player=player, bot="")
    assert listed(None, f"/players/{player.pk}/deals/") == [match.deals.get().pk]


def test_a_private_clubs_player_is_404_to_outsiders(private_club: Club) -> None:
    """No hint that the player exists."""
    player = Player.objects.create(club=private_club, name="Ghost")
    assert client_for(None).get(f"/players/{player.pk}/deals/").status_code == 404
