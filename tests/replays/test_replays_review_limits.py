"""Asking for reviews is limited: per user and per client address in a window, and at most
``REVIEWS_QUEUED_PER_USER`` of one requester's reviews queued or running at once. Before, a signed-in
user with no membership queued 24 strong reviews of an open tournament in a second and a half.
Refusals answer 429 with the reason and queue nothing; asking again for a review that is already
there is never refused."""

from __future__ import annotations

import secrets
import time
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Deal, Tournament
from league.services import ratelimit
from replays.models import Review
from replays.services.samples import play_sample_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limits(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews only queued; the limiter's clock frozen in a window of this test's own, so no other
    test's requests (nor a window's end) count here, and these count nowhere else."""
    settings.REVIEWS_RUN = "manual"
    settings.REVIEWS_QUEUED_PER_USER = 3
    settings.REVIEWS_REQUESTS_PER_USER = (10, 600)
    settings.REVIEWS_REQUESTS_PER_ADDRESS = (60, 600)
    frozen = time.time() + 600 * (10**6 + secrets.randbelow(10**6))
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: frozen))


@pytest.fixture
def deals(club: Club) -> list[Deal]:
    """Eight finished deals of a running tournament open to all (anyone signed in may ask)."""
    fields = {"game": "tractor", "format": "swiss", "entry_kind": "team", "status": "running"}
    cup = Tournament.objects.create(club=club, name="Open", slug="open", **fields)
    return list(play_sample_match(club, "tractor", 8, seed=5, tournament=cup).deals.order_by("number"))


def asker(name: str, address: str = "10.1.2.3") -> Client:
    """A signed-in user of no club, asking from ``address``."""
    client = Client(REMOTE_ADDR=address)
    client.force_login(User.objects.create_user(name))
    return client


def ask(client: Client, deal: Deal, budget: str = "strong") -> Any:
    return client.post(f"/deals/{deal.pk}/review/", {"budget": budget})


def done(*which: Deal) -> None:
    Review.objects.filter(deal__in=which).update(status=Review.Status.DONE)


@pytest.mark.parametrize(("asked", "queued"), [(3, 3), (4, 3), (8, 3)])
def test_one_requester_has_at_most_three_reviews_waiting(deals: list[Deal], asked: int, queued: int) -> None:
    """The cap's both sides: the third is queued, the fourth and later are refused with the reason."""
    client = asker("otto")
    codes = [ask(client, deal).status_code for deal in deals[:asked]]
    assert codes == [302] * 3 + [429] * (asked - 3)
    assert Review.objects.filter(status=Review.Status.QUEUED).count() == queued


def test_the_refusal_says_why_and_leads_back(deals: list[Deal]) -> None:
    """429 with the cap in words and a link back to the replay."""
    client = asker("otto")
    for deal in deals[:3]:
        ask(client, deal)
    page = ask(client, deals[3]).content.decode()
    assert "You already have 3 reviews waiting" in page
    assert f'href="/deals/{deals[3].pk}/' in page


def test_once_a_review_is_done_another_may_be_asked(deals: list[Deal]) -> None:
    """The cap counts waiting reviews only."""
    client = asker("otto")
    for deal in deals[:3]:
        ask(client, deal)
    done(deals[0])
    assert ask(client, deals[3]).status_code == 302


def test_asking_again_for_a_waiting_review_is_never_refused(deals: list[Deal]) -> None:
    """The button pressed twice queues nothing, so the cap does not bite."""
    client = asker("otto")
    for deal in deals[:3]:
        ask(client, deal)
    assert ask(client, deals[2]).status_code == 302
    assert Review.objects.count() == 3


def test_the_cap_is_per_requester(deals: list[Deal]) -> None:
    """Another user may ask while the first one's reviews wait."""
    first = asker("otto")
    for deal in deals[:3]:
        ask(first, deal)
    assert ask(asker("olga"), deals[3]).status_code == 302


@pytest.mark.parametrize(("asked", "refused"), [(4, 0), (5, 1)])
def test_a_user_asks_at_most_so_often(settings: Any, deals: list[Deal], asked: int, refused: int) -> None:
    """Four asks in the window pass and the fifth is refused, however quickly each review is done."""
    settings.REVIEWS_REQUESTS_PER_USER = (4, 600)
    client = asker("otto")
    codes = []
    for deal in deals[:asked]:
        codes.append(ask(client, deal).status_code)
        done(deal)
    assert codes == [302] * (asked - refused) + [429] * refused
    if refused:
        assert "Too many review requests: at most 4 in 10 minutes" in ask(client, deals[7]).content.decode()


@pytest.mark.parametrize(("address", "code"), [("10.1.2.3", 429), ("10.9.9.9", 302)])
def test_one_address_asks_at_most_so_often(settings: Any, deals: list[Deal], address: str, code: int) -> None:
    """Three users behind one address share its limit; a user at another address does not."""
    settings.REVIEWS_REQUESTS_PER_ADDRESS = (3, 600)
    for i, deal in enumerate(deals[:3]):
        assert ask(asker(f"user{i}"), deal).status_code == 302
    assert ask(asker("late", address), deals[3]).status_code == code
