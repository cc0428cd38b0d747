"""Reading a trick in Chromium: the leader's and the winning play marked on the felt, the last
trick's winner and points, the sides' points, the partner labelled; desktop and phone, English and
Chinese. The page runs on a fake socket, fed views made from named cards."""

from __future__ import annotations

from typing import Any

import pytest

from tables.services.reading import reading
from tests.browser.conftest import browser, page  # noqa: F401  (the shared fixtures)
from tests.engine.family_table import in_play, play
from tests.tables.browser_socket import START, open_on_fake_socket, push, view_frame
from tests.tables.test_tables_browser import NAMES, Site, table_site  # noqa: F401  (the site fixture)

pytestmark = pytest.mark.browser

# Tractor, spades trump, seat 0 (the page's player) the dealer: seats 0 and 2 declare.
HANDS = {0: "AH 8C QD", 1: "KH 4C QD", 2: "5H 6C QD", 3: "2S 7C QD"}
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
WORDS = {
    "en": ("leads", "winning", "Last trick: won by heuristic bot (West), 15 points", "partner"),
    "zh-hans": ("首出", "最大", "上一轮：", "队友"),
}


def frame_after(plays: list[tuple[int, str]]) -> dict[str, Any]:
    """Seat 0's view after ``plays``, with the server's reading of it."""
    state = in_play("tractor", HANDS, "S")
    for seat, cards in plays:
        play(state, seat, cards)
    frame = view_frame(state, 0, len(plays), START + 60_000, NAMES)
    return dict(frame, reading=reading(state, 0))


@pytest.mark.parametrize("language", list(WORDS))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_leader_the_winning_play_and_the_last_trick_are_marked(
    page: Any,  # noqa: F811
    table_site: Site,  # noqa: F811
    size: str,
    language: str,
) -> None:
    """Seat 1 leads the K♥ after seat 3's trump took the first trick; seat 2's play is not winning."""
    leads, winning, last, partner = WORDS[language]
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.context.add_cookies([{"name": "django_language", "value": language, "url": table_site}])
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    push(page, frame_after([(0, "AH"), (1, "KH"), (2, "5H"), (3, "2S"), (3, "7C"), (0, "8C")]))
    assert page.inner_text('#plays .seat-play[data-seat="3"] .play-mark') == leads
    assert page.inner_text('#plays .seat-play[data-seat="0"] .play-mark') == winning
    assert page.locator("#plays .seat-play.winning").count() == 1
    assert page.inner_text("#last-trick-title").startswith(last)
    assert partner in page.inner_text('#others .spot[data-seat="2"] .spot-tags')
    page.screenshot(path=f"/tmp/reading-{size}-{language}.png")
