"""At 390 px wide (a phone), the lobby, a four-seat and a twelve-seat table, the Si Se Pai table and
the viewer do not scroll sideways and every control is on screen and not covered: a tap reaches it.
A screenshot of each page is written to tests/browser/artifacts/ on every run (CI keeps them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.card_pages import (
    PHONE,
    keep_screenshot,
    open_page,
    show_table,
    sisepai_view,
    tractor_view,
    zhaopengyou_view,
)
from tests.browser.conftest import log_in

# A page's layout does not depend on the database or channel layer behind it: CI runs these
# once, on the embedded default (tests/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.backend_free]

# Every control a person can tap or focus, and every card of the hand (roving focus leaves all but
# one out of the tab order, yet each is tapped).
CONTROLS = (
    "a[href], button, select, textarea, summary, input:not([type=hidden]), "
    "[tabindex]:not([tabindex='-1']), #hand > button"
)

# Controls drawn on screen (a closed <details>' content and hidden sections are not) that are cut by
# the screen's edges or that no tap reaches: a point of each is tried, scrolled into view first.
UNREACHABLE = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const style = getComputedStyle(el);
    if (!el.getClientRects().length || style.visibility === "hidden") continue;
    if (el.closest(".visually-hidden")) continue;
    // Chromium gives a closed <details>' content boxes although it draws none: only its summary shows.
    const folded = el.closest("details:not([open])");
    if (folded && !folded.querySelector(":scope > summary")?.contains(el)) continue;
    el.scrollIntoView({ block: "center", inline: "nearest" });
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const what = (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30);
    const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} ${what}`;
    if (r.left < -0.5 || r.right > innerWidth + 0.5) {
      out.push(name + " is cut by the screen's edge");
      continue;
    }
    let hit = false;
    for (let i = 1; i < 6 && !hit; i++) {
      for (let j = 1; j < 6 && !hit; j++) {
        const x = r.left + (r.width * i) / 6, y = r.top + (r.height * j) / 6;
        const top = document.elementFromPoint(x, y);
        hit = top !== null && (top === el || el.contains(top));
      }
    }
    if (!hit) out.push(name + " is covered");
  }
  return out;
}"""


def lobby(page: Any, site: dict[str, Any]) -> None:
    page.goto(f"{site['url']}/clubs/riverside/tables/")


def tractor_table(page: Any, site: dict[str, Any]) -> None:
    show_table(page, site, "tractor", tractor_view())


def twelve_seat_table(page: Any, site: dict[str, Any]) -> None:
    show_table(page, site, "zhaopengyou", zhaopengyou_view()[0])


def sisepai_table(page: Any, site: dict[str, Any]) -> None:
    show_table(page, site, "sisepai", sisepai_view())


def viewer(game: str) -> Callable[[Any, dict[str, Any]], None]:
    def open_viewer(page: Any, site: dict[str, Any]) -> None:
        page.goto(f"{site['url']}/deals/{site['deals'][game]}/?seat=all&at=40")
        page.wait_for_selector("#viewer.ready")

    return open_viewer


PAGES: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "lobby": lobby,
    "tractor-table": tractor_table,
    "zhaopengyou-12-table": twelve_seat_table,
    "sisepai-table": sisepai_table,
    "viewer-tractor": viewer("tractor"),
    "viewer-zhaopengyou": viewer("zhaopengyou"),
    "viewer-sisepai": viewer("sisepai"),
}


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_fits_a_phone(browser: Any, card_site: dict[str, Any], name: str, language: str) -> None:
    """No sideways scrolling at 390 px, and a tap reaches every control (signed in as the demo owner,
    who sees the most controls: the lobby's form, the comment form)."""
    page = open_page(browser, PHONE, language)
    log_in(page, card_site["url"], "demo", "tractor-demo")
    PAGES[name](page, card_site)
    keep_screenshot(page, f"phone-{name}-{language}")
    wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide on a {wide[1]} px screen"
    assert page.evaluate(UNREACHABLE, CONTROLS) == []
    page.context.close()
