"""The room's screen: tables and seats, standings, travellers; no login, the tournament's visibility.

A public tournament's screen opens for anyone; a private club's only for its members. The tables
are the running round's (never a draft's), the travellers those of a finished round only.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league import duplicate
from league.models import Club, Match, Player, Tournament
from league.services import offline, results, rounds, typed_rows
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.test_site_duplicate_pages import event, finish_round, play_first_stage

pytestmark = pytest.mark.django_db
__all__ = ["event"]  # the duplicate pages' fixture: a Howell of four pairs, round 1 published
Login = Callable[[str | None], Client]


def screen(client: Client, tournament: Tournament, panels: bool = False) -> tuple[int, str]:
    """The screen page (or its panels fragment): status and text."""
    url = f"/clubs/{tournament.club.slug}/t/{tournament.slug}/screen/" + ("panels/" if panels else "")
    response = client.get(url)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize(("persona", "status"), [(None, 404), ("outsider", 404), ("member", 200)])
@pytest.mark.parametrize("panels", [False, True])
def test_a_private_clubs_screen_is_its_members(
    tractor_round: Tournament, as_user: Login, persona: str | None, status: int, panels: bool
) -> None:
    """The club of the fixtures is private: anonymous visitors and outsiders find nothing."""
    assert screen(as_user(persona), tractor_round, panels)[0] == status


def test_a_public_tournaments_screen_needs_no_login(tractor_round: Tournament, as_user: Login) -> None:
    """Public club, public tournament: the room's screen opens for anyone, seats and all."""
    Club.objects.filter(pk=tractor_round.club_id).update(is_public=True)
    status, text = screen(as_user(None), tractor_round)
    assert status == 200
    assert "Round 1: tables and seats" in text and "Owner" in text and "Member" in text
    assert 'data-panel="standings"' in text and 'data-panel="travellers"' not in text


def test_the_screen_follows_the_tables_states(tractor_round: Tournament, as_user: Login) -> None:
    """A table that entered a deal shows it, and its confirmation once a director accepts it."""
    match = Match.objects.get(tournament=tractor_round)
    owner, director = (User.objects.get(username=n) for n in ("owner", "director"))
    results.enter_deal(match, owner, offline.DealInput(0, 30))
    assert "1 of 2 deals entered" in screen(as_user("member"), tractor_round, panels=True)[1]
    results.override(match, director)
    text = screen(as_user("member"), tractor_round, panels=True)[1]
    assert 'data-state="confirmed"' in text and "accepted by a director" in text


def test_a_draft_round_never_reaches_the_screen(club: Club, as_user: Login) -> None:
    """Drafted, not published: the screen waits for the tables."""
    tournament = make_tournament(club)
    enter_players(
        tournament, [Player.objects.get(name=n) for n in ("Owner", "Member", "Director", "Offline 0")]
    )
    rounds.generate_round(tournament)
    text = screen(as_user("member"), tournament)[1]
    assert "The tables appear here once the round is published." in text
    assert "Offline 0" not in text


def test_the_cycle_lasts_what_the_room_asks_within_bounds(tractor_round: Tournament, as_user: Login) -> None:
    """``?seconds=`` sets each panel's time, kept between 2 and 120; junk keeps the default."""
    client = as_user("member")
    base = f"/clubs/riverside/t/{tractor_round.slug}/screen/"
    for asked, kept in (("5", "5"), ("1", "2"), ("999", "120"), ("x", "15"), ("1e9", "15")):
        assert f'data-seconds="{kept}"' in client.get(f"{base}?seconds={asked}").content.decode(), asked


def test_a_running_duplicate_round_keeps_its_travellers_off_the_screen(
    event: Tournament, as_user: Login
) -> None:
    """Board 1 has been played at both stage-1 tables, but the round runs: no travellers yet."""
    play_first_stage(event)
    assert 'data-panel="travellers"' not in screen(as_user("member"), event, panels=True)[1]


def test_a_finished_duplicate_round_shows_its_travellers(event: Tournament, as_user: Login) -> None:
    """Once the round is over the screen shows board 1's traveller: each table's pairs and score."""
    deals = play_first_stage(event)
    finish_round(event)
    text = html.unescape(screen(as_user("member"), event, panels=True)[1])
    panel = text[text.index('data-panel="travellers"') :]
    assert "Travellers of round 1" in panel and "Board 1" in panel
    for deal in deals:
        for seat in deal.match.seats.all():
            assert seat.entry.name in panel
    scores = [duplicate.plus_score(typed_rows.result(d.game, d.result)) for d in deals]
    for score in scores:
        assert (str(score) if score is not None else "—") in panel
