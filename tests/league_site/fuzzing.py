"""The fuzz walk: no 5xx from any form, query parameter or path segment, whatever is typed into it.

Walks every URL pattern as the club's owner (who sees every form), collects every form on every
page, then sends each field, one at a time, oversized and malformed values (the other fields keep
the page's own values); every GET page and API endpoint gets the same values in each of its query
parameters, and NUL and other control characters in each of its path parameters. Any status of
500 or more, or an exception, fails with the request that caused it.

A page gets the nasty values only in the query parameters it reads: a first request with every
parameter set to ``1`` records which of them the view looked at (``read_parameters``), and a view
that reads the whole query (iterates it, copies or re-encodes it) gets them all. Sending every
parameter to every page was 11,000 requests, most of them to views that never read it (5 minutes
on PostgreSQL at load 8, 2026-12-02); it is now about 1,300. A form's field gets them if the view
reads it when the form is posted as the page gives it (the lobby's form carries every game's house
rules, and the view reads only the chosen game's; that it looks at every name, for the chosen game's
prefix, is no read of their values). The form walk was 1,508 posts, 858 of them to the lobby (57 s
of CPU), and is now 858, 208 to the lobby (22 s), on PostgreSQL at load 1-4, 2026-12-02
(``pytest tests/league_site/test_site_fuzz_forms.py``). The pages and the forms are two test
files (``test_site_fuzz_*.py``), so that two of xdist's workers, which take a file each, share it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.test import Client

from league.models import Invitation, JoinRequest, Match, Membership, Player, Tournament
from league.services import offline, results
from tables.models import LiveTable
from tests.league_site.urlwalk import Route, fill, routes

# Once in CI, on PostgreSQL (each shard's ``pytestmark``): NUL and control characters matter most
# where psycopg refuses them.
MARKS = [pytest.mark.django_db, pytest.mark.one_pass, pytest.mark.timeout(600)]

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


def check(failures: list[str], response: Any, what: str) -> None:
    """Note a response of 500 or more."""
    if response.status_code >= 500:
        failures.append(f"{response.status_code} {what}")


def pages(tournament: Tournament) -> Iterator[tuple[Route, str, Any, dict[str, object]]]:
    """Every pattern whose parameters the world fills: the route, its address, the owner's GET of
    it and the world's values."""
    values = world(tournament)
    client = owner_client()
    for route in routes():
        url = fill(route, values)
        if url is not None:
            yield route, url, client.get(url), values


def forms_of(response: Any, url: str) -> list[dict[str, Any]]:
    """The forms on an HTML page, each with the page's address."""
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return []
    parser = Forms()
    parser.feed(response.content.decode())
    for form in parser.forms:
        form["page"] = url
    return parser.forms


# The ways to read one key of a query or form dictionary, those that read every key's name alone
# (the values stay unread: the lobby asks whether any name carries the chosen game's prefix), and
# those that read every value.
READ_ONE = ("__getitem__", "get", "getlist", "__contains__")
READ_NAMES = ("__iter__", "keys")
READ_ALL = ("items", "lists", "values", "dict", "copy", "urlencode")
NAMES = "names"
EVERY = "*"
# The boundary's NUL screen reads the whole query of every request, the view's reads are what count.
SCREENS = os.path.join("cardclub", "middleware.py")
INTERNALS = (
    os.path.join("django", "utils", "datastructures.py"),
    os.path.join("django", "http", "request.py"),
)


