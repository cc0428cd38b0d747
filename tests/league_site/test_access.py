"""The permission rules, read as owner / director / member / outsider."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from league import access
from league.models import Club, Deal, Match, Membership, Round, Tournament
from tests.league_site.private_world import build

pytestmark = pytest.mark.django_db

ROLES = ["owner", "director", "member"]


def user_with(club: Club, role: str | None, name: str = "u") -> User:
    user = User.objects.create_user(name)
    if role:
        Membership.objects.create(club=club, user=user, role=role)
    return user


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="Riverside", slug="riverside", is_public=False)


@pytest.mark.parametrize(
    ("role", "expected"), [("owner", True), ("director", True), ("member", False), (None, False)]
)
def test_it_lets_only_owners_and_directors_manage(club: Club, role: str | None, expected: bool) -> None:
    """Members play and view; only owners and directors manage."""
    assert access.manages(user_with(club, role), club) is expected


@pytest.mark.parametrize("role", ROLES)
def test_it_shows_a_private_club_to_its_members(club: Club, role: str) -> None:
    """Every role sees its own private club."""
    assert access.can_view_club(user_with(club, role), club)


def test_it_hides_a_private_club_from_an_outsider(club: Club) -> None:
    """Outsiders, signed in or not, do not see a private club."""
    assert not access.can_view_club(user_with(club, None), club)
    assert not access.can_view_club(AnonymousUser(), club)


@pytest.mark.parametrize(
    ("club_public", "tournament_public", "expected"),
    [
        (True, True, True),
        (True, False, False),
        (False, True, False),
        (False, False, False),
    ],
)
def test_it_shows_an_outsider_only_public_tournaments_of_public_clubs(
    club: Club, club_public: bool, tournament_public: bool, expected: bool
) -> None:
    """Both the club and the tournament must be public for an outsider."""
    club.is_public = club_public
    club.save()
    tournament = Tournament.objects.create(
        club=club,
        name="Open",
        slug="open",
        game="tractor",
        format="swiss",
        entry_kind="team",
        is_public=tournament_public,
        status="running",
    )
    match = Match.objects.create(club=club, tournament=tournament, game="tractor")
    assert access.can_view_tournament(AnonymousUser(), tournament) is expected
    assert access.can_view_match(AnonymousUser(), match) is expected


def test_it_shows_a_casual_match_like_its_club(club: Club) -> None:
    """A match outside any tournament follows the club's visibility."""
    match = Match.objects.create(club=club, game="shengji")
    assert not access.can_view_match(AnonymousUser(), match)
    assert access.can_view_match(user_with(club, "member"), match)


def event(club: Club, status: str = "running", is_public: bool = True) -> Tournament:
    return Tournament.objects.create(
        club=club,
        name="Cup",
        slug="cup",
        game="tractor",
        format="swiss",
        entry_kind="team",
        status=status,
        is_public=is_public,
    )


@pytest.mark.parametrize(("role", "expected"), [("member", True), (None, False)])
def test_it_shows_a_draft_tournament_only_to_members(club: Club, role: str | None, expected: bool) -> None:
    """A tournament still being set up is the club's own, even in a public club."""
    club.is_public = True
    club.save()
    assert access.can_view_tournament(user_with(club, role), event(club, status="draft")) is expected


@pytest.mark.parametrize(
    ("role", "expected"), [("owner", True), ("director", True), ("member", False), (None, False)]
)
def test_it_shows_a_draft_rounds_pairings_only_to_directors(
    club: Club, role: str | None, expected: bool
) -> None:
    """A draft round and its matches: owners and directors only, until it is published."""
    club.is_public = True
    club.save()
    rnd = Round.objects.create(tournament=event(club), number=1, status="draft")
    match = Match.objects.create(club=club, tournament=rnd.tournament, round=rnd, game="tractor")
    user = user_with(club, role)
    assert access.can_view_round(user, rnd) is expected
    assert access.can_view_match(user, match) is expected


@pytest.mark.parametrize("persona", ["owner", "member", "outsider", "hermit", None])
def test_every_query_agrees_with_its_one_object_rule(persona: str | None) -> None:
    """Lists, dropdowns, histories and lobbies filter by exactly what the detail pages allow."""
    from tables.models import LiveTable

    build()
    user = User.objects.get(username=persona) if persona else AnonymousUser()
    pairs = [
        (Club.objects.all(), access.visible_clubs(user), access.can_view_club),
        (Tournament.objects.all(), access.visible_tournaments(user), access.can_view_tournament),
        (Match.objects.all(), access.visible_matches(user), access.can_view_match),
        (
            LiveTable.objects.all(),
            access.visible_tables(user, LiveTable.objects.all()),
            access.can_view_table,
        ),
    ]
    for every, listed, rule in pairs:
        assert set(listed) == {obj for obj in every if rule(user, obj)}
    finished = Deal.objects.filter(status="finished")
    assert set(access.visible_deals(user)) == {d for d in finished if access.can_view_deal(user, d)}
