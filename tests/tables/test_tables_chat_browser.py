"""A table's chat in a real browser, on a desktop and a phone, in English and in Chinese: the player
and a spectator chat, a spectator's line during the deal never reaches the player's page, lines
are drawn as text, and a refusal is shown under the chat; on a phone the chat is folded behind one
control and the hand stays in view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import DESKTOP, PHONE, open_page
from tests.browser.conftest import browser, log_in  # noqa: F401  (the shared fixtures)
from tests.servers import shell, table_server

pytestmark = pytest.mark.browser

SETUP = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
User = get_user_model()
club = Club.objects.create(name="Chat Club", slug="chat-club")
for name, role in (("player", "owner"), ("watcher", "member")):
    user = User.objects.create_user(name, password="chat-pw-1234")
    Membership.objects.create(club=club, user=user, role=role)
"""

# The player in seat 0 with three bots and a long clock: the deal waits on the player's decisions.
TABLE = """
from django.contrib.auth import get_user_model
from league.models import Club
from tables.services import lobby
user = get_user_model().objects.get(username="player")
table = lobby.open_table(Club.objects.get(slug="chat-club"), user, "tractor", seconds_per_decision=600)
for seat in (1, 2, 3):
    lobby.seat_bot(table.pk, user, seat, "heuristic")
lobby.set_ready(table.pk, user, True)
print(table.pk)
"""

# The player's table, not started: its lobby shows (players read the spectators' chat there).
OPEN_TABLE = """
from django.contrib.auth import get_user_model
from league.models import Club
from tables.services import lobby
user = get_user_model().objects.get(username="player")
print(lobby.open_table(Club.objects.get(slug="chat-club"), user, "tractor").pk)
"""

SIZES = {"desktop": DESKTOP, "phone": PHONE}
MUTED = {"en": "muted", "zh-Hans": "禁言"}
SLOW_DOWN = {"en": "Slow down", "zh-Hans": "请慢一点"}
IN_VIEW = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
}"""


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, dict[str, str]]]:
    """Daphne with the chat club; a table is opened by each test."""
    with table_server(SETUP, "chat") as (url, env, _printed):
        yield url, env


def at_the_table(chromium: Any, site_url: str, who: str, size: str, language: str, url: str) -> Any:
    """``who`` logged in, on the table page with the deal drawn and the chat unfolded."""
    page = open_page(chromium, SIZES[size], language)
    log_in(page, site_url, who, "chat-pw-1234")
    page.goto(url)
    page.wait_for_selector("#play:not([hidden])", timeout=60_000)
    if not page.evaluate("document.getElementById('chat').open"):
        page.click("#chat summary")
    return page


def write(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-send")


def lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat-lines .chat-text").all_inner_texts()]


def wait_for_line(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => [...document.querySelectorAll('#chat-lines .chat-text')].some(e => e.textContent === text)",
        arg=text,
        timeout=20_000,
    )


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_player_and_a_spectator_chat(
    browser: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    url, env = site
    table = f"{url}/tables/{int(shell(env, TABLE).strip().splitlines()[-1])}/"
    player = open_page(browser, SIZES[size], language)
    log_in(player, url, "player", "chat-pw-1234")
    player.goto(table)
    player.wait_for_selector("#play:not([hidden])", timeout=60_000)
    player.wait_for_selector("#hand button.card-face", timeout=60_000)
    folded = not player.evaluate("document.getElementById('chat').open")
    assert folded == (size == "phone")  # one control on a phone, unfolded on a desktop
    if size == "phone":
        player.evaluate("() => window.scrollTo(0, 0)")
        assert player.evaluate(IN_VIEW, "#hand")
        player.click("#chat summary")
    watcher = at_the_table(browser, url, "watcher", size, language, table)

    write(player, "<b>good luck</b> 各位")
    wait_for_line(watcher, "<b>good luck</b> 各位")
    assert watcher.locator("#chat-lines b").count() == 0  # text, never markup
    wait_for_line(player, "<b>good luck</b> 各位")

    write(watcher, "North holds the trumps")
    wait_for_line(watcher, "North holds the trumps")
    player.wait_for_timeout(1500)
    assert lines(player) == ["<b>good luck</b> 各位"]  # the deal is in play: not for the player

    for n in range(5):  # the player wrote one line: the fifth here is one too many
        write(player, f"line {n}")
    player.wait_for_selector("#chat-error:not([hidden])")
    assert SLOW_DOWN[language] in player.inner_text("#chat-error")
    player.screenshot(path=f"/tmp/chat-{size}-{language}.png")
    for page in (player, watcher):
        page.context.close()


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "zh-Hans")])
def test_the_host_mutes_a_spectator(
    browser: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """The host presses "Mute" beside the spectator's line (before the start: the players read it);
    the spectator's next line is refused, and the refusal is shown under their chat."""
    url, env = site
    table = f"{url}/tables/{int(shell(env, OPEN_TABLE).strip().splitlines()[-1])}/"
    host = open_page(browser, SIZES[size], language)
    log_in(host, url, "player", "chat-pw-1234")
    host.goto(table)
    host.wait_for_selector("#chat")
    if not host.evaluate("document.getElementById('chat').open"):
        host.click("#chat summary")
    watcher = open_page(browser, SIZES[size], language)
    log_in(watcher, url, "watcher", "chat-pw-1234")
    watcher.goto(table)
    watcher.wait_for_selector("#conn.on")
    if not watcher.evaluate("document.getElementById('chat').open"):
        watcher.click("#chat summary")
    write(watcher, "who deals first?")
    wait_for_line(host, "who deals first?")
    host.click("#chat-lines .chat-mute")
    host.wait_for_selector("#chat-error:not([hidden])")
    write(watcher, "hello?")
    watcher.wait_for_selector("#chat-error:not([hidden])")
    assert MUTED[language] in watcher.inner_text("#chat-error")
    assert lines(host) == ["who deals first?"]
    for page in (host, watcher):
        page.context.close()
