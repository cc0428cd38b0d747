"""The end of a deal in a real browser: the result panel over the felt, "Next deal", the countdown.

One person and three heuristic bots at a two-deal Tractor table; the person's clock is a second,
so the fast expert plays every one of their moves and the deal ends without clicks (the clicks
are test_tables_browser.py's). On a desktop and a phone, in English and in Chinese.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, page  # noqa: F401  (the shared fixtures)
from tests.servers import shell, table_server
from tests.tables.test_tables_browser import SETUP  # the player and their club

pytestmark = pytest.mark.browser

TABLE = """
from django.contrib.auth import get_user_model
from league.models import Club
from tables.models import LiveTable
from tables.services import lobby
user = get_user_model().objects.get(username="player")
club = Club.objects.get(slug="browser-club")
table = lobby.open_table(club, user, "tractor", seconds_per_decision=1, deals_target=2)
LiveTable.objects.filter(pk=table.pk).update(next_deal_seconds={countdown})
for seat in (1, 2, 3):
    lobby.seat_bot(table.pk, user, seat, "heuristic")
lobby.set_ready(table.pk, user, True)
print(table.pk)
"""

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
LANGUAGES = {"en": ("en", "Next deal"), "zh-Hans": ("zh-hans", "下一局")}


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, dict[str, str]]]:
    """Daphne at a fast pace with the player's club; tables are opened by each test."""
    with table_server(SETUP, "next-deal") as (url, env, _printed):
        yield url, env


def opened_table(site: tuple[str, dict[str, str]], countdown: int) -> str:
    """A started two-deal table of the player and three bots; its page's URL."""
    url, env = site
    table = int(shell(env, TABLE.format(countdown=countdown)).strip().splitlines()[-1])
    return f"{url}/tables/{table}/"


def logged_in(tab: Any, site: tuple[str, dict[str, str]], size: str, language: str) -> None:
    """The player logged in, at the size and language asked for."""
    url, _env = site
    tab.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    tab.context.add_cookies([{"name": "django_language", "value": LANGUAGES[language][0], "url": url}])
    tab.goto(url + "/accounts/login/")
    tab.fill("input[name=username]", "player")
    tab.fill("input[name=password]", "table-pw-1234")
    tab.click("button[type=submit]")
    tab.wait_for_selector(".nav-user .who")


def in_view(tab: Any, selector: str) -> bool:
    """The element's whole box lies inside the viewport."""
    box = tab.locator(selector).bounding_box()
    width, height = tab.viewport_size["width"], tab.viewport_size["height"]
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and (box["y"] + box["height"] <= height)
    )


def wait_for_the_result(tab: Any) -> None:
    """Until the first deal's result is fetched into the panel (the bots and the clock play it)."""
    tab.wait_for_selector("#result:not([hidden]) .deal-result .headline", timeout=240_000)


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_result_stays_over_the_felt_until_the_person_presses_next_deal(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
    size: str,
    language: str,
) -> None:
    """The panel and its button are inside the viewport; pressing starts deal 2, and the panel goes."""
    logged_in(page, site, size, language)
    page.goto(opened_table(site, countdown=600))
    wait_for_the_result(page)
    assert in_view(page, "#result") and in_view(page, "#next-deal-button")
    assert page.inner_text("#next-deal-button") == LANGUAGES[language][1]
    assert 1 <= page.locator("#result .result-tricks tbody tr").count() <= 25  # a trick per lead
    assert page.locator("#result a.replay-link").count() == 1
    assert page.locator("#result .review-form button").count() == 1
    page.wait_for_timeout(1_500)  # the panel stays: nothing moves on while the person reads
    assert page.is_visible("#result")
    page.screenshot(path=f"/tmp/next-deal-{size}-{language}.png")
    page.click("#next-deal-button")
    page.wait_for_selector("#result", state="hidden", timeout=30_000)
    assert "2" in page.inner_text("#deal-number")


def test_the_next_deal_starts_by_itself_when_the_countdown_runs_out(
    page: Any,  # noqa: F811
    site: tuple[str, dict[str, str]],
) -> None:
    """Nobody presses: the panel counts down the seconds, then the next deal replaces it."""
    logged_in(page, site, "desktop", "en")
    page.goto(opened_table(site, countdown=8))
    wait_for_the_result(page)
    status = page.inner_text("#next-deal-status")
    assert "Deal 2 starts in" in status and "Waiting for: player" in status
    page.wait_for_selector("#result", state="hidden", timeout=30_000)
    page.wait_for_selector("#hand button.card-face")  # deal 2's draw fills the hand
    assert "2" in page.inner_text("#deal-number")
