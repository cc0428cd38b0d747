"""Figures no deal can have are refused with the engine's reason, translated, and change nothing."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from league.models import Club, Deal, Match, Player, ResultCorrection, ResultReport, Tournament
from league.services import offline, results, rounds
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.seated import reseat

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

# Seats of the tractor_round fixture: 0 Owner, 1 Member, 2 Director, 3 Offline 0.


def four_seat_match(club: Club, game: str, rules: dict | None = None) -> Match:
    """A published four-seat individual table under ``rules``: Owner, Director, Member, Offline 0."""
    t = make_tournament(club, game, format="individual", rounds_planned=1, deals_per_match=9)
    t.rules = rules or {}
    t.save(update_fields=["rules"])
    enter_players(t, [Player.objects.get(name=n) for n in ("Owner", "Director", "Member", "Offline 0")])
    rounds.publish_round(rounds.generate_round(t))
    return Match.objects.get(tournament=t)


def zpy_match(club: Club) -> Match:
    """A published Zhao Pengyou table of six."""
    t = make_tournament(club, "zhaopengyou", format="individual", tie_breaks=[], rounds_planned=1)
    for i in range(3):
        Player.objects.create(club=club, name=f"Extra {i}")
    chosen = list(Player.objects.filter(club=club).order_by("pk")[:6])
    enter_players(t, chosen)
    rnd = rounds.generate_round(t)
    match = reseat(rnd.matches.get(), chosen)
    rounds.publish_round(rnd)
    return match


def refused_in_chinese(match: Match, entry: offline.DealInput) -> str:
    """Enter ``entry`` as the owner with Chinese chosen; the refusal's message, nothing stored."""
    before = (match.deals.count(), Match.objects.get(pk=match.pk).situation, ResultReport.objects.count())
    with translation.override("zh-hans"), pytest.raises(results.ResultError) as caught:
        results.enter_deal(match, User.objects.get(username="owner"), entry)
    after = (match.deals.count(), Match.objects.get(pk=match.pk).situation, ResultReport.objects.count())
    assert after == before
    return str(caught.value)


def chinese(english: str, **figures: object) -> str:
    with translation.override("zh-hans"):
        text = translation.gettext(english) % figures
    assert text != english % figures, "the message has no Chinese translation"
    return text


@pytest.mark.parametrize(
    ("points", "message", "figures"),
    [
        (12, "The defenders' points are a multiple of 5, 0 or more.", {}),
        (-5, "The defenders' points are a multiple of 5, 0 or more.", {}),
        (165, "The defenders' points are a multiple of 5 from 0 to %(top)s.", {"top": 160}),
    ],
)
def test_it_refuses_shengji_points_no_deal_can_have(
    club: Club, points: int, message: str, figures: dict
) -> None:
    """One deck: points in fives up to 160 (100 and a kitty of 60 doubled)."""
    match = four_seat_match(club, "shengji")
    assert refused_in_chinese(match, offline.DealInput(0, points)) == chinese(message, **figures)


def test_it_refuses_a_j_hook_without_the_rule(club: Club) -> None:
    """A J-hook entered for a tournament without the J-hook rule."""
    match = four_seat_match(club, "shengji")
    entry = offline.DealInput(0, 10, defenders_last=True, hook="trump")
    assert refused_in_chinese(match, entry) == chinese(
        "A J-hook needs the J-hook rule, the dealer's side at J and the defenders taking the last trick."
    )


@pytest.mark.parametrize("bid", [None, 0, 62, 85])
def test_it_refuses_a_san_da_ha_bid_outside_80_to_5(club: Club, bid: int | None) -> None:
    """Bids run from 80 down to 5 in fives."""
    match = four_seat_match(club, "sandaha")
    assert refused_in_chinese(match, offline.DealInput(1, 20, bid=bid)) == chinese(
        "A San Da Ha bid runs from 80 down to 5 in steps of 5."
    )


def test_it_refuses_a_seat_that_is_not_at_the_table(club: Club) -> None:
    """San Da Ha's declarer is any of the four seats, not a fifth."""
    match = four_seat_match(club, "sandaha")
    assert refused_in_chinese(match, offline.DealInput(4, 20, bid=60)) == chinese("No such seat.")


