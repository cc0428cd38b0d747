"""The lobby and table pages in Debian's Chromium: opening a table with house rules and a clock, the
start in either order of ready and bots (casual and tournament tables), and "your turn" in the tab
title, the optional sound and the phone's status bar."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine import get_game
from tests.browser.conftest import browser, log_in, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.engine.family_table import in_play, play
from tests.servers import shell, table_server
from tests.tables.browser_socket import START, open_on_fake_socket, push, view_frame

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
    with table_server(SETUP, "lobby") as (url, env, printed):
        served = Site(url)
        served.env, served.host_table = env, int(printed.strip().splitlines()[-1])
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
    facts = page.text_content("#table-facts") or ""  # the house rules fold behind their summary
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


# -- your turn: the tab title, the sound, the phone's status bar (pages on a fake socket) ----------

TONES = """
window.__tones = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const tone = { type: "", frequency: { value: 0 }, connect: (gain) => gain, stop() {} };
    tone.start = () => window.__tones.push(tone.frequency.value);
    return tone;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (to) => to };
  }
};
"""
NAMES = ["host", "heuristic bot", "heuristic bot", "heuristic bot"]
HANDS = {0: "AH 3C", 1: "KH 4C", 2: "QH 5C", 3: "JH 6C"}


def seat_to_move(seat: int) -> Any:
    """A one-deck deal in play where ``seat`` is the next to play (seat 0 leads)."""
    state = in_play("shengji", HANDS, "S")
    for before, card in enumerate(["AH", "KH", "QH"][:seat]):
        play(state, before, card)
    return state


def turn_frame(seat: int, version: int, seconds: int = 30) -> dict[str, Any]:
    """Seat 0's view with ``seat`` to move, its clock running out ``seconds`` after ``START``."""
    return view_frame(seat_to_move(seat), 0, version, START + seconds * 1000, NAMES)


def on_fake_socket(tab: Any, site: Site) -> str:
    """The host at their seated table on a fake socket, sounds recorded; returns the page's own title."""
    log_in(tab, site, "host", PASSWORD)
    tab.add_init_script(TONES)
    open_on_fake_socket(tab, f"{site}/tables/{site.host_table}/")
    return str(tab.title())


def test_the_tab_title_says_your_turn_and_counts_down_the_last_seconds(
    page: Any,  # noqa: F811
    site: Site,
) -> None:
    """Your turn → "▶ Your turn"; the last 10 s → "⏱ 9 s left"; another's turn → the page's title."""
    title = on_fake_socket(page, site)
    assert title.startswith("Table ")
    push(page, turn_frame(0, 1))
    assert page.title() == f"▶ Your turn · {title}"
    page.clock.run_for(19_000)  # 11 s left: not short yet
    assert page.title() == f"▶ Your turn · {title}"
    page.clock.run_for(2_000)  # 9 s left
    assert page.title() == f"⏱ 9 s left · Your turn · {title}"
    push(page, turn_frame(1, 2))
    assert page.title() == title


def test_the_sound_is_off_until_ticked_then_rings_for_the_turn_and_the_short_clock(
    page: Any,  # noqa: F811
    site: Site,
) -> None:
    """Off by default; ticking it is remembered across a reload; a turn rings twice, a short clock thrice."""
    on_fake_socket(page, site)
    push(page, turn_frame(0, 1))
    assert page.evaluate("() => window.__tones") == []
    assert not page.is_checked("#turn-sound")
    page.check("#turn-sound")  # a preview of the turn's tones
    assert page.evaluate("() => window.__tones") == [660, 880]
    assert page.evaluate("() => localStorage.getItem('cardclub.turnSound')") == "on"
    push(page, turn_frame(1, 2))
    push(page, turn_frame(0, 3, seconds=60))  # seat 0's turn again
    assert page.evaluate("() => window.__tones") == [660, 880, 660, 880]
    page.clock.run_for(51_000)  # 9 s left
    assert page.evaluate("() => window.__tones") == [660, 880, 660, 880, 1046, 1046, 1046]
    page.reload()
    page.wait_for_selector("#turn-sound")
    assert page.is_checked("#turn-sound")


def test_on_a_phone_the_turn_and_its_clock_stay_in_sight_below_the_hand(
    page: Any,  # noqa: F811
    site: Site,
) -> None:
    """390 px wide, scrolled to the bottom of a 25-card Tractor hand: the turn badge is still on screen."""
    page.set_viewport_size({"width": 390, "height": 700})
    on_fake_socket(page, site)
    deck = list(get_game("tractor").deck(get_game("tractor").rules_from_json({}), 4))
    hands = {seat: " ".join(deck[25 * seat : 25 * seat + 25]) for seat in range(4)}
    frame = view_frame(in_play("tractor", hands, "S"), 0, 1, START + 30_000, NAMES)
    assert len(frame["hand"]) == 25 and frame["clock"]["seats"] == [0]
    push(page, frame)
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("() => document.documentElement.scrollHeight > innerHeight + 200")
    box = page.locator("#turn").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 700
    assert re.match(r"Your turn · \d+ s left", page.inner_text("#turn"))
