"""Club pages and actions, read as owner / director / member / outsider."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Invitation, JoinRequest, Membership, Player
from league.services import clubs

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.mark.parametrize(
    ("persona", "status"),
    [("owner", 200), ("director", 200), ("member", 200), ("outsider", 404), (None, 404)],
)
def test_it_shows_a_private_club_only_to_members(as_user: Login, persona: str | None, status: int) -> None:
    """A private club is 404 to outsiders, signed in or not."""
    assert as_user(persona).get("/clubs/riverside/").status_code == status


def test_it_shows_the_management_section_only_to_directors(as_user: Login) -> None:
    """Invitations and requests appear for the owner and directors, not for members."""
    assert b"Create an invitation link" in as_user("director").get("/clubs/riverside/").content
    assert b"Create an invitation link" not in as_user("member").get("/clubs/riverside/").content


def test_it_makes_the_creator_the_owner(as_user: Login) -> None:
    """Creating a club makes its creator the owner and a player."""
    response = as_user("outsider").post(
        "/clubs/new/", {"name": "Lakeside Club", "description": "", "is_public": "on"}
    )
    club = Club.objects.get(name="Lakeside Club")
    assert response.status_code == 302
    assert club.role_of(User.objects.get(username="outsider")) == "owner"
    assert Player.objects.filter(club=club, user__username="outsider").exists()


def test_it_sends_an_anonymous_creator_to_log_in(as_user: Login) -> None:
    """Only signed-in users create clubs."""
    response = as_user(None).post("/clubs/new/", {"name": "X"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(
    ("persona", "status", "created"),
    [("owner", 302, 1), ("director", 302, 1), ("member", 403, 0), ("outsider", 404, 0)],
)
def test_it_lets_only_directors_create_invitations(
    as_user: Login, persona: str, status: int, created: int
) -> None:
    """Members may not invite; outsiders do not even see the private club."""
    response = as_user(persona).post("/clubs/riverside/invitations/", {"role": "member"})
    assert response.status_code == status
    assert Invitation.objects.count() == created


@pytest.mark.parametrize(
    ("persona", "created"), [("owner", 1), ("director", 0), ("member", 0), ("outsider", 0)]
)
def test_only_the_owner_invites_directors(as_user: Login, persona: str, created: int) -> None:
    """Before: a director's director invitation was created ("Invitation created"). Now refused."""
    response = as_user(persona).post("/clubs/riverside/invitations/", {"role": "director"}, follow=True)
    assert Invitation.objects.filter(role="director").count() == created
    if persona == "director":
        assert "Only the owner invites directors." in response.content.decode()


@pytest.mark.parametrize(("persona", "offered"), [("owner", True), ("director", False)])
def test_the_invitation_form_offers_director_only_to_the_owner(
    as_user: Login, persona: str, offered: bool
) -> None:
    page = as_user(persona).get("/clubs/riverside/").content.decode()
    form = page.split('name="role"')[1].split("</select>")[0]
    assert ('value="director"' in form) is offered


@pytest.mark.parametrize(("maker", "joins_as"), [("owner", "director"), ("director", None)])
def test_a_director_invitation_stands_only_when_the_owner_made_it(
    club: Club, as_user: Login, maker: str, joins_as: str | None
) -> None:
    """One made by a director before the rule (or whose maker is no longer the owner) is refused."""
    invitation = Invitation.objects.create(
        club=club, code="older", role="director", created_by=User.objects.get(username=maker)
    )
    as_user("outsider").post(f"/invite/{invitation.code}/")
    assert club.role_of(User.objects.get(username="outsider")) == joins_as


def test_it_joins_and_claims_a_player_through_an_invitation(club: Club, as_user: Login) -> None:
    """Accepting links the offline player to the account; the code then stops working."""
    offline = Player.objects.get(name="Offline 3")
    invitation = clubs.create_invitation(club, User.objects.get(username="owner"), "member", offline)
    client = as_user("outsider")
    assert client.get(f"/invite/{invitation.code}/").status_code == 200
    assert client.post(f"/invite/{invitation.code}/").status_code == 302
    offline.refresh_from_db()
    assert offline.user.username == "outsider"
    assert club.role_of(offline.user) == "member"
    assert client.get(f"/invite/{invitation.code}/").status_code == 404


def test_it_refuses_an_invitation_that_makes_an_owner(club: Club) -> None:
    """Ownership is never handed out by link."""
    with pytest.raises(clubs.ClubError):
        clubs.create_invitation(club, None, "owner")


@pytest.mark.parametrize(
    ("persona", "status", "approved"), [("owner", 302, True), ("director", 302, True), ("member", 403, False)]
)
def test_it_lets_only_directors_approve_join_requests(
    club: Club, as_user: Login, persona: str, status: int, approved: bool
) -> None:
    """An outsider asks to join a public club; a director approves it."""
    club.is_public = True
    club.save()
    assert as_user("outsider").post("/clubs/riverside/join/", {"message": "hi"}).status_code == 302
    request = JoinRequest.objects.get()
    response = as_user(persona).post(f"/clubs/riverside/requests/{request.pk}/", {"decision": "approve"})
    assert response.status_code == status
    assert (club.role_of(User.objects.get(username="outsider")) == "member") is approved


def test_it_hides_join_requests_of_a_private_club_from_outsiders(as_user: Login) -> None:
    """A private club cannot be asked from outside: it does not exist for them."""
    assert as_user("outsider").post("/clubs/riverside/join/").status_code == 404


@pytest.mark.parametrize(
    ("persona", "status", "role"),
    [
        ("owner", 302, "director"),
        ("director", 403, "member"),
        ("member", 403, "member"),
        ("outsider", 404, "member"),
    ],
)
def test_it_lets_only_the_owner_change_roles(as_user: Login, persona: str, status: int, role: str) -> None:
    """The owner promotes a member; nobody else may."""
    membership = Membership.objects.get(user__username="member")
    response = as_user(persona).post(f"/clubs/riverside/members/{membership.pk}/role/", {"role": "director"})
    assert response.status_code == status
    membership.refresh_from_db()
    assert membership.role == role


def test_it_never_changes_the_owners_role(club: Club) -> None:
    """The owner's own membership is not demoted by the role form."""
    owner = User.objects.get(username="owner")
    with pytest.raises(clubs.ClubError):
        clubs.change_role(club, owner, Membership.objects.get(user=owner), "member")


@pytest.mark.parametrize(
    ("persona", "status", "exists"),
    [("director", 302, True), ("member", 403, False), ("outsider", 404, False)],
)
def test_it_lets_directors_add_offline_players(
    as_user: Login, persona: str, status: int, exists: bool
) -> None:
    """Players without a login are added by directors."""
    response = as_user(persona).post("/clubs/riverside/players/", {"name": "Grandma Wu"})
    assert response.status_code == status
    assert Player.objects.filter(name="Grandma Wu", user__isnull=True).exists() is exists


@pytest.mark.parametrize(("persona", "status"), [("director", 302), ("member", 403)])
def test_it_lets_directors_link_a_player_to_an_account(
    club: Club, as_user: Login, persona: str, status: int
) -> None:
    """A director links an offline player to a member account that has no player yet."""
    user = User.objects.create_user("newbie")
    membership = Membership.objects.create(club=club, user=user)
    player = Player.objects.get(name="Offline 5")
    response = as_user(persona).post(
        "/clubs/riverside/players/link/", {"player": player.pk, "membership": membership.pk}
    )
    assert response.status_code == status
    player.refresh_from_db()
    assert (player.user == user) is (status == 302)
