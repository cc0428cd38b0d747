"""Reading a replay in headless Chromium at 1280 and 390 px, in English and Chinese: it opens at
the first step, "Next mistake" shows a label and a verdict about the same move and seat, moves
are sentences with drawn cards (no engine notation on the page), the verdict sits beside the
board (under it on a phone), the last step shows the levels after the deal, Si Se Pai steps
turn by turn, a spoiler-free link hides the result, and nothing scrolls sideways.

The demo data with its first Shengji, Tractor, San Da Ha and Si Se Pai deals reviewed by the real
engine at the fast budget."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import DESKTOP, PHONE, open_page
from tests.demo_template import demo_database
from tests.servers import daphne, manage, shell

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SIZES = {"desktop": DESKTOP, "phone": PHONE}
# Engine notation: a verb followed by card codes, or two card codes in a row ("play AS", "7S 7H").
NOTATION = re.compile(
    r"\b(?:play|bury|declare|discard|chi|meld|call) +[0-9TJQKA1-4]|\b[2-9TJQKA][SHDC] +[2-9TJQKA][SHDC]\b"
)

DEALS = """
from league.models import Deal
for game in ("tractor", "sisepai"):
    deals = Deal.objects.filter(game=game, status="finished", match__tournament__isnull=False)
    print(game, deals.order_by("pk").first().pk)