def test_it_refuses_a_declarer_who_may_not_declare(club: Club) -> None:
    """Zhao Pengyou: seat 1 lost deal 1 as a defender, so it cannot declare deal 2."""
    match = zpy_match(club)
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(0, 0, friends=(3, 4)))
    match.refresh_from_db()
    assert refused_in_chinese(match, offline.DealInput(1, 0, friends=(2,))) == chinese(
        "Only the last deal's winners may declare."
    )


def test_a_bad_correction_changes_nothing(tractor_round: Tournament) -> None:
    """A director's correction with points not in fives leaves the deal and the match as they were."""
    match = Match.objects.get(tournament=tractor_round)
    director = User.objects.get(username="director")
    deal = results.enter_deal(match, director, offline.DealInput(0, 30))
    with pytest.raises(results.ResultError):
        results.correct_deal(match, director, 1, offline.DealInput(0, 33), "typo")
    assert Deal.objects.get(pk=deal.pk).result == deal.result
    assert not ResultCorrection.objects.exists()


def test_the_page_shows_the_reason_in_chinese(tractor_round: Tournament, as_user: Login) -> None:
    """Through the form: 33 points are refused in the visitor's language and no deal is stored."""
    match = Match.objects.get(tournament=tractor_round)
    client = as_user("member")
    response = client.post(
        f"/matches/{match.pk}/deals/",
        {"declarer": 0, "defender_points": 33},
        HTTP_ACCEPT_LANGUAGE="zh-hans",
        follow=True,
    )
    assert chinese("The defenders' points are a multiple of 5, 0 or more.") in response.content.decode()
    assert not match.deals.exists()


def test_the_form_takes_tractor_points_past_300(tractor_round: Tournament, as_user: Login) -> None:
    """A multiplied kitty can lift the defenders past 300: 320 is six levels over 80 (tractor_outcome)."""
    match = Match.objects.get(tournament=tractor_round)
    as_user("member").post(f"/matches/{match.pk}/deals/", {"declarer": 0, "defender_points": 320})
    assert match.deals.get().result["levels_after"] == ["2", "8"]


@pytest.mark.parametrize(("hook", "dealer_level"), [("trump", "2"), ("side", "7"), ("", "Q")])
def test_the_form_enters_a_shengji_j_hook(club: Club, as_user: Login, hook: str, dealer_level: str) -> None:
    """With the J-hook rule, a dealer's side at J taken back by the defenders' last-trick J."""
    match = four_seat_match(club, "shengji", {"j_hook": True})
    Match.objects.filter(pk=match.pk).update(situation={"deal": 4, "dealer": 0, "levels": ["J", "4"]})
    fields = {"declarer": 0, "defender_points": 10, "defenders_last": "on" if hook else "", "hook": hook}
    as_user("owner").post(f"/matches/{match.pk}/deals/", fields)
    result = match.deals.get().result
    assert result["levels_after"][0] == dealer_level and result.get("j_hook") == (hook or None)


THROW_PENALTY = {"real_hand_throws": True, "throw_penalty": True}


@pytest.mark.parametrize(
    ("rules", "points", "stored"),
    [({}, 160, True), ({}, 170, False), (THROW_PENALTY, 270, True), (THROW_PENALTY, 275, False)],
)
def test_the_form_takes_shengji_points_up_to_the_top_with_the_throw_penalty(
    club: Club, as_user: Login, rules: dict, points: int, stored: bool
) -> None:
    """One deck: 160 at most, or 110 more with the throw penalty (a failed throw of the declarer's
    side in each of the 11 tricks before the last); past it the page names the top."""
    match = four_seat_match(club, "shengji", rules)
    fields = {"declarer": 0, "defender_points": points}
    page = as_user("owner").post(f"/matches/{match.pk}/deals/", fields, follow=True).content.decode()
    assert match.deals.exists() == stored
    refusal = f"The defenders' points are a multiple of 5 from 0 to {270 if rules else 160}."
    assert (refusal in html.unescape(page)) != stored


@pytest.mark.parametrize(("rules", "shown"), [({}, False), (THROW_PENALTY, True)])
def test_the_form_says_the_points_include_the_throw_penalties(
    club: Club, as_user: Login, rules: dict, shown: bool
) -> None:
    """With the throw penalty the defenders' points are entered with the penalties counted."""
    match = four_seat_match(club, "shengji", rules)
    page = html.unescape(as_user("owner").get(f"/matches/{match.pk}/").content.decode())
    assert ("Failed-throw penalties included" in page) == shown
