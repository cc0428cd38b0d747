"""The site's pages: home, rules, clubs, accounts and the language switch."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from league.models import Club, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_club() -> Club:
    return Club.objects.create(name="Back Room", slug="back-room", is_public=False)


@pytest.fixture
def member(private_club: Club) -> User:
    user = User.objects.create_user("mei", "mei@example.com", "s3cret-pass-123")
    Membership.objects.create(club=private_club, user=user, role=Membership.Role.MEMBER)
    return user


def test_it_shows_every_game_with_its_chinese_name(client: Client) -> None:
    """The front page lists the five games with their Chinese names."""
    page = client.get("/").content.decode()
    for chinese in ("升级", "拖拉机", "找朋友", "三打哈", "四色牌"):
        assert chinese in page


def test_it_shows_a_game_rules_page(client: Client) -> None:
    """Each game has a rules page."""
    assert client.get("/games/tractor/").status_code == 200


def test_it_answers_404_for_an_unknown_game(client: Client) -> None:
    """No page for a game the platform does not have."""
    assert client.get("/games/bridge/").status_code == 404


def test_it_hides_a_private_club_from_an_outsider(client: Client, private_club: Club) -> None:
    """An outsider gets 404, not a hint that the club exists."""
    assert client.get("/clubs/back-room/").status_code == 404
    assert "Back Room" not in client.get("/clubs/").content.decode()


def test_it_shows_a_private_club_to_its_member(client: Client, private_club: Club, member: User) -> None:
    """Members see their private club and their role."""
    client.force_login(member)
    page = client.get("/clubs/back-room/")
    assert page.status_code == 200
    assert "Your role: member" in page.content.decode()


def test_it_signs_up_and_logs_in(client: Client) -> None:
    """Sign-up creates the account and signs the visitor in."""
    response = client.post(
        "/accounts/signup/",
        {"username": "newbie", "password1": "Tractor-2026-x", "password2": "Tractor-2026-x"},
        follow=True,
    )
    assert response.status_code == 200
    assert response.context["user"].username == "newbie"


def test_it_logs_in_and_out(client: Client, member: User) -> None:
    """The login form signs in; logging out is a POST."""
    client.post("/accounts/login/", {"username": "mei", "password": "s3cret-pass-123"})
    assert client.get("/").context["user"].is_authenticated
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_it_mails_a_password_reset_link(client: Client, member: User) -> None:
    """A reset request sends one e-mail with a link (console back end by default)."""
    client.post("/accounts/password_reset/", {"email": "mei@example.com"})
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body


def test_it_switches_the_language_to_simplified_chinese(client: Client) -> None:
    """The language switch turns the interface into Chinese."""
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    page = client.get("/").content.decode()
    assert 'lang="zh-hans"' in page
    assert "俱乐部" in page
