"""No 5xx from any form, query parameter or path segment of the site, whatever is typed into it.

Walks every URL pattern as the club's owner (who sees every form), collects every form on every
page, then sends each field, one at a time, oversized and malformed values (the other fields keep
the page's own values); every GET page and API endpoint gets the same values in each of its query
parameters, and NUL and other control characters in each of its path parameters. Any status of
500 or more, or an exception, fails with the request that caused it.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from league.models import Invitation, JoinRequest, Match, Membership, Player, Tournament
from league.services import offline, results
from tables.models import LiveTable
from tests.league_site.urlwalk import fill, routes

# About 7,000 requests: 2 minutes on the embedded default, 5 or more on PostgreSQL under load.
# Once in CI, on PostgreSQL: NUL and control characters matter most where psycopg refuses them.
pytestmark = [pytest.mark.django_db, pytest.mark.one_pass, pytest.mark.timeout(900)]
Login = Callable[[str | None], Client]

NASTY = [
    "9" * 40,  # past 64 bits
    "-1",
    "1e309",
    "NaN",
    "",
    "\x00",
    "a\x00b",
    "\x01\x08\x1b\x7f",  # other control characters: valid text, never a 5xx either
    "line\r\nbreak",
    "A" * 5000,
    "[" * 3000,
    "１２",  # full-width digits
    "<script>alert(1)</script>",
]
# Query parameters every page or endpoint may read (the forms' own GET fields are added per page).
QUERY = ["page", "days", "min_games", "limit", "offset", "club", "tournament", "game", "family", "next"]
SKIP_ACTIONS = ("/accounts/logout/", "/i18n/setlang/")
# What a path segment may hold in place of each parameter (percent-encoded in the address).
NASTY_SEGMENTS = ["\x00", "a\x00", "\x01", "\x1f\x7f", "\t"]


class Forms(HTMLParser):
    """The forms of a page: method, action and each named field with its value on the page."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append(
                {"method": (a.get("method") or "get").lower(), "action": a.get("action") or "", "fields": {}}
            )
        elif self.forms and tag in ("input", "textarea", "select") and a.get("name"):
            name = str(a["name"])
            if name == "csrfmiddlewaretoken" or a.get("type") in ("submit", "button"):
                return
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                self.forms[-1]["fields"].setdefault(name, None)
                return
            kind = "file" if a.get("type") == "file" else "text"
            self.forms[-1]["fields"][name] = (kind, a.get("value") or "")
            self.select = name if tag == "select" else None
        elif tag == "option" and self.select and self.forms:
            fields = self.forms[-1]["fields"]
            if not fields[self.select][1] or "selected" in a:
                fields[self.select] = ("text", a.get("value") or "")


def world(tournament: Tournament) -> dict[str, object]:
    """Ids for every URL parameter: the tractor round's match with a deal, an invitation, a table."""
    match = Match.objects.get(tournament=tournament)
    owner = User.objects.get(username="owner")
    deal = results.enter_deal(match, owner, offline.DealInput(0, 30))
    club = tournament.club
    invitation = Invitation.objects.create(club=club, code="fuzzcode", created_by=owner)
    request = JoinRequest.objects.create(club=club, user=User.objects.get(username="outsider"))
    table = LiveTable.objects.create(club=club, host=owner, game="tractor")
    player = Player.objects.get(name="Member")
    return {
        "slug": club.slug,
        "tslug": tournament.slug,
        "name": "tractor",
        "family": "tractor",
        "request_id": request.pk,
        "membership_id": Membership.objects.get(club=club, role="member").pk,
        "code": invitation.code,
        "entry_id": tournament.entries.first().pk,  # type: ignore[union-attr]
        "number": 1,
        "match_id": match.pk,
        "action": "undo",
        "tables/:action": "sit",
        "player_id": player.pk,
        "tournament_id": tournament.pk,
        "table_id": table.pk,
        "deal_id": deal.pk,
        "deals/:pk": deal.pk,
        "comments/:pk": 1,
        "replays/:pk": match.pk,
        "matches/:pk": match.pk,
        "tournaments/:pk": tournament.pk,
        "players/:pk": player.pk,
    }


def nasty_segments(route: Any, values: dict[str, object]) -> list[str]:
    """The route's address with each of its parameters in turn replaced by each nasty segment."""
    urls = []
    for param in route.params:
        for segment in NASTY_SEGMENTS:
            keys = [k for k in values if k == param or k.endswith(f":{param}")]
            url = fill(route, {**values, **{k: quote(segment, safe="") for k in keys}})
            if url is not None:
                urls.append(url)
    return urls


def owner_client() -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.get(username="owner"))
    return client


def test_no_form_or_query_parameter_gives_a_5xx(tractor_round: Tournament) -> None:
    """Every page, every form field and every query parameter, with each nasty value."""
    values = world(tractor_round)
    client = owner_client()
    failures: list[str] = []
    visited: list[str] = []
    forms: list[dict[str, Any]] = []

    def check(response: Any, what: str) -> None:
        if response.status_code >= 500:
            failures.append(f"{response.status_code} {what}")

    for route in routes():
        url = fill(route, values)
        if url is None:
            continue
        visited.append(route.pattern)
        response = client.get(url)
        check(response, f"GET {url}")
        names = set(QUERY)
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            parser = Forms()
            parser.feed(response.content.decode())
            for form in parser.forms:
                form["page"] = url
                if form["method"] == "get":
                    names |= set(form["fields"])
                else:
                    forms.append(form)
        for name in sorted(names):
            for value in NASTY:
                check(client.get(url, {name: value}), f"GET {url} ?{name}={value[:20]!r}")
        for segment_url in nasty_segments(route, values):
            check(client.get(segment_url), f"GET {segment_url}")

    posted = 0
    for form in forms:
        action = form["action"] or form["page"]
        if action.startswith(SKIP_ACTIONS):
            continue
        defaults = {k: v[1] for k, v in form["fields"].items() if v is not None and v[0] == "text"}
        for name, field in form["fields"].items():
            for value in NASTY:
                data: dict[str, Any] = dict(defaults)
                if field is not None and field[0] == "file":
                    data[name] = SimpleUploadedFile("x.json", value.encode(), content_type="application/json")
                else:
                    data[name] = value
                response = owner_client().post(action, data)
                posted += 1
                check(response, f"POST {action} {name}={value[:20]!r}")
    print(f"visited {len(visited)} patterns, {len(forms)} forms, {posted} form posts:")
    for pattern in visited:
        print("  ", pattern)
    assert len(visited) > 40 and posted > 100
    assert failures == []
