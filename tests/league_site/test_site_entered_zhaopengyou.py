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


def owner_near_a(club: Club) -> Match:
    """A table of six where Owner (seat 0) starts at Q, two levels short of A; everyone else at 2.
    Deal 1: Owner declares with Offline 0 and Offline 1 (seats 3, 4), the defenders take 40 (Owner
    to K). Deal 2: Offline 0 declares with Owner and Offline 1, the defenders take 100 (nobody rises)."""
    match = zpy_match(club)
    ranks = ["Q", "2", "2", "2", "2", "2"]
    Match.objects.filter(pk=match.pk).update(situation={"deal": 1, "ranks": ranks, "last_winners": None})
    match.refresh_from_db()
    enter(match, 0, (3, 4), 40)
    match.refresh_from_db()
    enter(match, 3, (0, 4), 100)
    match.refresh_from_db()
    return match


def correct_first_deal(match: Match, points: int) -> None:
    """The director corrects deal 1's defenders' points, same declarer and friends."""
    director = User.objects.get(username="director")
    results.correct_deal(match, director, 1, offline.DealInput(0, points, friends=(3, 4)), "miscounted")


def test_a_correction_that_ends_the_match_before_later_deals_is_refused(club: Club) -> None:
    """Deal 1 corrected to 0 for the defenders: Owner rises two levels, Q to A, and wins (§Rank rises),
    so the match ends there; deal 2 was entered after it, so the correction is refused and changes
    nothing, naming who won."""
    match = owner_near_a(club)
    before = [d.result for d in match.deals.order_by("number")], match.situation
    with pytest.raises(results.ResultError) as caught:
        correct_first_deal(match, 0)
    assert str(caught.value) == (
        "With this correction Owner won the match in deal 1, which ends the match, "
        "but deals were entered after it: remove them first."
    )
    match.refresh_from_db()
    assert ([d.result for d in match.deals.order_by("number")], match.situation) == before
    assert not ResultCorrection.objects.exists()


def test_a_correction_that_leaves_the_match_open_rescores_later_deals(club: Club) -> None:
    """Deal 1 corrected to 5 for the defenders: still one game point, Owner stays at K, deal 2 stands."""
    match = owner_near_a(club)
    correct_first_deal(match, 5)
    match.refresh_from_db()
    assert match.deals.get(number=1).result["defender_points"] == 5
    assert (match.situation["ranks"][0], match.situation["winners"]) == ("K", None)


def test_after_removing_the_later_deal_the_correction_names_the_winner(club: Club, as_user: Login) -> None:
    """Deal 2 removed first, the correction to 0 takes Owner to A: the match is over, Owner its winner."""
    match = owner_near_a(club)
    director = as_user("director")
    director.post(f"/matches/{match.pk}/undo/")
    fields = {"number": 1, "declarer": 0, "friends": [3, 4], "defender_points": 0, "reason": "miscounted"}
    director.post(f"/matches/{match.pk}/correct/", fields)
    finished = overridden(match, director)
    assert (finished.situation["ranks"][0], finished.situation["winners"]) == ("A", [0])
    assert (finished.result["winners"], finished.result["places"][0]) == ([0], 1)


def test_a_correction_that_plays_the_match_s_deals_before_later_deals_is_refused(club: Club) -> None:
    """A match of two deals entered as a redeal and two played deals: deal 1 corrected from the
    redeal to a played deal makes deal 2 the match's last, so deal 3 cannot stand."""
    match = zpy_match(club)
    Match.objects.filter(pk=match.pk).update(deals_target=2)
    match.refresh_from_db()
    results.enter_deal(match, User.objects.get(username="owner"), offline.DealInput(0, redeal=True))
    match.refresh_from_db()
    enter(match, 0, (3, 4), 40)
    match.refresh_from_db()
    enter(match, 0, (3, 4), 40)
    with pytest.raises(results.ResultError) as caught:
        correct_first_deal(match, 40)
    assert "the match's 2 deals were played by deal 2" in str(caught.value)
    assert match.deals.get(number=1).result["outcome"] == "redeal"
