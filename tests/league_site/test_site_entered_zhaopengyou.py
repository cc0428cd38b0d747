"""Zhao Pengyou entered by hand: a redeal, and a correction that changes who won the deal before."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Match, RatingChange, ResultCorrection
from league.services import offline, results
from tests.league_site.seated import overridden
from tests.league_site.test_site_entered_figures import zpy_match

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

REDEAL = {"declarer": 0, "redeal": "on", "defender_points": 0}


def enter(match: Match, declarer: int, friends: tuple[int, ...], points: int) -> None:
    """Enter one played deal as the owner."""
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(declarer, points, friends=friends))


def test_it_enters_a_redeal_through_the_form(club: Club, as_user: Login) -> None:
    """Nobody declared: the deal is stored as a redeal and the page says it counts for nothing."""
    match = zpy_match(club)
    page = as_user("owner").post(f"/matches/{match.pk}/deals/", REDEAL, follow=True).content.decode()
    assert match.deals.get().result["outcome"] == "redeal"
    assert "redeal: counts for nothing" in page


def test_after_a_redeal_a_loser_of_the_deal_before_may_declare(club: Club, as_user: Login) -> None:
    """Seat 1 lost deal 1; after deal 2's redeal everyone counts as a winner, so it declares deal 3."""
    match = zpy_match(club)
    enter(match, 0, (3, 4), 40)
    as_user("owner").post(f"/matches/{match.pk}/deals/", REDEAL)
    match.refresh_from_db()
    enter(match, 1, (2,), 0)
    assert [d.result["outcome"] for d in match.deals.order_by("number")] == ["played", "redeal", "played"]


def test_a_redeal_with_friends_is_refused(club: Club, as_user: Login) -> None:
    """Nobody declared, so nobody called a friend: the page says so and nothing is stored."""
    match = zpy_match(club)
    fields = {**REDEAL, "friends": [3]}
    page = as_user("owner").post(f"/matches/{match.pk}/deals/", fields, follow=True).content.decode()
    assert "leave the friends empty and the defenders' points at 0" in html.unescape(page)
    assert not match.deals.exists()


def test_a_redeal_is_neither_counted_nor_rated(
    club: Club, as_user: Login, django_capture_on_commit_callbacks
) -> None:
    """A match of two deals takes two played deals besides the redeal; only those are rated."""
    match = zpy_match(club)
    owner = as_user("owner")
    owner.post(f"/matches/{match.pk}/deals/", REDEAL)
    match.refresh_from_db()
    enter(match, 0, (3, 4), 40)
    enter(match, 0, (3, 4), 40)
    with django_capture_on_commit_callbacks(execute=True):
        finished = overridden(match, as_user("director"))
    redeal = finished.deals.get(number=1)
    assert finished.result["deals"] == 2
    assert RatingChange.objects.filter(match=finished).exclude(deal=redeal).exists()
    assert not RatingChange.objects.filter(deal=redeal).exists()


def test_a_correction_stands_a_later_declarer_who_no_longer_won(club: Club, as_user: Login) -> None:
    """Deal 1 corrected to 160 for the defenders: seat 3 lost it, yet deal 2, which it declared,
    stands and is scored again, seat 3 and its friend seat 0 rising as passive winners (4 - 1)."""
    match = zpy_match(club)
    enter(match, 0, (3, 4), 40)
    enter(match, 3, (0,), 0)
    fields = {"number": 1, "declarer": 0, "friends": [3, 4], "defender_points": 160, "reason": "miscounted"}
    as_user("director").post(f"/matches/{match.pk}/correct/", fields)
    second = match.deals.get(number=2).result
    assert (second["declarer"], second["active"]) == (3, [1, 2, 5])
    assert (second["scores"][3], second["scores"][0]) == (3, 3)
    assert ResultCorrection.objects.get().deal_number == 1


def test_a_deal_corrected_to_a_redeal_lets_everyone_count_as_a_winner(club: Club, as_user: Login) -> None:
    """Deal 1 was really redealt: deal 2 is scored with every seat an active winner."""
    match = zpy_match(club)
    enter(match, 0, (3, 4), 40)
    enter(match, 3, (0,), 0)
    as_user("director").post(f"/matches/{match.pk}/correct/", {**REDEAL, "number": 1})
    assert match.deals.get(number=1).result["outcome"] == "redeal"
    assert match.deals.get(number=2).result["active"] == list(range(6))