"""


MISTAKES = ("inaccuracy", "mistake", "blunder")
PAID = ("sandaha", "sisepai")  # the games whose graph follows the dealer's payment


def with_a_mistake(url: str, deals: list[int]) -> int:
    """The first of ``deals`` whose review found an inaccuracy or worse."""
    for deal in deals:
        with urllib.request.urlopen(f"{url}/deals/{deal}/review.json") as response:
            if any(line["label"] in MISTAKES for line in json.load(response)["lines"]):
                return deal
    raise AssertionError(f"no mistake in the reviews of deals {deals}")


@pytest.fixture(scope="module")
def site() -> Iterator[dict[str, Any]]:
    with demo_database() as env:
        # The demo's bots deal afresh each time: a Shengji and a Tractor deal are reviewed, and
        # the tests use one whose review found a mistake (a Tractor deal nearly always has some).
        games = "shengji,tractor,sandaha,sisepai"
        out = manage(env, "review_deals", "--games", games, "--budget", "fast")
        found = {game: int(pk) for game, pk in re.findall(r"^(\w+): deal (\d+) reviewed", out, re.M)}
        deals = {game: int(pk) for game, pk in re.findall(r"^(\w+) (\d+)$", shell(env, DEALS), re.M)}
        with daphne(env) as url:
            mistaken = with_a_mistake(url, [found["shengji"], found["tractor"]])
            yield {"url": url, "reviewed": mistaken, "paid": {g: found[g] for g in PAID}, **deals}


def viewer(browser: Any, site: dict[str, Any], deal: int, size: str, language: str, query: str = "") -> Any:
    page = open_page(browser, SIZES[size], language)
    page.goto(f"{site['url']}/deals/{deal}/{query}")
    page.wait_for_selector("#viewer.ready")
    return page


def scrub(page: Any) -> int:
    return int(page.input_value("#scrub"))


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


def faces(locator: Any) -> list[str]:
    return [el.get_attribute("data-card") for el in locator.locator("[data-card]").all()]


def steps(page: Any, deal: int) -> dict[str, Any]:
    return json.loads(page.evaluate(f"fetch('/deals/{deal}/steps.json').then(r => r.text())"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_next_mistake_shows_one_move_in_the_label_and_the_verdict(
    browser: Any, site: dict[str, Any], size: str, language: str
) -> None:
    """Opened at step 0; after N the label's move and the verdict's are the same cards by the same
    seat, in words and faces, with no engine notation anywhere on the page."""
    page = viewer(browser, site, site["reviewed"], size, language)
    assert scrub(page) == 0
    review = json.loads(page.evaluate(f"fetch('/deals/{site['reviewed']}/review.json').then(r => r.text())"))
    mistakes = [line for line in review["lines"] if line["label"] in MISTAKES]
    assert mistakes
    page.click("#btn-next-mistake")
    first = mistakes[0]
    assert scrub(page) == first["index"] + 1
    seat = json.loads(page.inner_text("#replay-head"))["seats"][first["seat"]]
    label, verdict = page.locator("#step-label .move-words"), page.locator("#review-here .verdict.played")
    assert seat in label.inner_text() and seat in verdict.inner_text()
    played = first["played"].split()[1:]
    assert faces(label) == faces(verdict) == played
    assert page.locator("#review-here .verdict.best .card-face").count() > 0
    text = page.inner_text("body")
    assert not NOTATION.search(text), NOTATION.search(text)
    if language == "zh-Hans":  # the sentence is Chinese ("扣底", "首出", "跟出"), not English
        assert re.search("[\u4e00-\u9fff]", label.inner_text())
        words = label.inner_text() + verdict.inner_text()
        assert not re.search(r"\b(?:leads|plays|buries|declares)\b", words)
    board, here = page.locator("#board").bounding_box(), page.locator("#review-here").bounding_box()
    if size == "desktop":  # beside the board, level with its top half
        assert here["x"] >= board["x"] + board["width"] and here["y"] < board["y"] + board["height"] / 2
    else:  # directly under it, before the rest of the side panel
        assert board["y"] + board["height"] <= here["y"] < page.locator("#status").bounding_box()["y"]
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_last_step_shows_the_levels_after_the_deal(browser: Any, site: dict[str, Any], size: str) -> None:
    page = viewer(browser, site, site["tractor"], size, "en")
    assert not page.locator("#ending").is_visible()
    page.click("#btn-end")
    ending = page.locator("#ending")
    assert ending.is_visible() and not page.locator("#standing").is_visible()
    result = steps(page, site["tractor"])["frames"][-1]["result"]
    for before, after in zip(result["levels_before"], result["levels_after"], strict=True):
        assert f"{before} → {after}" in ending.inner_text()
    assert faces(ending) == result["kitty"]
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_trick_buttons_move_by_whole_tricks(browser: Any, site: dict[str, Any], size: str) -> None:
    page = viewer(browser, site, site["tractor"], size, "en")
    tricks = [t["at"] for t in steps(page, site["tractor"])["story"]["tricks"]]
    page.click("#btn-next-unit")
    page.click("#btn-next-unit")
    assert scrub(page) == tricks[1]
    page.click("#btn-prev-unit")
    assert scrub(page) == tricks[0]


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_si_se_pai_steps_turn_by_turn(browser: Any, site: dict[str, Any], size: str, language: str) -> None:
    """ "Next turn" lands on each turn in order, never inside a claim window nobody took; the
    label names the move in words, and the end of the deal fits the phone too."""
    page = viewer(browser, site, site["sisepai"], size, language)
    data = steps(page, site["sisepai"])
    turns, frames = data["story"]["turns"], data["frames"]
    assert len(turns) < len(frames) - 1
    for turn in turns[:6]:
        page.click("#btn-next-unit")
        assert scrub(page) == turn
        assert not NOTATION.search(page.inner_text("#step-label"))
    page.click("#btn-end")
    assert page.locator("#ending").is_visible()
    assert no_sideways_scroll(page)


def test_a_spoiler_free_link_shows_the_result_only_at_the_end(browser: Any, site: dict[str, Any]) -> None:
    page = viewer(browser, site, site["tractor"], "desktop", "en", "?spoilers=hide")
    assert not page.locator("#result-section").is_visible()
    page.keyboard.press("End")
    assert page.locator("#result-section").is_visible()
    page.keyboard.press("Home")
    assert not page.locator("#result-section").is_visible()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_expected_points_graph_is_drawn_and_a_click_jumps(
    browser: Any, site: dict[str, Any], size: str
) -> None:
    """One point per judged decision under the timeline; a marked one leads to its step and verdict."""
    page = viewer(browser, site, site["reviewed"], size, "en")
    review = json.loads(page.evaluate(f"fetch('/deals/{site['reviewed']}/review.json').then(r => r.text())"))
    points = page.locator("#points-graph .gpoint")
    assert points.count() == len(review["lines"])
    mark = page.locator("#points-graph .gpoint.marked").first
    at = int(mark.get_attribute("data-at"))
    mark.click()
    assert scrub(page) == at
    assert page.locator("#review-here .judgement").get_attribute("data-index") == str(at - 1)
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
@pytest.mark.parametrize("game", PAID)
def test_a_payment_games_graph_follows_the_dealer_and_a_click_jumps(
    browser: Any, site: dict[str, Any], game: str, size: str, language: str
) -> None:
    """San Da Ha and Si Se Pai: a point per judged decision at the dealer's expected payment; a
    click on one leads to its step and its verdict, in either language, without sideways scroll."""
    deal = site["paid"][game]
    page = viewer(browser, site, deal, size, language)
    review = json.loads(page.evaluate(f"fetch('/deals/{deal}/review.json').then(r => r.text())"))
    points = page.locator("#points-graph .gpoint")
    assert points.count() == len(review["lines"]) > 0
    values = [float(v) for v in points.evaluate_all("els => els.map(e => e.dataset.value)")]
    assert values == pytest.approx([line["value_side"] for line in review["lines"]], abs=0.051)
    point = points.nth(len(review["lines"]) // 2)
    at = int(point.get_attribute("data-at"))
    point.click()
    assert scrub(page) == at
    assert page.locator("#review-here .judgement").get_attribute("data-index") == str(at - 1)
    caption = page.inner_text("#graph figcaption")
    assert ("庄家" in caption) if language == "zh-Hans" else ("dealer" in caption)
    assert no_sideways_scroll(page)
