"""Live standings in a real browser: a director's result updates a spectator's open page.

Daphne serves a scratch database; one page watches a tournament anonymously while a director,
in another browser context, enters a deal and accepts the result. The standings task runs after
commit, its event reaches the watcher's socket and the page refetches the standings fragment.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, log_in  # noqa: F401  (the Playwright fixture)
from tests.demo_template import migrated_database
from tests.servers import celery_worker, daphne, manage

pytestmark = pytest.mark.browser

SETUP = """
from django.contrib.auth.models import User
from league.models import Club, Membership, Player
from league.services import rounds, tournaments
club = Club.objects.create(name="Live Club", slug="live", is_public=True)
director = User.objects.create_user("ref", password="live-pass-123")
Membership.objects.create(club=club, user=director, role="director")
players = [Player.objects.create(club=club, name=f"P{i}") for i in range(4)]
t = tournaments.create_tournament(
    club, director, {}, name="Live Cup", game="tractor", format="round_robin", entry_kind="team",
    rounds_planned=1, deals_per_match=1, tie_breaks=["WIN"],
)
tournaments.add_entry(t, players[:2])
tournaments.add_entry(t, players[2:])
rounds.publish_round(rounds.generate_round(t))
"""


def served(setup: str) -> Iterator[str]:
    """A Daphne and a Celery worker over a scratch database that ``setup`` (shell code) filled."""
    with migrated_database() as env:
        manage(env, "shell", "-c", setup)
        # With Redis the standings task leaves the web process: a worker on a queue of this test's own.
        env["CELERY_QUEUE"] = f"e2e-{uuid.uuid4().hex[:10]}"
        with celery_worker(env), daphne(env) as url:
            yield url


@pytest.fixture(scope="module")
def live_site() -> Iterator[str]:
    yield from served(SETUP)


def test_it_updates_the_standings_of_an_open_page(browser: Any, live_site: str) -> None:  # noqa: F811
    """No reload: the watcher's standings table appears once the director's result lands."""
    watcher = browser.new_context().new_page()
    watcher.goto(live_site + "/clubs/live/t/live-cup/")
    assert "No results yet." in watcher.inner_text("#live-standings")
    watcher.wait_for_selector("#pulse.on")  # the page's sockets are up

    director = browser.new_context().new_page()
    log_in(director, live_site, "ref", "live-pass-123")
    director.goto(live_site + "/clubs/live/t/live-cup/")
    director.click("a[href^='/matches/']")  # table 1 of round 1
    director.select_option("select[name=declarer]", "0")
    director.fill("input[name=defender_points]", "30")
    director.click("text=Enter deal")
    director.click("text=Accept as director")

    watcher.wait_for_selector("#live-standings table.standings", timeout=10_000)
    text = watcher.inner_text("#live-standings")
    assert "P0 & P1" in text and "Number of wins" in text
