"""Nobody confirms their own result: every order of entering, undoing, submitting and confirming.

A result is confirmed only by a player of a side that did not enter or change any of its deals
(league.services.confirmation); in Tractor a side is a pair of partners, in Zhao Pengyou and Si Se
Pai every seat is its own side. Every step is kept with who and when, and shown on the match page.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Match, Membership, Player, ResultEvent, ResultReport, Tournament
from league.services import offline, results, rounds
from tests.league_site.seated import reseat
from tests.league_site.test_site_entered_figures import zpy_match
from tests.league_site.test_site_sisepai import ssp

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.fixture
def fourth(club: Club) -> User:
    """A user for Offline 0, so both sides of the tractor table have two players with accounts."""
    user = User.objects.create_user("fourth")
    Membership.objects.create(club=club, user=user, role="member")
    Player.objects.filter(name="Offline 0").update(user=user)
    return user


def tractor(tournament: Tournament) -> Match:
    """Seats: 0 Owner, 1 Member, 2 Director, 3 Offline 0 (fourth): Owner and Director are partners."""
    return Match.objects.get(tournament=tournament)


def sisepai(club: Club) -> Match:
    """A table of three: Owner 0, Director 1, Member 2, each on their own."""
    rnd = rounds.generate_round(ssp(club, 3, rounds_planned=1, deals_per_match=3))
    match = reseat(rnd.matches.get(), [Player.objects.get(name=n) for n in ("Owner", "Director", "Member")])
    rounds.publish_round(rnd)
    return match


def a_deal(match: Match) -> offline.DealInput:
    """Any legal next deal of the match's game (the tractor's dealer comes from the situation)."""
    if match.game == "sisepai":
        dealer = (match.situation or {}).get("dealer", 0)
        return offline.DealInput(dealer, winner=1, hand_points=11)
    if match.game == "zhaopengyou":
        declarer = offline.eligible_declarers(match.game, match.situation, 6)[0]
        friends = tuple(s for s in range(6) if s != declarer)[:2]
        return offline.DealInput(declarer, 100, friends=friends)
    return offline.DealInput(0, 30)


def play(match: Match, steps: str) -> None:
    """Run ``steps``: ``who+`` enters a deal, ``who-`` removes the last one, ``who!`` submits."""
    for step in steps.split():
        user, act = User.objects.get(username=step[:-1]), step[-1]
        match.refresh_from_db()
        if act == "+":
            results.enter_deal(match, user, a_deal(match))
        elif act == "-":
            results.undo_last_deal(match, user)
        else:
            results.submit(match, user)
    match.refresh_from_db()


TRACTOR = [
    # (steps, who may confirm): Owner and Director are one side, Member and fourth the other.
    ("owner+ owner!", {"member", "fourth"}),
    ("member+ member!", {"owner", "director"}),
    ("owner+ director+ director!", {"member", "fourth"}),
    ("member+ fourth- fourth+ member!", {"owner", "director"}),
    ("owner+ member!", set()),
    ("owner+ owner- member+ member!", set()),
    ("owner+ member- member+ member+ member!", set()),  # the order a security review reported
    ("member+ owner- member+ member!", set()),
]
SISEPAI = [
    # Every seat is its own side: Owner 0, Director 1, Member 2.
    ("owner+ owner!", {"director", "member"}),
    ("owner+ member- owner+ owner!", {"director"}),
    ("member+ member- member+ member!", {"owner", "director"}),
    ("owner+ director+ member!", set()),
]
ZHAOPENGYOU = [
    ("owner+ owner!", {"director", "member"}),
    ("owner+ director- owner+ owner!", {"member"}),
    ("member+ owner!", {"director"}),
    ("owner+ director+ member!", set()),
]
SEATED = {"owner", "director", "member", "fourth"}


def check(match: Match, steps: str, allowed: set[str], as_user: Login) -> None:
    """Exactly ``allowed`` may confirm after ``steps``; a refused confirmation changes nothing."""
    play(match, steps)
    assert match.report.status == ResultReport.Status.PENDING
    users = User.objects.filter(username__in=SEATED)
    seated = {u.username for u in users if results.seat_of(match, u) is not None}
    for persona in sorted(seated):
        user = User.objects.get(username=persona)
        assert results.can_confirm(user, match) is (persona in allowed), persona
    for persona in sorted(seated - allowed):
        page = as_user(persona).post(f"/matches/{match.pk}/confirm/", follow=True).content.decode()
        assert "did not enter or change the result" in page
        match.refresh_from_db()
        assert match.status != Match.Status.FINISHED and match.report.status == ResultReport.Status.PENDING
    if allowed:
        as_user(sorted(allowed)[0]).post(f"/matches/{match.pk}/confirm/")
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED and match.report.status == ResultReport.Status.CONFIRMED
    else:
        as_user("director").post(f"/matches/{match.pk}/override/")
        match.refresh_from_db()
        assert match.report.status == ResultReport.Status.OVERRIDDEN


@pytest.mark.parametrize(("steps", "allowed"), TRACTOR)
def test_tractor_sides(
    tractor_round: Tournament, fourth: User, as_user: Login, steps: str, allowed: set[str]
) -> None:
    check(tractor(tractor_round), steps, allowed, as_user)


@pytest.mark.parametrize(("steps", "allowed"), SISEPAI)
def test_si_se_pai_every_other_player(club: Club, as_user: Login, steps: str, allowed: set[str]) -> None:
    check(sisepai(club), steps, allowed, as_user)


@pytest.mark.parametrize(("steps", "allowed"), ZHAOPENGYOU)
def test_zhao_pengyou_every_other_player(club: Club, as_user: Login, steps: str, allowed: set[str]) -> None:
    check(zpy_match(club), steps, allowed, as_user)


def test_issue_18s_requests_no_longer_confirm_alone(tractor_round: Tournament, as_user: Login) -> None:
    """Owner enters deal 1, Member (the other side) removes it, enters both deals, submits and
    confirms: before, "Result confirmed" and the match finished; now refused, still pending."""
    match = tractor(tractor_round)
    owner, member = as_user("owner"), as_user("member")
    url = f"/matches/{match.pk}"
    owner.post(f"{url}/deals/", {"declarer": 0, "defender_points": 30})
    member.post(f"{url}/undo/")
    member.post(f"{url}/deals/", {"declarer": 0, "defender_points": 30})
    member.post(f"{url}/deals/", {"declarer": 1, "defender_points": 30})
    member.post(f"{url}/submit/")
    page = member.post(f"{url}/confirm/", follow=True).content.decode()
    match.refresh_from_db()
    assert "Result confirmed." not in page
    assert match.status != Match.Status.FINISHED
    assert match.report.status == ResultReport.Status.PENDING


def test_every_step_is_kept_with_who_and_when_and_shown(tractor_round: Tournament, as_user: Login) -> None:
    """Entered, removed, entered, submitted, accepted: five rows, each with its user and seat."""
    match = tractor(tractor_round)
    play(match, "owner+ member- member+ member!")
    results.override(match, User.objects.get(username="director"))
    events = list(match.result_events.values_list("kind", "by__username", "seat", "deal_number"))
    assert events == [
        (ResultEvent.Kind.ENTERED, "owner", 0, 1),
        (ResultEvent.Kind.UNDONE, "member", 1, 1),
        (ResultEvent.Kind.ENTERED, "member", 1, 1),
        (ResultEvent.Kind.SUBMITTED, "member", 1, None),
        (ResultEvent.Kind.OVERRIDDEN, "director", 2, None),
    ]
    assert all(e.at is not None for e in match.result_events.all())
    page = as_user("member").get(f"/matches/{match.pk}/").content.decode()
    assert page.count('class="result-event"') == 5
    assert "removed the last deal" in page and "accepted the result as director" in page


def test_a_record_upload_counts_as_an_entry(tractor_round: Tournament) -> None:
    """A side that uploads a deal record changed the result: it may not confirm it."""
    from league.services import confirmation

    match = tractor(tractor_round)
    member = User.objects.get(username="member")
    confirmation.record(match, member, ResultEvent.Kind.UPLOADED, 1)
    results.enter_deal(match, User.objects.get(username="owner"), a_deal(match))
    results.submit(match, User.objects.get(username="owner"))
    match.refresh_from_db()
    assert confirmation.changed_sides(match) == {0, 1}
    assert not results.can_confirm(member, match)
