"""On a phone (390×844), whenever it is the player's turn, the whole hand, the button that makes the
move and the turn badge with its clock are inside the screen without scrolling, and nothing scrolls
sideways: a four-seat Tractor table, six- and twelve-seat Zhao Pengyou tables and a Si Se Pai table,
in English and in Chinese. The pages run on a fake socket fed the seat's view (card_pages.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.card_pages import (
    PHONE,
    bots_until_trick_is_nearly_done,
    open_page,
    sisepai_view,
    table_frame,
    tractor_view,
)
from tests.browser.conftest import browser, log_in  # noqa: F401  (the shared fixture)
from tests.demo_template import migrated_database
from tests.servers import daphne, shell
from tests.tables.browser_socket import open_on_fake_socket, push

pytestmark = [pytest.mark.browser, pytest.mark.backend_free]

TABLES = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
from tables.services import lobby
user = get_user_model().objects.create_user("demo", password="tractor-demo")
club = Club.objects.create(name="Riverside", slug="riverside")
Membership.objects.create(club=club, user=user, role="owner")
for game, seats in [("tractor", 4), ("zhaopengyou", 6), ("zhaopengyou", 12), ("sisepai", 3)]:
    table = lobby.open_table(club, user, game, seats=seats)
    lobby.leave_seat(table.pk, user)  # nobody seated: the page is opened on a fake socket
    print(game, seats, table.pk)
"""


@pytest.fixture(scope="module")
def site() -> Iterator[dict[str, Any]]:
    """Daphne with the demo login's club and an empty table of each size."""
    with migrated_database() as env:
        # Four tables of one member: more than a member may open at once, so the cap is lifted.
        opened = re.findall(
            r"^(\w+) (\d+) (\d+)$", shell({**env, "TABLES_OPEN_PER_MEMBER": "9"}, TABLES), re.M
        )
        with daphne(env) as url:
            yield {"url": url, "tables": {f"{game}-{seats}": int(pk) for game, seats, pk in opened}}


def zhaopengyou(seats: int) -> Callable[[], dict[str, Any]]:
    def frame() -> dict[str, Any]:
        state = bots_until_trick_is_nearly_done("zhaopengyou", seats, f"phone-{seats}")
        seat = min(state.must_move())
        return table_frame(state, seat, [f"Player {n + 1}" for n in range(seats)])

    return frame


# Each table: its view when the seat is to move, and the button that makes the move.
TABLE_VIEWS: dict[str, tuple[Callable[[], dict[str, Any]], str]] = {
    "tractor-4": (tractor_view, "#play-cards"),
    "zhaopengyou-6": (zhaopengyou(6), "#play-cards"),
    "zhaopengyou-12": (zhaopengyou(12), "#play-cards"),
    "sisepai-3": (sisepai_view, "#actions button"),
}

BOX = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
}"""


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
@pytest.mark.parametrize("table", list(TABLE_VIEWS))
def test_the_hand_the_move_and_the_clock_fit_the_screen_on_the_players_turn(
    browser: Any,  # noqa: F811
    site: dict[str, Any],
    table: str,
    language: str,
) -> None:
    """Bounding boxes: each of the hand, the move's button and the turn badge lies inside 390×844
    with the page not scrolled; the page is no wider than the screen."""
    make_frame, button = TABLE_VIEWS[table]
    page = open_page(browser, PHONE, language)
    log_in(page, site["url"], "demo", "tractor-demo")
    open_on_fake_socket(page, f"{site['url']}/tables/{site['tables'][table]}/")
    frame = make_frame()
    push(page, frame)
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector(button)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(200)  # the hand's fitting runs on the next frame
    page.screenshot(path=f"/tmp/phone-turn-{table}-{language}.png")
    for selector in ("#hand", button, "#turn"):
        left, top, right, bottom = page.evaluate(BOX, selector)
        assert left >= 0 and right <= PHONE["width"], (selector, left, right)
        assert top >= 0 and bottom <= PHONE["height"], (selector, top, bottom)
    wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1]
    page.context.close()
