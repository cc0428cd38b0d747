"""The players' rules pages in Chromium: at 390 px (a phone) no page scrolls sideways and every
drawn example fits the screen; at 1280 px the cards are drawn at their size. In English, Simplified
and Traditional Chinese; a screenshot of each page goes to tests/browser/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from cardclub.games import catalogue
from tests.browser.card_pages import DESKTOP, PHONE, keep_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.backend_free]

# The language switch's cookie, and the browser's own language for a site that may not offer one.
LANGUAGES = {"en": "en", "zh-hans": "zh-CN", "zh-hant": "zh-TW"}

# Drawn examples (and the meld table) whose edge passes the screen's, and faces drawn at no size.
OUTSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll(".example, .melds, .example .card-face, .example .piece")) {
    const r = el.getBoundingClientRect();
    const name = `${el.className} ${el.dataset.card || ""}`;
    if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(name + " is cut");
    if (el.dataset.card && (r.width < 12 || r.height < 12)) out.push(name + " is drawn at no size");
  }
  return out;
}"""


def open_rules(browser: Any, site: str, game: str, language: str, size: dict[str, int]) -> Any:
    """The rules page of ``game`` read in ``language`` at ``size``."""
    context = browser.new_context(viewport=size, extra_http_headers={"Accept-Language": LANGUAGES[language]})
    context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{site}/games/{game}/")
    return page


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [game.name for game in catalogue()])
def test_a_rules_page_fits_a_phone(browser: Any, site_url: str, game: str, language: str) -> None:
    """No sideways scrolling at 390 px, and every example is on screen with its cards drawn."""
    page = open_rules(browser, site_url, game, language, PHONE)
    keep_screenshot(page, f"rules-phone-{game}-{language}")
    wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide on a {wide[1]} px screen"
    assert page.locator(".example").count() > 0
    assert page.evaluate(OUTSIDE) == []
    page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [game.name for game in catalogue()])
def test_a_rules_page_draws_its_examples_on_a_desktop(
    browser: Any, site_url: str, game: str, language: str
) -> None:
    """At 1280 px every drawn card of the examples shows the sprite's face at a readable size."""
    page = open_rules(browser, site_url, game, language, DESKTOP)
    keep_screenshot(page, f"rules-desktop-{game}-{language}")
    assert page.evaluate(OUTSIDE) == []
    first = page.locator(".example [data-card]").first
    box = first.bounding_box()
    assert box and box["width"] >= 28, box
    # The face is the sprite's symbol, drawn: its <use> points at the card's own symbol.
    href = first.locator("use").get_attribute("href") or ""
    assert href.endswith(("#c-" if game != "sisepai" else "#p-") + (first.get_attribute("data-card") or ""))
    page.context.close()