@contextmanager
def reads() -> Iterator[set[str]]:
    """The keys a view reads from any query or form dictionary while the block runs (``EVERY``:
    every value, ``NAMES``: every key's name); reads made inside a whole-dictionary read (``lists``
    calls ``getlist``) count as that."""
    seen: set[str] = set()
    inside = [0]
    own = {name: QueryDict.__dict__.get(name) for name in READ_ONE + READ_NAMES + READ_ALL}

    def by_view() -> bool:
        # A whole-dictionary read that yields lazily (``lists``) reads its keys from Django's own
        # frames after it returned: those count as the read that started it.
        caller = sys._getframe(2).f_code.co_filename
        return inside[0] == 0 and not caller.endswith(SCREENS) and not caller.endswith(INTERNALS)

    def one(method: Callable[..., Any]) -> Callable[..., Any]:
        def read(self: QueryDict, key: str, *args: Any) -> Any:
            if by_view():
                seen.add(key)
            return method(self, key, *args)

        return read

    def every(mark: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def wrap(method: Callable[..., Any]) -> Callable[..., Any]:
            def read(self: QueryDict, *args: Any, **kwargs: Any) -> Any:
                if by_view():
                    seen.add(mark)
                inside[0] += 1
                try:
                    return method(self, *args, **kwargs)
                finally:
                    inside[0] -= 1

            return read

        return wrap

    for name in READ_ONE + READ_NAMES + READ_ALL:
        wrap = one if name in READ_ONE else every(NAMES if name in READ_NAMES else EVERY)
        setattr(QueryDict, name, wrap(getattr(QueryDict, name)))
    try:
        yield seen
    finally:
        for name, method in own.items():
            if method is None:
                delattr(QueryDict, name)
            else:
                setattr(QueryDict, name, method)


def read_parameters(client: Client, url: str, names: set[str]) -> set[str]:
    """Which of ``names`` the page reads when each is given (all of them if it reads the whole query)."""
    with reads() as seen:
        client.get(url, dict.fromkeys(names, "1"))
    return set(names) if EVERY in seen else names & seen


def reads_when_posted(action: str, data: dict[str, Any]) -> set[str]:
    """The keys the view reads when the owner posts ``data`` to ``action`` (``reads``)."""
    with reads() as seen:
        owner_client().post(action, data)
    return seen


def walk_queries(tournament: Tournament) -> None:
    """Every page: each query parameter it reads (of ``QUERY`` and its GET forms' fields) and each
    path parameter, with each nasty value."""
    client = owner_client()
    failures: list[str] = []
    visited = fuzzed = 0
    for route, url, response, values in pages(tournament):
        visited += 1
        check(failures, response, f"GET {url}")
        names = set(QUERY)
        for form in forms_of(response, url):
            if form["method"] == "get":
                names |= set(form["fields"])
        read = read_parameters(client, url, names)
        fuzzed += len(read)
        for name in sorted(read):
            for value in NASTY:
                check(failures, client.get(url, {name: value}), f"GET {url} ?{name}={value[:20]!r}")
        for segment_url in nasty_segments(route, values):
            check(failures, client.get(segment_url), f"GET {segment_url}")
    assert visited > 40
    assert fuzzed > 20  # the deal lists, the rankings, the forms' filters: the probe sees reads
    assert failures == []


def walk_forms(tournament: Tournament) -> None:
    """Every field of every form that posts, with each nasty value (the others keep the page's),
    if the view reads it when the form is posted as the page gives it."""
    failures: list[str] = []
    forms = [
        form
        for _, url, response, _ in pages(tournament)
        for form in forms_of(response, url)
        if form["method"] != "get"
    ]
    posted = 0
    for form in forms:
        action = form["action"] or form["page"]
        if action.startswith(SKIP_ACTIONS):
            continue
        defaults = {k: v[1] for k, v in form["fields"].items() if v is not None and v[0] == "text"}
        seen = reads_when_posted(action, defaults)
        for name, field in form["fields"].items():
            is_file = field is not None and field[0] == "file"  # uploads are read from FILES
            if not (is_file or EVERY in seen or name in seen):
                if not (NAMES in seen and field is None):
                    continue  # the view never looks at it
                # An unticked box is not posted as the page gives it, and a view that reads the
                # names sees one more when it is: does the view read its value then?
                ticked = reads_when_posted(action, {**defaults, name: "1"})
                if not (EVERY in ticked or name in ticked):
                    continue  # another game's house rules on the lobby's form, say
            for value in NASTY:
                data: dict[str, Any] = dict(defaults)
                if is_file:
                    data[name] = SimpleUploadedFile("x.json", value.encode(), content_type="application/json")
                else:
                    data[name] = value
                response = owner_client().post(action, data)
                posted += 1
                check(failures, response, f"POST {action} {name}={value[:20]!r}")
    assert posted > 100
    assert failures == []
