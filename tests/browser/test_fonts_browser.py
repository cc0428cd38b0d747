"""Chinese text renders on a machine with no CJK font: the shipped subsets of Noto Sans CJK draw it.

On the rules page, the table and the viewer, in zh-Hans and zh-Hant, Chromium (which here has only
Latin fonts) loads the site's web font for the page's script, draws the page's Chinese text with
it (Chromium's own report of the fonts a node used, through the DevTools protocol), and the font
holds every Chinese character the page shows. A screenshot of each is kept as an artifact.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from fontTools.ttLib import TTFont

from tests.browser.card_pages import DESKTOP, keep_screenshot, show_table, tractor_view
from tests.servers import ROOT

# The drawing is the browser's and the font files', whichever back end serves the page.
pytestmark = [pytest.mark.browser, pytest.mark.backend_free]

FACES = {"zh-hans": ("Card Club SC", "cardclub-sc.woff2"), "zh-hant": ("Card Club TC", "cardclub-tc.woff2")}
CJK = range(0x3400, 0xA000)
# Marks each visible element whose own text holds Chinese; the number marked.
MARK_CHINESE = """() => {
  const chinese = /[\\u3400-\\u9fff]/;
  let marked = 0;
  for (const el of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "TEMPLATE"].includes(el.tagName)) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;  // closed <details> too
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.data).join("");
    if (chinese.test(own)) { el.dataset.cjkProbe = ""; marked += 1; }
  }
  return marked;
}"""


def cmap(file: str) -> set[int]:
    """The code points a shipped font draws."""
    return set(TTFont(str(ROOT / "static" / "fonts" / file)).getBestCmap())


def test_the_test_machine_has_no_cjk_font() -> None:
    """Otherwise the system's font could draw what the shipped one should (fontconfig's own list)."""
    if shutil.which("fc-list") is None:
        pytest.skip("fontconfig's fc-list is not installed: Chromium finds no fonts at all")
    found = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True, check=True).stdout
    assert found.strip() == "", f"a CJK system font is installed:\n{found}"


@pytest.fixture(params=["zh-hans", "zh-hant"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def page(browser: Any, language: str) -> Iterator[Any]:
    """A desktop page whose site language is ``language`` (the language switch's cookie)."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "django_language", "value": language, "url": "http://127.0.0.1"}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def open_rules(page: Any, site: dict[str, Any]) -> None:
    page.goto(f"{site['url']}/games/tractor/")


def open_table(page: Any, site: dict[str, Any]) -> None:
    show_table(page, site, "tractor", tractor_view())


def open_viewer(page: Any, site: dict[str, Any]) -> None:
    page.goto(f"{site['url']}/deals/{site['deals']['tractor']}/")
    page.wait_for_selector("#viewer.ready")


PAGES = {"rules": open_rules, "table": open_table, "viewer": open_viewer}


def fonts_used(page: Any, selector: str) -> list[tuple[str, set[str], set[str]]]:
    """For each element matching ``selector``: its tag, the web fonts and the system fonts Chromium
    drew its own text with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
    used = []
    for node in nodes:
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        described = cdp.send("DOM.describeNode", {"nodeId": node})["node"]
        custom = {f["familyName"] for f in fonts if f["glyphCount"] and f["isCustomFont"]}
        system = {f["familyName"] for f in fonts if f["glyphCount"] and not f["isCustomFont"]}
        used.append((described["localName"], custom, system))
    return used


@pytest.mark.parametrize("name", PAGES)
def test_chinese_text_is_drawn_with_the_shipped_font(
    page: Any, card_site: dict[str, Any], language: str, name: str
) -> None:
    """The page's script's face is loaded, set on the body, draws each Chinese text node and holds
    every Chinese character the page shows."""
    family, file = FACES[language]
    PAGES[name](page, card_site)
    page.evaluate("document.fonts.ready")
    keep_screenshot(page, f"font-{name}-{language}")
    loaded = page.evaluate("[...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family)")
    assert [f.strip('"') for f in loaded] == [family]
    assert family in page.evaluate("getComputedStyle(document.body).fontFamily")
    text = page.evaluate("document.body.innerText")
    shown = {ord(c) for c in text if ord(c) in CJK}
    assert len(shown) > 10, "the page shows hardly any Chinese: is it translated?"
    lacking = "".join(sorted(chr(c) for c in shown - cmap(file)))
    assert not lacking, f"the font lacks {lacking}: rerun static/fonts/make_font.py"
    probed = page.evaluate(MARK_CHINESE)
    used = fonts_used(page, "[data-cjk-probe]")
    assert len(used) == probed > 3
    # Chromium names a web font by its own name table: the shipped file's family.
    internal = TTFont(str(ROOT / "static" / "fonts" / file))["name"].getDebugName(1)
    drawn_otherwise = [(tag, custom, system) for tag, custom, system in used if custom != {internal}]
    assert not drawn_otherwise, drawn_otherwise
