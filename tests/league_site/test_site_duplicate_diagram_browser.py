"""The demo's duplicate boards in headless Chromium at 1280 and 390 px, English and Chinese: each
board's hand diagram (four compass seats and the kitty), each traveller row with who declared,
the trump, the defenders' points, the levels and the score, and no sideways scroll on the
boards page or the board sheets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import DESKTOP, PHONE, open_page
from tests.browser.conftest import browser  # noqa: F401  (the Playwright fixture)
from tests.demo_template import demo_database
from tests.servers import daphne

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIZES = {"desktop": DESKTOP, "phone": PHONE}
ROUND = "/clubs/riverside/t/tractor-duplicate-pairs/rounds/1/"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with demo_database() as env, daphne(env) as url:
        yield url


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_the_boards_page_shows_each_board_s_hands_and_traveller(
    browser: Any,  # noqa: F811
    site: str,
    size: str,
    language: str,
) -> None:
    page = open_page(browser, SIZES[size], language)
    page.goto(site + ROUND + "boards/")
    boards = page.locator(".board-traveller")
    assert boards.count() > 0
    for i in range(boards.count()):
        board = boards.nth(i)
        diagram = board.locator(".hand-diagram")
        assert diagram.is_visible()
        seats = [s.get_attribute("data-seat") for s in diagram.locator(".dh-seat").all()]
        assert seats == ["0", "1", "2", "3"]
        assert diagram.locator(".dh-kitty").is_visible()
        for row in board.locator("tr[data-deal]").all():
            for cell in ("declarer", "trump", "plus"):
                assert row.locator(f"td.{cell}").inner_text().strip()
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_board_sheets_fit_and_carry_the_diagram(browser: Any, site: str, size: str) -> None:  # noqa: F811
    page = open_page(browser, SIZES[size])
    page.goto(site + ROUND + "sheets/")
    sheets = page.locator(".board-sheet")
    assert sheets.count() == page.locator(".board-sheet .hand-diagram").count() > 0
    drawers = sheets.first.locator(".drawer").all_inner_texts()
    assert drawers and all(d.startswith(("North", "East", "South", "West", "kitty")) for d in drawers)
    assert no_sideways_scroll(page)
