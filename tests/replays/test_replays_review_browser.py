"""The engine review in headless Chromium: ask for it, watch the progress, see the marks on the
timeline, jump to the next mistake, show the better move's board, open a deep link to it.

A Tractor deal at the fast budget (about 15 s on one core), reviewed by the real engine on
Daphne's review thread (the embedded default's way, ``REVIEWS_RUN=thread``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.demo_template import demo_database
from tests.servers import daphne, manage

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def review_site() -> Iterator[dict[str, Any]]:
    """A Daphne on a scratch database with the demo club and one finished Tractor deal."""
    with demo_database() as env:
        env["REVIEWS_RUN"] = "thread"
        out = manage(env, "make_sample_deals", "--games", "tractor", "--deals", "1")
        deal = int(re.search(r"first /deals/(\d+)/$", out, re.M).group(1))  # type: ignore[union-attr]
        with daphne(env) as url:
            yield {"url": url, "deal": deal}


# The graph has points while the status still says the review is running: drawn without a reload.
GRAPH_WHILE_RUNNING = """() => document.querySelector("#review-status").dataset.status === "running"
    && document.querySelectorAll("#points-graph .gpoint").length > 0"""


def step_of(page: Any) -> int:
    return int(re.match(r"Step (\d+) of", page.inner_text("#step-label")).group(1))  # type: ignore[union-attr]


def test_a_director_asks_for_a_review_and_walks_its_mistakes(page: Any, review_site: dict[str, Any]) -> None:
    """Request, progress, marks, next mistake (key N), the better board, and the deep link."""
    url, deal = review_site["url"], review_site["deal"]
    page.goto(url + "/accounts/login/")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "tractor-demo")
    page.click("button[type=submit]")
    page.wait_for_selector(".nav-user .who")
    page.goto(f"{url}/deals/{deal}/?at=0")
    page.wait_for_selector("#viewer.ready")
    page.select_option("#review-form select[name=budget]", "fast")
    with page.expect_navigation():
        page.click("#btn-review")
    page.wait_for_selector("#viewer.ready")
    # Progress shows without a reload while the review runs, the graph growing with it, then the
    # marks, the table, the whole graph and how long the review took.
    page.wait_for_selector("#review-status[data-status=running] progress", timeout=60_000)
    page.wait_for_function(GRAPH_WHILE_RUNNING, timeout=120_000)
    page.wait_for_selector("#review-table:not([hidden])", timeout=240_000)
    review = json.loads(page.evaluate(f"fetch('/deals/{deal}/review.json').then(r => r.text())"))
    assert review["status"] == "done" and review["done"] == review["total"] > 0
    mistakes = [line for line in review["lines"] if line["label"] in ("inaccuracy", "mistake", "blunder")]
    assert mistakes, "the heuristic bots' deal has no inaccuracy at all"
    assert page.locator("#review-marks .rmark").count() == len(mistakes)
    assert page.locator("#review-table tbody tr").count() == 4
    assert page.locator("#points-graph .gpoint").count() == len(review["lines"])
    assert page.locator("#points-graph .gpoint.marked").count() == len(mistakes)
    status = page.inner_text("#review-status")
    assert status == f"Review complete (in {review['seconds']} s)", status
    mark = page.locator("#points-graph .gpoint.marked").first
    mark.click()
    assert step_of(page) == int(mark.get_attribute("data-at"))

    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Home")
    page.keyboard.press("n")
    first = mistakes[0]
    # A judgement sits at the step its move led to: the label and the verdict name that move.
    assert step_of(page) == first["index"] + 1
    judgement = page.locator("#review-here .judgement")
    assert judgement.get_attribute("data-index") == str(first["index"])
    played = first["played"].split()[1:]
    assert [el.get_attribute("data-card") for el in judgement.locator(".played .card-face").all()] == played
    page.click("#btn-next-mistake")
    if len(mistakes) > 1:
        assert step_of(page) == mistakes[1]["index"] + 1
        page.click("#btn-prev-mistake")
    assert step_of(page) == first["index"] + 1

    page.click("#btn-better")
    page.wait_for_selector("#board.better")
    page.wait_for_selector("#review-here .better-note")
    page.click("#btn-better")
    page.wait_for_selector("#board:not(.better)")

    # Past the last mistake: "No mistake that way." for a moment, then the status line again.
    page.keyboard.press("End")
    page.click("#btn-next-mistake")
    assert page.inner_text("#review-status") == "No mistake that way."
    page.wait_for_function(f"document.querySelector('#review-status').textContent === {status!r}")

    page.goto(f"{url}/deals/{deal}/?at={first['index'] + 1}&seat={first['seat']}")
    page.wait_for_selector("#viewer.ready")
    assert step_of(page) == first["index"] + 1
    assert page.input_value("#perspective") == str(first["seat"])
    assert page.locator("#review-here .judgement").get_attribute("data-index") == str(first["index"])
