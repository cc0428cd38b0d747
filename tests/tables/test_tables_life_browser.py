"""A table's life in a real browser: the host's pause, resume and end, leaving with either of the
host's choices, taking the seat back, and the away marker; on a desktop and a phone, in English and
in Chinese where the words matter.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, page  # noqa: F401  (the shared fixtures)
from tests.servers import shell, table_server
from tests.tables.test_tables_browser import SETUP  # the player and their club
from tests.tables.test_tables_next_deal_browser import SIZES, logged_in

pytestmark = pytest.mark.browser

# A second member sits at seat 1 (never connected), so the player leaving is not the last person.
TABLE = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
from tables.models import LiveTable
from tables.services import lobby
User = get_user_model()
user = User.objects.get(username="player")
club = Club.objects.get(slug="browser-club")
other, _ = User.objects.get_or_create(username="other")
Membership.objects.get_or_create(club=club, user=other)
table = lobby.open_table(club, user, "tractor", seconds_per_decision={clock}, leave_bot="{leave_bot}")
for seat in (2, 3):
    lobby.seat_bot(table.pk, user, seat, "heuristic")
lobby.take_seat(table.pk, other, 1)
lobby.set_ready(table.pk, other, True)
lobby.set_ready(table.pk, user, True)
print(table.pk)
"""

WORDS = {
    "en": {
        "paused": "paused",
        "playing": "playing",
        "ended": "ended",
        "left": "a player left",
        "away": "Away",
        "south": "South",
        "north_bot": "Heuristic bot (North)",
    },
    "zh-Hans": {
        "paused": "已暂停",
        "playing": "进行中",
        "ended": "已结束",
        "left": "有牌手离开",
        "away": "离开中",
        "south": "南",
        "north_bot": "策略机器人（北）",
    },
}


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, dict[str, str]]]:
    """Daphne at a fast pace with the player's club; tables are opened by each test."""
    with table_server(SETUP, "life") as (url, env, _printed):
        yield url, env


def opened(site: tuple[str, dict[str, str]], clock: int = 300, leave_bot: str = "expert") -> str:
    """A started Tractor table of the player (seat 0), another member and two bots; its page's URL."""
    url, env = site
    table = int(shell(env, TABLE.format(clock=clock, leave_bot=leave_bot)).strip().splitlines()[-1])
    return f"{url}/tables/{table}/"


def status_is(tab: Any, text: str) -> None:
    """Until the status badge reads ``text``."""
    tab.wait_for_function(
        "text => document.getElementById('status').textContent.trim() === text", arg=text, timeout=30_000
    )


@pytest.mark.parametrize("language", list(WORDS))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_host_pauses_resumes_and_ends(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """Pause shows the table paused and offers Resume; Resume plays on; End says the match ended early."""
    logged_in(page, site, size, language)
    page.goto(opened(site))
    page.wait_for_selector("#life-pause:not([hidden])", timeout=60_000)
    page.click("#life-pause")
    status_is(page, WORDS[language]["paused"])
    assert page.is_visible("#life-resume") and page.is_visible("#life-status")
    page.screenshot(path=f"/tmp/life-paused-{size}-{language}.png")
    page.click("#life-resume")
    status_is(page, WORDS[language]["playing"])
    page.click("#life-end")
    status_is(page, WORDS[language]["ended"])
    assert not page.is_visible("#life-end") and not page.is_visible("#life-leave")


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "zh-Hans")])
def test_leaving_seats_the_host_s_bot(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """The player leaves: the expert bot takes seat 0 and the match plays on; the player watches."""
    logged_in(page, site, size, language)
    page.goto(opened(site, leave_bot="expert"))
    page.wait_for_selector("#life-leave:not([hidden])", timeout=60_000)
    page.click("#life-leave")
    page.wait_for_selector("#life-leave", state="hidden", timeout=30_000)
    status_is(page, WORDS[language]["playing"])


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "zh-Hans")])
def test_leaving_pauses_until_someone_sits(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """With no bot chosen the table pauses for the seat; taking it again plays on. The seats and
    bots are named in the page's language, though the frames carry only their numbers and kinds."""
    logged_in(page, site, size, language)
    page.goto(opened(site, leave_bot=""))
    page.wait_for_selector("#life-leave:not([hidden])", timeout=60_000)
    assert WORDS[language]["north_bot"] in page.inner_text("#others")
    page.click("#life-leave")
    status_is(page, WORDS[language]["paused"])
    assert WORDS[language]["left"] in page.inner_text("#life-status")
    assert WORDS[language]["south"] in page.inner_text("#life-seats button.take-seat")
    page.screenshot(path=f"/tmp/life-left-{size}-{language}.png")
    page.click("#life-seats button.take-seat")
    status_is(page, WORDS[language]["playing"])


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "zh-Hans")])
def test_the_away_marker(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """A one-second clock runs out twice: the page says the player is away and offers "I'm back"."""
    logged_in(page, site, size, language)
    page.goto(opened(site, clock=1))
    page.wait_for_selector("#life-back:not([hidden])", timeout=120_000)
    assert WORDS[language]["away"] in page.inner_text("#life-status")
    page.screenshot(path=f"/tmp/life-away-{size}-{language}.png")
    page.click("#life-back")
    page.wait_for_selector("#life-back", state="hidden", timeout=30_000)
