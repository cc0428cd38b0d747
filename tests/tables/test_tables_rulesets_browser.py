"""A casual table opened with a club's rule set in a real browser (Debian's Chromium): the lobby's
form lists it with its differences, and the table page and the lobby row name it with them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import browser, log_in, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.servers import table_server

pytestmark = pytest.mark.browser

PASSWORD = "rules-pw-1234"
SETUP = f"""
from django.contrib.auth import get_user_model
from league.models import Club, Membership, RuleSet
from league.services import rulesets
club = Club.objects.create(name="Rules Club", slug="rules-club")
host = get_user_model().objects.create_user("host", password="{PASSWORD}")
Membership.objects.create(club=club, user=host, role="owner")
judged = RuleSet.objects.get(club=None, name="tractor-judged")
draft = rulesets.copy(judged, club, host, "house", "House Tractor")
rulesets.edit(draft, host, {{"real_hand_throws": True, "kitty_per_card": True}})
print(rulesets.publish(draft, host).pk)
"""
# Where the screenshots go when asked for (RULESET_SHOTS=dir): the pages at 1280 and 390 pixels.
SHOTS = os.environ.get("RULESET_SHOTS", "")


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, int]]:
    """Daphne on a scratch database with the club's published rule set; yields the URL and its id."""
    with table_server(SETUP, "rulesets") as (url, _env, printed):
        yield url, int(printed.strip().splitlines()[-1])


def shoot(page: Any, name: str) -> None:  # noqa: F811
    if SHOTS:
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})


def test_a_table_opened_with_a_club_rule_set_shows_its_differences_in_the_lobby_and_at_the_table(
    page: Any,  # noqa: F811
    site: tuple[str, int],
) -> None:
    """The club's House Tractor is offered with its two differences; the table opened on it names
    it and shows them; the lobby row does too."""
    url, ruleset = site
    log_in(page, url, "host", PASSWORD)
    page.goto(url + "/clubs/rules-club/tables/")
    page.select_option("#open-game", "tractor")
    offered = page.inner_text('fieldset[data-game="tractor"] ul.rulesets')
    assert (
        "House Tractor" in offered
        and "Kitty multiplier: ×2 per card of the last lead's largest unit: on" in offered
    )
    page.select_option("#id_ruleset-tractor-ruleset", str(ruleset))
    shoot(page, "lobby-form")
    page.click("text=Open a table")
    page.wait_for_selector("#table-facts")
    facts = page.text_content("#table-facts") or ""  # the house rules fold behind their summary
    assert (
        "House Tractor v1" in facts
        and "Kitty multiplier: ×2 per card of the last lead's largest unit: yes" in facts
    )
    shoot(page, "table")
    table = page.url.rstrip("/").rsplit("/", 1)[-1]
    page.goto(url + "/clubs/rules-club/tables/")
    row = page.inner_text(f'tr[data-table="{table}"]')
    assert "House Tractor v1" in row and "Throws judged against the real hands" in row
    page.goto(url + "/clubs/rules-club/rulesets/")
    assert "House Tractor" in page.inner_text("main")
    shoot(page, "rulesets")
