"""A per-deal rating change (Zhao Pengyou, Si Se Pai) names its deal in the JSON API and the admin."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Match, Player, RatingChange
from league.services import ratings
from tests.league_site.test_site_ratings import deal_match, zhao_deal

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def zhao_match(club: Club) -> Match:
    """A rated Zhao Pengyou match of two deals at six seats, the owner at seat 0."""
    players = list(Player.objects.order_by("id")[:6])
    match = deal_match(club, "zhaopengyou", players, [zhao_deal([0], True), zhao_deal([0, 2], False)])
    ratings.rate_match(match.pk)
    return match


def tractor_match(club: Club) -> Match:
    """A rated Tractor match, rated as a whole (no deal)."""
    players = list(Player.objects.order_by("id")[:4])
    match = deal_match(club, "tractor", players, [])
    Match.objects.filter(pk=match.pk).update(
        result={"winners": [0, 2], "score": [2, 0, 2, 0], "places": [1, 2, 1, 2]}
    )
    ratings.rate_match(match.pk)
    return match


def history(client: Client, player: Player, family: str) -> list[dict]:
    ratings_ = client.get(f"/api/players/{player.pk}/ratings").json()
    return next(r["history"] for r in ratings_ if r["family"] == family)


def test_the_api_names_each_changes_deal_and_its_viewer(club: Club, as_user: Login) -> None:
    """Zhao Pengyou: one change per deal, each with the deal's id and the viewer's absolute address."""
    match = zhao_match(club)
    deals = list(match.deals.order_by("number"))
    rows = history(as_user("member"), Player.objects.get(name="Owner"), "zhaopengyou")
    assert [(r["match_id"], r["deal_id"]) for r in rows] == [(match.pk, d.pk) for d in deals]
    assert [r["deal_url"] for r in rows] == [f"http://testserver/deals/{d.pk}/" for d in deals]


def test_a_change_rated_by_the_match_has_no_deal(club: Club, as_user: Login) -> None:
    """Tractor is rated per match: the deal fields are null."""
    tractor_match(club)
    rows = history(as_user("member"), Player.objects.get(name="Owner"), "tractor")
    assert [(r["deal_id"], r["deal_url"]) for r in rows] == [(None, None)]


def test_the_schema_documents_the_deal_fields(as_user: Login) -> None:
    """The OpenAPI schema of a rating change lists the optional deal and its viewer."""
    schema = as_user(None).get("/api/openapi.json").json()
    fields = schema["components"]["schemas"]["RatingChangeOut"]["properties"]
    assert {"deal_id", "deal_url"} <= set(fields)


def test_the_admin_links_a_change_to_its_deal(club: Club) -> None:
    """The rating-change list shows the deal, linked to its viewer, and a dash for match ratings."""
    match = zhao_match(club)
    tractor_match(club)
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", "root@example.com", "x"))
    page = admin.get("/admin/league/ratingchange/").content.decode()
    first = match.deals.get(number=1)
    assert f'<a href="/deals/{first.pk}/">Deal 1</a>' in page
    assert (
        page.count('<td class="field-deal_link">—</td>')
        == RatingChange.objects.filter(deal=None).count()
        == 4
    )
    change = RatingChange.objects.filter(deal=first).first()
    assert admin.get(f"/admin/league/ratingchange/{change.pk}/change/").status_code == 200
