"""A player checks their own entry in from a phone; the room's screen shows the code and the count.

The director's list on the tournament page checks any entry in (``test_site_check_in_and_late_entries``);
this page, reached from the screen's QR code, checks only the visitor's own entries, and only
while the tournament has check-in and is not finished.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from league import tasks
from league.models import Club, Entry, Player, Tournament
from league.services import tournaments
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.fixture
def swiss(club: Club) -> Tournament:
    """A Swiss of four partnerships with check-in: Member & Offline 0 first, then offline pairs."""
    names = ["Member", *(f"Offline {i}" for i in range(7))]
    tournament = make_tournament(club, format="swiss", check_in=True)
    enter_players(tournament, [Player.objects.get(name=n) for n in names])
    return tournament


def page_url(tournament: Tournament) -> str:
    return f"/clubs/{tournament.club.slug}/t/{tournament.slug}/check-in/"


def members_entry(tournament: Tournament) -> Entry:
    return tournament.entries.get(players__name="Member")


def someone_elses(tournament: Tournament) -> Entry:
    return tournament.entries.exclude(players__name="Member").first()  # type: ignore[return-value]


def test_a_player_checks_their_own_entry_in(swiss: Tournament, as_user: Login) -> None:
    """The page lists the member's partnership; pressing its button checks it in for round 1."""
    client = as_user("member")
    entry = members_entry(swiss)
    page = html.unescape(client.get(page_url(swiss)).content.decode())
    assert "Check in for round 1" in page and entry.name in page and "I'm here: check in" in page
    client.post(page_url(swiss), {"entry": entry.pk})
    entry.refresh_from_db()
    assert tournaments.checked_in(entry)
    assert 'data-state="in"' in client.get(page_url(swiss)).content.decode()


def test_a_player_checks_out_again(swiss: Tournament, as_user: Login) -> None:
    """``present=0`` takes the check-in back: the entry is not paired next round."""
    client = as_user("member")
    entry = tournaments.check_in(members_entry(swiss))
    client.post(page_url(swiss), {"entry": entry.pk, "present": "0"})
    entry.refresh_from_db()
    assert not tournaments.checked_in(entry)


def test_a_player_cannot_check_in_another_entry(swiss: Tournament, as_user: Login) -> None:
    """Another partnership's id is not found, and nothing changes."""
    other = someone_elses(swiss)
    assert as_user("member").post(page_url(swiss), {"entry": other.pk}).status_code == 404
    other.refresh_from_db()
    assert other.checked_in_for is None


@pytest.mark.parametrize("junk", ["", "x", "99999", "1\x00"])
def test_junk_entry_ids_are_not_found(swiss: Tournament, as_user: Login, junk: str) -> None:
    """Whatever the phone sends that is not one of the visitor's entries is a 404 or a 400."""
    assert as_user("member").post(page_url(swiss), {"entry": junk}).status_code in (400, 404)
    assert not swiss.entries.exclude(checked_in_for=None).exists()


def test_the_page_asks_a_visitor_to_sign_in(swiss: Tournament, as_user: Login) -> None:
    """Scanned by someone signed out: the login page, coming back here afterwards."""
    response = as_user(None).get(page_url(swiss))
    assert response.status_code == 302 and "next=" in response["Location"]


def test_an_outsider_finds_no_private_clubs_check_in(swiss: Tournament, as_user: Login) -> None:
    """The club is private: the page does not exist for someone outside it."""
    assert as_user("outsider").get(page_url(swiss)).status_code == 404


def test_a_member_without_an_entry_is_told_whom_to_ask(swiss: Tournament, as_user: Login) -> None:
    """The director plays in no entry: the page says so and offers no button."""
    page = as_user("director").get(page_url(swiss)).content.decode()
    assert "You play in no entry of this tournament" in page and "check in</button>" not in page


def test_check_in_closes_with_the_tournament(swiss: Tournament, as_user: Login) -> None:
    """A finished tournament takes no check-in: the page says so, a POST changes nothing."""
    Tournament.objects.filter(pk=swiss.pk).update(status=Tournament.Status.FINISHED)
    client = as_user("member")
    assert "check-in is closed" in client.get(page_url(swiss)).content.decode()
    client.post(page_url(swiss), {"entry": members_entry(swiss).pk})
    assert members_entry(swiss).checked_in_for is None


def test_a_tournament_without_check_in_says_so(club: Club, as_user: Login) -> None:
    """Every entry is paired anyway: no button, and the reason."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, [Player.objects.get(name=n) for n in ("Member", "Offline 0")])
    page = as_user("member").get(page_url(tournament)).content.decode()
    assert "it has no check-in" in page and "check in</button>" not in page


@pytest.mark.parametrize(("persona", "offered"), [("member", True), ("director", False), ("owner", False)])
def test_the_tournament_page_offers_a_player_their_check_in(
    swiss: Tournament, as_user: Login, persona: str, offered: bool
) -> None:
    """Only a player with an entry sees the link to check in (directors use the entries list)."""
    page = as_user(persona).get(swiss.get_absolute_url()).content.decode()
    assert ('id="own-check-in"' in page) is offered


def screen_panels(client: Client, tournament: Tournament) -> str:
    return client.get(f"/clubs/{tournament.club.slug}/t/{tournament.slug}/screen/panels/").content.decode()


def test_the_screen_shows_the_check_in_code_and_count(swiss: Tournament, as_user: Login) -> None:
    """While check-in is open the screen has a panel with the page's QR code and the count."""
    client = as_user("member")
    text = screen_panels(client, swiss)
    assert 'data-panel="check-in"' in text and "<svg" in text and page_url(swiss) in text
    assert "0 of 4 entries checked in" in text
    tournaments.check_in(members_entry(swiss))
    assert "1 of 4 entries checked in" in screen_panels(client, swiss)


@pytest.mark.parametrize("state", ["no check-in", "finished"])
def test_the_screen_has_no_check_in_panel_when_closed(
    club: Club, swiss: Tournament, as_user: Login, state: str
) -> None:
    """No check-in, or a finished tournament: no panel."""
    tournament = swiss
    if state == "finished":
        Tournament.objects.filter(pk=swiss.pk).update(status=Tournament.Status.FINISHED)
    else:
        tournament = make_tournament(club, format="swiss")
    assert 'data-panel="check-in"' not in screen_panels(as_user("member"), tournament)


def test_a_check_in_tells_the_screen(
    swiss: Tournament, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """After the commit the tournament's live pages hear of it, so the screen's count moves."""
    told: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks, "announce_round", lambda t, n: told.append((t, n)))
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.check_in(members_entry(swiss))
    assert told == [(swiss.pk, 1)]
