"""Who sees a replay, read as director / member / outsider / anonymous; everything else is 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from league import access
from league.models import Club, Deal, Match, Tournament
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for, user_with

pytestmark = pytest.mark.django_db

PAGES = [
    "/deals/{deal}/",
    "/deals/{deal}/steps.json",
    "/deals/{deal}/record.json",
    "/replays/matches/{match}/",
]


def urls(deal: Deal) -> list[str]:
    return [p.format(deal=deal.pk, match=deal.match_id) for p in PAGES]


def test_it_shows_a_public_clubs_casual_deal_to_everyone(tractor_deal: Deal, outsider: User) -> None:
    """A public club's casual deals are open, even to visitors who are not signed in."""
    for user in (None, outsider):
        for url in urls(tractor_deal):
            assert client_for(user).get(url).status_code == 200, url


def test_it_hides_a_private_tournaments_deal_from_outsiders(
    club: Club, private_tournament: Tournament, director: User, member: User, outsider: User
) -> None:
    """Members and directors see a club-private tournament's deals; outsiders get 404, no hint."""
    deal = play_sample_match(club, "shengji", 1, seed=2, tournament=private_tournament).deals.get()
    for user in (director, member):
        for url in urls(deal):
            assert client_for(user).get(url).status_code == 200, url
    for user in (outsider, None):
        for url in urls(deal):
            assert client_for(user).get(url).status_code == 404, url
    export = f"/tournaments/{private_tournament.pk}/deals.ndjson"
    assert client_for(member).get(export).status_code == 200
    assert client_for(outsider).get(export).status_code == 404


def test_it_hides_a_private_clubs_deals_from_outsiders(private_club: Club) -> None:
    """A private club's casual deals are for its members only."""
    deal = play_sample_match(private_club, "tractor", 1, seed=4).deals.get()
    member = user_with(private_club, "member", "pm")
    assert client_for(member).get(f"/deals/{deal.pk}/").status_code == 200
    assert client_for(user_with(private_club, None, "po")).get(f"/deals/{deal.pk}/").status_code == 404
    assert client_for(member).get(f"/clubs/{private_club.slug}/deals/").status_code == 200
    assert client_for(None).get(f"/clubs/{private_club.slug}/deals/").status_code == 404


def test_it_hides_a_deal_still_in_play_from_everyone(tractor_deal: Deal, director: User) -> None:
    """A deal is shown only once it is finished, even to the club's director."""
    tractor_deal.status = Deal.Status.LIVE
    tractor_deal.save()
    for url in urls(tractor_deal)[:3]:
        assert client_for(director).get(url).status_code == 404, url


def test_it_answers_404_for_a_deal_that_does_not_exist(db: None) -> None:
    """An unknown id looks the same as a hidden one."""
    assert client_for(None).get("/deals/999999/").status_code == 404


def test_the_list_query_agrees_with_the_permission_rules(
    club: Club, private_club: Club, private_tournament: Tournament, member: User, outsider: User
) -> None:
    """``visible_deals`` shows exactly the finished deals ``can_view_match`` allows."""
    play_sample_match(club, "shengji", 1, seed=1)
    play_sample_match(club, "shengji", 1, seed=2, tournament=private_tournament)
    play_sample_match(private_club, "shengji", 1, seed=3)
    for user in (member, outsider, AnonymousUser(), user_with(private_club, "owner", "own")):
        expected = {d.pk for d in Deal.objects.all() if access.can_view_match(user, d.match)}
        assert set(access.visible_deals(user).values_list("pk", flat=True)) == expected


def test_it_opens_the_viewer_at_a_deep_link(tractor_deal: Deal) -> None:
    """?at and ?seat choose the step and the perspective the page opens with."""
    response = client_for(None).get(f"/deals/{tractor_deal.pk}/?at=37&seat=2")
    assert response.context["at"] == 37
    assert response.context["perspective"] == "2"
    assert response.context["payload"]["perspective"] == 2
    assert b'data-at="37"' in response.content


def test_it_links_the_deals_of_a_match(tractor_match: Match) -> None:
    """The viewer links to the previous and next deal; the match page lists every deal."""
    first, second = tractor_match.deals.order_by("number")
    page = client_for(None).get(f"/deals/{first.pk}/").content.decode()
    assert f'href="/deals/{second.pk}/"' in page
    page = client_for(None).get(f"/deals/{second.pk}/").content.decode()
    assert f'href="/deals/{first.pk}/"' in page
    page = client_for(None).get(f"/replays/matches/{tractor_match.pk}/").content.decode()
    assert f"/deals/{first.pk}/" in page and f"/deals/{second.pk}/" in page
