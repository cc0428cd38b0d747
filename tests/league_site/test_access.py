"""The permission rules, read as owner / director / member / outsider."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from league import access
from league.models import Club, Match, Membership, Tournament

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
    )
    match = Match.objects.create(club=club, tournament=tournament, game="tractor")
    assert access.can_view_tournament(AnonymousUser(), tournament) is expected
    assert access.can_view_match(AnonymousUser(), match) is expected


def test_it_shows_a_casual_match_like_its_club(club: Club) -> None:
    """A match outside any tournament follows the club's visibility."""
    match = Match.objects.create(club=club, game="shengji")
    assert not access.can_view_match(AnonymousUser(), match)
    assert access.can_view_match(user_with(club, "member"), match)
