"""A NUL character anywhere in a request is refused at the site's boundary: 404 in the path, 400 in
a query parameter, a form field, a JSON body or an uploaded record, and nothing is stored. Before,
each of these was a 500 on PostgreSQL ("text fields cannot contain NUL (0x00) bytes")."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cardclub.middleware import json_has_nul
from league.models import Deal, Match, Move, Tournament
from tests.league_site.test_site_results import record_text

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.mark.parametrize(
    "url", ["/invite/%00/", "/api/clubs/%00/tournaments", "/clubs/riverside%00/", "/players/%00/"]
)
def test_a_nul_in_the_path_names_no_page(club: object, url: str) -> None:
    """404, before any lookup reaches the database."""
    assert Client().get(url).status_code == 404


@pytest.mark.parametrize(
    ("url", "query"),
    [
        ("/api/rankings/tractor", {"club": "\x00"}),
        ("/api/rankings/tractor", {"club\x00": "riverside"}),
        ("/rankings/tractor/", {"club": "river\x00side"}),
        ("/clubs/riverside/", {"next": "\x00"}),
    ],
)
def test_a_nul_in_a_query_parameter_is_refused(club: object, url: str, query: dict[str, str]) -> None:
    """400, whether the NUL is in the parameter's value or its name."""
    assert Client().get(url, query).status_code == 400


def test_the_api_refuses_in_its_own_json(club: object) -> None:
    """The API's refusal reads like its other errors: ``{"detail": ...}``."""
    response = Client().get("/api/rankings/tractor", {"club": "\x00"})
    assert "NUL" in response.json()["detail"]


def test_a_nul_in_a_form_field_is_refused_and_nothing_stored(club: object) -> None:
    """The sign-up form with a NUL in the user name: 400 with the reason, no account."""
    users = User.objects.count()
    password = "x-Long-pass-1"
    response = Client().post(
        "/accounts/signup/", {"username": "new\x00", "password1": password, "password2": password}
    )
    assert response.status_code == 400
    assert "NUL character" in response.content.decode()
    assert User.objects.count() == users


@pytest.mark.parametrize("name", ["East\u0000", "\u0000"])
def test_a_record_with_a_nul_in_a_seat_name_is_refused(
    tractor_round: Tournament, as_user: Login, name: str
) -> None:
    """A director's upload whose ``seats[0].name`` holds ``\\u0000``: 400, no deal and no move."""
    match = Match.objects.get(tournament=tractor_round)
    data = json.loads(record_text(match))
    data["seats"][0]["name"] = name
    file = SimpleUploadedFile("deal.json", json.dumps(data).encode(), content_type="application/json")
    response = as_user("director").post(f"/matches/{match.pk}/upload/", {"record": file})
    assert response.status_code == 400
    assert (Deal.objects.count(), Move.objects.count()) == (0, 0)


def test_the_same_record_without_the_nul_is_stored(tractor_round: Tournament, as_user: Login) -> None:
    """The other side of the refusal: the boundary lets the record itself through."""
    match = Match.objects.get(tournament=tractor_round)
    file = SimpleUploadedFile("deal.json", record_text(match).encode(), content_type="application/json")
    response = as_user("director").post(f"/matches/{match.pk}/upload/", {"record": file})
    assert response.status_code == 302
    assert Deal.objects.filter(match=match, has_moves=True).count() == 1


@pytest.mark.parametrize(
    ("text", "nul"),
    [
        ('{"name": "\\u0000"}', True),
        ('{"name": "\\\\\\u0000"}', True),  # an escaped backslash, then the NUL escape
        ('{"name": "\x00"}', True),
        ('{"name": "\\\\u0000"}', False),  # an escaped backslash followed by the text "u0000"
        ('{"name": "\\u0001"}', False),
        ('{"name": "u0000"}', False),
    ],
)
def test_json_has_nul_reads_escapes_as_json_does(text: str, nul: bool) -> None:
    """The scanner agrees with the parser on which texts hold a NUL."""
    assert json_has_nul(text) is nul
    assert ("\x00" in json.loads(text, strict=False)["name"]) is nul
