"""Issue 16 in a real browser (Debian's Chromium): opening a table with house rules and a clock, and
the start in either order of ready and bots (casual and tournament tables)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, log_in, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.servers import celery_worker, daphne, manage, scratch_database, shell

pytestmark = pytest.mark.browser

PASSWORD = "lobby-pw-1234"
SETUP = f"""
from django.contrib.auth import get_user_model
from league.models import Club, Membership
from tables.services import lobby
club = Club.objects.create(name="Lobby Club", slug="lobby-club")
for name in ("host", "guest"):
    user = get_user_model().objects.create_user(name, password="{PASSWORD}")
    Membership.objects.create(club=club, user=user, role="owner" if name == "host" else "member")
host = get_user_model().objects.get(username="host")
print(lobby.open_table(club, host, "shengji").pk)  # the host's seated table, opened on fake sockets
"""

TOURNAMENT = """
import uuid
from django.contrib.auth import get_user_model
from league.models import Club, Match, MatchSeat, Player, Round, Tournament
from tables.services import lobby
club = Club.objects.get(slug="lobby-club")
slug = uuid.uuid4().hex[:8]
tournament = Tournament.objects.create(
    club=club, name=slug, slug=slug, game="shengji", format="round_robin", entry_kind="individual"
)
round_ = Round.objects.create(tournament=tournament, number=1, status="published")
match = Match.objects.create(club=club, tournament=tournament, round=round_, game="shengji", rules={})
for seat, name in enumerate(["host", "heuristic", "guest", "random"]):
    if name in ("heuristic", "random"):
        MatchSeat.objects.create(match=match, seat=seat, bot=name)
    else:
        user = get_user_model().objects.get(username=name)
        player = Player.objects.filter(club=club, user=user).first() or Player.objects.create(
            club=club, name=name, user=user
        )
        MatchSeat.objects.create(match=match, seat=seat, player=player)
(table,) = lobby.tables_for_round(round_)
print(table.pk)
"""


class Site(str):
    """The site's URL, with its environment (for setup scripts) and the host's seated table."""

    env: dict[str, str]
    host_table: int


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    """Daphne with a fast pace (and a worker of its own with Redis) on a scratch database."""
    with scratch_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.05,between_deals=60"
        env["CELERY_QUEUE"] = f"lobby-{uuid.uuid4().hex[:8]}"
        manage(env, "migrate", "--noinput", "-v0")
        host_table = int(shell(env, SETUP).strip().splitlines()[-1])
        with celery_worker(env), daphne(env) as url:
            served = Site(url)
            served.env, served.host_table = env, host_table
            yield served


@contextlib.contextmanager
def second_tab(browser: Any) -> Iterator[Any]:  # noqa: F811
    """Another person's browser: a context of its own (own cookies)."""
    context = browser.new_context()
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    try:
        yield tab
    finally:
        context.close()


def open_a_table(tab: Any, site: Site, game: str, **choices: Any) -> None:
    """Open a table from the lobby's form, choosing the game first (the form fits itself to it)."""
    tab.goto(site + "/clubs/lobby-club/tables/")
    tab.select_option("#open-game", game)
    for name, value in choices.items():
        field = f"#id_{name}"
        if isinstance(value, bool):
            tab.set_checked(field, value)
        else:
            tab.select_option(field, str(value))
    tab.click("text=Open a table")
    tab.wait_for_selector("#lobby")


def test_a_table_opened_with_house_rules_and_a_clock_shows_both_in_the_lobby_and_at_the_table(
    page: Any,  # noqa: F811
    site: Site,
) -> None:
    """Tractor's rules appear when Tractor is chosen; the choice reaches the table page and the lobby row."""
    log_in(page, site, "host", PASSWORD)
    page.goto(site + "/clubs/lobby-club/tables/")
    page.select_option("#open-game", "tractor")
    assert page.is_visible('fieldset[data-game="tractor"]')
    assert not page.is_visible('fieldset[data-game="shengji"]')
    assert page.is_checked("#id_rules-tractor-pointless_redeal")  # the game's default, preselected
    page.select_option("#open-game", "zhaopengyou")
    offered = page.eval_on_selector_all("#open-seats option:not([disabled])", "o => o.map(x => x.value)")
    assert offered == [str(n) for n in range(6, 13)]
    open_a_table(page, site, "tractor", **{"rules-tractor-tractor_follow": True, "seconds_per_decision": 60})
    facts = page.inner_text("#table-facts")
    assert "Decision clock: 1 min" in facts
    assert "A tractor lead must be answered with a tractor when one is held: yes" in facts
    table = page.url.rstrip("/").rsplit("/", 1)[-1]
    page.goto(site + "/clubs/lobby-club/tables/")
    row = page.inner_text(f'tr[data-table="{table}"]')
    assert "A tractor lead must be answered with a tractor when one is held: yes" in row and "1 min" in row


@pytest.mark.parametrize("ready_first", [True, False], ids=["ready then bots", "bots then ready"])
def test_the_table_starts_after_ready_and_bots_in_either_order(
    page: Any,  # noqa: F811
    site: Site,
    ready_first: bool,
) -> None:
    """The page says what it waits for; the second of the two steps starts the match."""
    log_in(page, site, "host", PASSWORD)
    open_a_table(page, site, "shengji")
    assert page.inner_text("#waiting") == "Waiting for 3 players. Waiting for host to be ready."

    def ready() -> None:
        page.click("#ready")

    def bots() -> None:
        page.select_option("#fill-kind", "random")
        page.click("#fill-bots")

    first, second = (ready, bots) if ready_first else (bots, ready)
    first()
    page.wait_for_selector("#waiting")
    waiting = "Waiting for 3 players." if ready_first else "Waiting for host to be ready."
    assert page.inner_text("#waiting") == waiting
    second()
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#hand button")
    assert page.locator("#others li").count() == 4


@pytest.mark.parametrize("host_first", [True, False], ids=["host arrives first", "guest arrives first"])
def test_a_tournament_table_starts_when_its_second_player_arrives_in_either_order(
    page: Any,  # noqa: F811
    browser: Any,  # noqa: F811
    site: Site,
    host_first: bool,
) -> None:
    """Two people and two bots: the first page waits for the other by name, then both play."""
    table = int(shell(site.env, TOURNAMENT).strip().splitlines()[-1])
    with second_tab(browser) as other:
        log_in(page, site, "host", PASSWORD)
        log_in(other, site, "guest", PASSWORD)
        first, second = (page, other) if host_first else (other, page)
        first.goto(f"{site}/tables/{table}/")
        waited = "guest" if host_first else "host"
        first.wait_for_function(
            "(name) => document.querySelector('#waiting')?.innerText.includes(name + ' to come')",
            arg=waited,
        )
        assert "Waiting for 2 players" not in first.inner_text("#waiting")
        second.goto(f"{site}/tables/{table}/")
        for tab in (first, second):
            tab.wait_for_selector("#play:not([hidden])")
