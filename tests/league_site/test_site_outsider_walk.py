"""The outsider walk: every URL pattern of the site, as an anonymous visitor and
as a member of another club, shows nothing of a private or draft tournament or a private club.

Each pattern is filled with the ids and slugs of every kind of object: the public ones, and the
hidden ones (the private tournament's, the draft round's, the draft tournament's, the private
club's), so that a page either refuses the hidden object or, asked for a public one, leaves every
hidden thing out: names, slugs, links, ids in JSON. No answer may be a 5xx. The visited patterns
are printed; a pattern that cannot be filled must be listed in ``SKIPPED`` with its reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Invitation, JoinRequest, Membership, RuleSet
from league.services import rulesets
from replays.models import Comment
from tests.league_site.private_world import World, build, hidden_ids, hidden_markers
from tests.league_site.urlwalk import fill, routes

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(600)]
# Patterns the walk does not fill, with the reason (none today: every pattern gets values).
SKIPPED: dict[str, str] = {}


def shipped_ruleset(name: str) -> RuleSet:
    """The site's shipped rule set ``name`` (restored first if a transactional test's flush emptied it)."""
    rulesets.ensure_shipped()
    return RuleSet.objects.get(club=None, name=name)


def public_values(world: World) -> dict[str, object]:
    """Parameters naming public objects (and the few patterns that need a value of their own)."""
    owner = User.objects.get(username="owner")
    deal = world.public_match.deals.get()
    comment = Comment.objects.create(deal=deal, author=owner, at=0, text="nice lead")
    return {
        "slug": world.club.slug,
        "tslug": world.spring.slug,
        "number": 1,
        "match_id": world.public_match.pk,
        "player_id": world.ann.pk,
        "tournament_id": world.spring.pk,
        "table_id": world.casual_table.pk,
        "deal_id": deal.pk,
        "entry_id": 1,
        "request_id": JoinRequest.objects.create(club=world.club, user=owner).pk,
        "membership_id": Membership.objects.filter(club=world.club).first().pk,  # type: ignore[union-attr]
        # An invitation code is a secret handed to one person: the walk holds the public club's.
        "code": Invitation.objects.create(club=world.club, code="walkcode", created_by=owner).code,
        "name": "tractor",
        "family": "tractor",
        "action": "confirm",
        "tables/:action": "sit",
        "uidb64": "MQ",
        "token": "set-password",
        "deals/:pk": deal.pk,
        "other": deal.pk,
        "comments/:pk": comment.pk,
        "replays/:pk": world.public_match.pk,
        "matches/:pk": world.public_match.pk,
        "tournaments/:pk": world.spring.pk,
        "players/:pk": world.ann.pk,
        "ruleset_id": shipped_ruleset("tractor-standard").pk,
    }


def hidden_values(world: World) -> list[dict[str, object]]:
    """One set of parameters per hidden thing: each names it wherever a pattern can."""

    def match_values(match: Any, table: Any = None) -> dict[str, object]:
        deal = match.deals.first()
        values: dict[str, object] = {"match_id": match.pk, "replays/:pk": match.pk, "matches/:pk": match.pk}
        if deal is not None:
            values |= {"deals/:pk": deal.pk, "other": deal.pk, "deal_id": deal.pk}
        return values | ({"table_id": table.pk} if table is not None else {})

    secret_live = world.secret_table.match
    return [
        {"tslug": world.secret.slug, "tournament_id": world.secret.pk, "tournaments/:pk": world.secret.pk}
        | match_values(world.secret_match),
        {"tslug": world.secret.slug, "tournament_id": world.secret.pk}
        | match_values(secret_live, world.secret_table),
        {"number": 2} | match_values(world.draft_match),
        {
            "tslug": world.planning.slug,
            "tournament_id": world.planning.pk,
            "tournaments/:pk": world.planning.pk,
        },
        {
            "slug": world.hidden_club.slug,
            "tslug": world.hermit.slug,
            "tournament_id": world.hermit.pk,
            "tournaments/:pk": world.hermit.pk,
            "player_id": world.wraith.pk,
            "players/:pk": world.wraith.pk,
            "ruleset_id": RuleSet.objects.create(
                club=world.hidden_club, name="hermits", title="Hermits", game="tractor", status="published"
            ).pk,
        }
        | match_values(world.hermit_match),
    ]


def json_leaks(data: Any, ids: dict[str, set[int]]) -> Iterator[str]:
    """Keys of ``data`` (at any depth) whose value is the id of a hidden object."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ids and isinstance(value, int) and value in ids[key]:
                yield f"{key}={value}"
            yield from json_leaks(value, ids)
    elif isinstance(data, list):
        for item in data:
            yield from json_leaks(item, ids)


