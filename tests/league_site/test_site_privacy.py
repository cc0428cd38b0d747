"""A private tournament leaks nowhere: each leak the security pass found, read
as anonymous visitor / outsider (a member of another club) / member of the club."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import RatingChange
from tests.league_site.private_world import World, build

pytestmark = pytest.mark.django_db
OUTSIDERS = [None, "outsider"]


@pytest.fixture
def world(db: None) -> World:
    return build()


def client(persona: str | None) -> Client:
    """A client signed in as ``persona`` (``None``: anonymous)."""
    c = Client()
    if persona:
        c.force_login(User.objects.get(username=persona))
    return c


def text(persona: str | None, url: str) -> str:
    response = client(persona).get(url)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.mark.parametrize("persona", OUTSIDERS)
def test_a_players_page_shows_outsiders_no_private_match(world: World, persona: str | None) -> None:
    """/players/<id>/: neither the private tournament's name nor its match's link."""
    page = text(persona, f"/players/{world.ann.pk}/")
    assert "Spring Open" in page
    assert "Secret Cup" not in page and f"/matches/{world.secret_match.pk}/" not in page


def test_a_players_page_shows_members_the_private_match(world: World) -> None:
    """Members of the club see their private tournament on the same page."""
    assert "Secret Cup" in text("member", f"/players/{world.ann.pk}/")


@pytest.mark.parametrize("persona", OUTSIDERS)
def test_a_players_rating_history_leaves_out_the_private_match(world: World, persona: str | None) -> None:
    """The history rows and chart points come only from visible matches; the rating stays public."""
    response = client(persona).get(f"/players/{world.ann.pk}/")
    (family,) = response.context["families"]
    assert [c.match_id for c in family["changes"]] == [world.public_match.pk]
    assert (
        family["rating"].rating
        == RatingChange.objects.filter(match=world.secret_match, player=world.ann).get().after
    )


@pytest.mark.parametrize("persona", OUTSIDERS)
@pytest.mark.parametrize("page", ["player", "club"])
def test_a_deal_list_and_its_dropdown_show_outsiders_only_public_tournaments(
    world: World, persona: str | None, page: str
) -> None:
    """/players/<id>/deals/ and /clubs/<slug>/deals/: no private deal, no private or draft tournament
    in the tournament filter."""
    url = f"/players/{world.ann.pk}/deals/" if page == "player" else f"/clubs/{world.club.slug}/deals/"
    body = text(persona, url)
    assert "Spring Open" in body
    for hidden in ("Secret Cup", "Planning Cup", *(f"/deals/{d.pk}/" for d in world.hidden_deals)):
        assert hidden not in body


@pytest.mark.parametrize("page", ["player", "club"])
def test_a_deal_list_shows_members_the_private_tournament(world: World, page: str) -> None:
    """A member's filter lists the private tournament (and the club's the draft one) as before."""
    url = f"/players/{world.ann.pk}/deals/" if page == "player" else f"/clubs/{world.club.slug}/deals/"
    body = text("member", url)
    assert "Secret Cup" in body and ("Planning Cup" in body) is (page == "club")


@pytest.mark.parametrize("persona", OUTSIDERS)
def test_the_api_rating_history_leaves_out_the_private_match(world: World, persona: str | None) -> None:
    """/api/players/<id>/ratings: no row for the private match; the current rating as it is."""
    (family,) = client(persona).get(f"/api/players/{world.ann.pk}/ratings").json()
    assert [row["match_id"] for row in family["history"]] == [world.public_match.pk]


def test_the_api_rating_history_shows_members_every_match(world: World) -> None:
    """A member of the club gets both rows."""
    (family,) = client("member").get(f"/api/players/{world.ann.pk}/ratings").json()
    assert [row["match_id"] for row in family["history"]] == [world.public_match.pk, world.secret_match.pk]


@pytest.mark.parametrize("persona", [*OUTSIDERS, "member"])
@pytest.mark.parametrize("url", ["/replays/matches/{}/", "/matches/{}/record.json", "/matches/{}/"])
def test_a_draft_rounds_match_is_hidden_from_all_but_directors(
    world: World, persona: str | None, url: str
) -> None:
    """Its pairings are the directors' until the round is published: 404 for everyone else."""
    assert client(persona).get(url.format(world.draft_match.pk)).status_code == 404


@pytest.mark.parametrize("url", ["/replays/matches/{}/", "/matches/{}/"])
def test_a_director_sees_a_draft_rounds_match(world: World, url: str) -> None:
    """The owner checks the draft's tables."""
    assert client("owner").get(url.format(world.draft_match.pk)).status_code == 200


@pytest.mark.parametrize("persona", OUTSIDERS)
def test_a_private_tournaments_table_is_hidden_in_a_public_club(world: World, persona: str | None) -> None:
    """The table page answers 404; the club's lobby lists the casual table only."""
    assert client(persona).get(world.secret_table.get_absolute_url()).status_code == 404
    lobby = text(persona, f"/clubs/{world.club.slug}/tables/")
    assert world.casual_table.get_absolute_url() in lobby
    assert world.secret_table.get_absolute_url() not in lobby


def test_a_member_watches_the_private_tournaments_table(world: World) -> None:
    """Members see the table in the lobby and open it."""
    assert world.secret_table.get_absolute_url() in text("member", f"/clubs/{world.club.slug}/tables/")
    assert client("member").get(world.secret_table.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("persona", OUTSIDERS)
def test_a_draft_tournament_is_hidden_from_outsiders(world: World, persona: str | None) -> None:
    """A tournament still being set up: not on the club page, its own page 404, not in the API."""
    assert "Planning Cup" not in text(persona, world.club.get_absolute_url())
    assert client(persona).get(world.planning.get_absolute_url()).status_code == 404
    listed = client(persona).get(f"/api/clubs/{world.club.slug}/tournaments").json()
    assert [t["slug"] for t in listed] == ["spring-open"]


def test_members_see_the_draft_tournament(world: World) -> None:
    """Members see it as before."""
    assert "Planning Cup" in text("member", world.club.get_absolute_url())
