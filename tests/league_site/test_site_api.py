"""The read-only JSON API: schema, visibility like the pages, and the rate limit."""

from __future__ import annotations

import ipaddress
import uuid
from collections.abc import Callable

import pytest
from django.test import Client

from league.models import Club, Player
from tests.league_site.conftest import make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def test_it_publishes_the_openapi_schema(as_user: Login) -> None:
    """Every endpoint is in /api/openapi.json."""
    schema = as_user(None).get("/api/openapi.json").json()
    paths = set(schema["paths"])
    assert {
        "/api/clubs",
        "/api/clubs/{slug}/tournaments",
        "/api/tournaments/{tournament_id}",
        "/api/tournaments/{tournament_id}/standings",
        "/api/rankings/{family}",
        "/api/players/{player_id}/ratings",
    } <= paths


@pytest.mark.parametrize(("persona", "count"), [("member", 1), ("outsider", 0), (None, 0)])
def test_it_lists_only_visible_clubs(as_user: Login, persona: str | None, count: int) -> None:
    """A private club appears only to its members."""
    assert len(as_user(persona).get("/api/clubs").json()) == count


@pytest.mark.parametrize(("persona", "status"), [("member", 200), ("outsider", 404)])
def test_it_hides_private_standings(club: Club, as_user: Login, persona: str, status: int) -> None:
    """Standings of a private club's tournament are 404 to outsiders."""
    t = make_tournament(club)
    response = as_user(persona).get(f"/api/tournaments/{t.pk}/standings")
    assert response.status_code == status
    if status == 200:
        assert response.json() == {"tournament": t.pk, "version": 0, "rows": []}


def test_it_shows_a_public_tournament_to_anyone(club: Club, as_user: Login) -> None:
    """Public club, public tournament past its draft: the API answers anonymous callers."""
    club.is_public = True
    club.save()
    t = make_tournament(club, status="registration")
    data = as_user(None).get(f"/api/tournaments/{t.pk}").json()
    assert data["game"] == "tractor" and data["tie_breaks"] == ["BH", "WIN"]


def test_it_answers_404_for_an_unknown_family(as_user: Login) -> None:
    """Rankings exist per known game family."""
    assert as_user("member").get("/api/rankings/chess").status_code == 404


def test_it_returns_a_players_rating_history(club: Club, as_user: Login) -> None:
    """No rated games yet: an empty list, not an error."""
    player = Player.objects.get(name="Member")
    assert as_user("member").get(f"/api/players/{player.pk}/ratings").json() == []
    assert as_user("outsider").get(f"/api/players/{player.pk}/ratings").status_code == 404


@pytest.mark.usefixtures("one_window")
def test_it_answers_429_past_the_rate_limit(as_user: Login, settings) -> None:
    """Three requests a minute allowed here: the fourth is refused."""
    settings.LEAGUE_API_RATE = (3, 60)
    client = as_user(None)
    # A fresh address: the limiter's counters live in the shared cache (Redis on the services run),
    # and test_site_forwarded.py counts hundreds of 10.x.y.z clients in it at the same time (one of
    # them once took this test's third request). An IPv6 address from a whole uuid meets no other.
    address = str(ipaddress.IPv6Address((0xFD << 120) | (uuid.uuid4().int >> 8)))
    codes = [client.get("/api/clubs", REMOTE_ADDR=address).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
