"""Who may ask for a deal's review and who may read it: players of the deal, the club's
directors, anyone signed in on a tournament open to all; readers are whoever may view the deal;
outsiders of a private club get 404, never a hint that the deal exists."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Deal, Tournament
from replays.models import Review
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for, user_with
from tests.replays.reviewing import seat_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def queued_only(settings: object) -> None:
    settings.REVIEWS_RUN = "manual"  # type: ignore[attr-defined]  # asking queues; nothing runs


def ask(client: Client, deal: Deal) -> int:
    return client.post(f"/deals/{deal.pk}/review/", {"budget": "fast"}).status_code


def test_a_player_of_the_deal_may_ask(tractor_deal: Deal) -> None:
    """A seated player asks: the review is queued, and asking again queues nothing more."""
    player = User.objects.create_user("pat", password="pw")
    seat_user(tractor_deal.match, 1, player)
    assert ask(client_for(player), tractor_deal) == 302
    assert ask(client_for(player), tractor_deal) == 302
    review = Review.objects.get(deal=tractor_deal)
    assert (review.status, review.budget, review.requested_by) == ("queued", "fast", player)


def test_a_director_may_ask(tractor_deal: Deal, director: User) -> None:
    """The club's directors ask for reviews of any deal of the club."""
    assert ask(client_for(director), tractor_deal) == 302
    assert Review.objects.filter(deal=tractor_deal).exists()


def test_a_member_who_did_not_play_may_not_ask(tractor_deal: Deal, member: User) -> None:
    """A member sees the deal (and its review) but did not play it: 404 on asking."""
    assert ask(client_for(member), tractor_deal) == 404
    assert client_for(member).get(f"/deals/{tractor_deal.pk}/review.json").json() == {"status": None}


def test_anyone_signed_in_may_ask_on_a_tournament_open_to_all(club: Club, outsider: User) -> None:
    """A public tournament of a public club: anyone who may view the deal and is signed in asks."""
    open_cup = Tournament.objects.create(
        club=club,
        name="Open",
        slug="open",
        game="tractor",
        format="swiss",
        entry_kind="team",
        status="running",
    )
    deal = play_sample_match(club, "tractor", 1, seed=3, tournament=open_cup).deals.get()
    assert ask(client_for(None), deal) == 302  # to the login page
    assert not Review.objects.exists()
    assert ask(client_for(outsider), deal) == 302
    assert Review.objects.filter(deal=deal).exists()


def test_an_outsider_of_a_private_club_gets_404_for_everything(private_club: Club) -> None:
    """Asking, the progress and the better board of a private club's deal are 404 to outsiders."""
    deal = play_sample_match(private_club, "tractor", 1, seed=4).deals.get()
    Review.objects.create(deal=deal, budget="fast", engine_version="x")
    outsider = client_for(user_with(private_club, None, "po"))
    assert ask(outsider, deal) == 404
    assert outsider.get(f"/deals/{deal.pk}/review.json").status_code == 404
    assert outsider.get(f"/deals/{deal.pk}/review/better.json?index=0").status_code == 404
    assert outsider.get(f"/api/deals/{deal.pk}/review").status_code == 404
    member = client_for(user_with(private_club, "member", "pm"))
    assert member.get(f"/deals/{deal.pk}/review.json").json()["status"] == "queued"
    assert member.get(f"/api/deals/{deal.pk}/review").status_code == 200


def test_a_deal_still_in_play_may_not_be_reviewed(tractor_deal: Deal, director: User) -> None:
    """Finished deals only: a live deal answers 404 even to a director."""
    Deal.objects.filter(pk=tractor_deal.pk).update(status=Deal.Status.LIVE)
    assert ask(client_for(director), tractor_deal) == 404
    assert not Review.objects.exists()


def test_the_page_offers_the_button_only_to_those_who_may_ask(
    tractor_deal: Deal, director: User, member: User
) -> None:
    """The viewer shows the request form to a director, not to a member who did not play."""
    assert 'id="review-form"' in client_for(director).get(f"/deals/{tractor_deal.pk}/").content.decode()
    page = client_for(member).get(f"/deals/{tractor_deal.pk}/").content.decode()
    assert 'id="review-form"' not in page
    assert 'id="review-none"' in page