def leaks(response: Any, url: str, markers: list[str], ids: dict[str, set[int]]) -> list[str]:
    """Every hidden name, slug, link or JSON id in the response's body, past the visitor's own
    address (pages echo it back in the login and language forms' ``next``)."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode("utf-8", "replace").replace(quote(url), "").replace(url, "")
    found: list[str] = []
    if "json" in response.get("Content-Type", ""):
        for line in text.splitlines() if "ndjson" in response["Content-Type"] else [text]:
            data = json.loads(line) if line.strip() else None
            found += json_leaks(data, ids)
            text += json.dumps(data, ensure_ascii=False)
    return found + [marker for marker in markers if marker in text]


def visitors() -> dict[str, Client]:
    """Anonymous, and a member of another club."""
    outsider = Client(raise_request_exception=False)
    outsider.force_login(User.objects.get(username="outsider"))
    return {"anonymous": Client(raise_request_exception=False), "outsider": outsider}


def test_no_page_shows_an_outsider_anything_private_or_draft(capsys: pytest.CaptureFixture[str]) -> None:
    """Every pattern, every kind of object, both outsiders: no 5xx, no page for a hidden object, and
    no hidden thing in any body."""
    world = build()
    markers, ids = hidden_markers(world), hidden_ids(world)
    public = public_values(world)
    value_sets = [public] + [public | hidden for hidden in hidden_values(world)]
    visited: dict[str, int] = {}
    failures: list[str] = []
    for route in routes():
        urls = sorted({url for values in value_sets if (url := fill(route, values)) is not None})
        if not urls:
            continue
        visited[route.pattern] = len(urls)
        public_url = fill(route, public)
        for name, visitor in visitors().items():
            for url in urls:
                response = visitor.get(url)
                if response.status_code >= 500:
                    failures.append(f"{name} GET {url}: {response.status_code}")
                # A hidden object's own address answers 404 (or a login redirect), never a page.
                if url != public_url and 200 <= response.status_code < 300:
                    failures.append(f"{name} GET {url}: {response.status_code} for a hidden object")
                failures += [f"{name} GET {url}: {leak}" for leak in leaks(response, url, markers, ids)]
    with capsys.disabled():
        print(
            f"\noutsider walk: {len(visited)} patterns, {sum(visited.values())} URLs, anonymous and outsider"
        )
        for pattern, count in visited.items():
            print(f"  {pattern}  ({count} URL{'s' if count > 1 else ''})")
        for pattern, reason in SKIPPED.items():
            print(f"  skipped {pattern}: {reason}")
    missed = [r.pattern for r in routes() if r.pattern not in visited and r.pattern not in SKIPPED]
    assert missed == []
    assert failures == [], "\n".join(failures)


def test_the_walk_sees_what_members_see() -> None:
    """The markers are real: a member of Open Hall finds the private and draft tournaments on the
    club's page and its deal list, so the walk would catch them if an outsider did too."""
    world = build()
    member = Client()
    member.force_login(User.objects.get(username="member"))
    body = member.get(world.club.get_absolute_url()).content.decode()
    assert "Secret Cup" in body and "Planning Cup" in body
    body = member.get(f"/players/{world.ann.pk}/").content.decode()
    assert f"/matches/{world.secret_match.pk}/" in body
