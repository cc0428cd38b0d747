"""A director's review of a whole event in headless Chromium, at 1280 px in English and 390 px in
Chinese: the request queues every finished deal, and the tournament page's progress line moves
on by itself as the reviews end, without a reload and without sideways scroll.

The demo data; reviews are only queued (``REVIEWS_RUN=manual``) and marked done from a shell, so
the test waits on the page's polling, not on the engine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import DESKTOP, PHONE, open_page
from tests.demo_template import demo_database
from tests.servers import daphne, shell

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

TOURNAMENT = """
from league.models import Deal, Tournament
from replays.models import Review
Review.objects.all().delete()
for t in Tournament.objects.filter(club__slug="riverside").order_by("pk"):
    deals = Deal.objects.filter(match__tournament=t, status="finished", has_moves=True).count()
    if deals:
        print("event", t.get_absolute_url(), deals)
        break
"""
FINISH = """
from django.utils import timezone
from replays.models import Review
Review.objects.update(status="done", finished_at=timezone.now())
"""


@pytest.fixture(scope="module")
def event_site() -> Iterator[dict[str, Any]]:
    with demo_database() as env:
        env["REVIEWS_RUN"] = "manual"
        with daphne(env) as url:
            yield {"url": url, "env": env}


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.parametrize(("size", "language"), [(DESKTOP, "en"), (PHONE, "zh-Hans")])
def test_the_event_s_progress_moves_on_without_a_reload(
    browser: Any, event_site: dict[str, Any], size: dict[str, int], language: str
) -> None:
    found = re.search(r"^event (\S+) (\d+)$", shell(event_site["env"], TOURNAMENT), re.M)
    assert found, "the demo has no tournament with finished deals"
    path, deals = found.groups()
    page = open_page(browser, size, language)
    page.goto(event_site["url"] + "/accounts/login/")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "tractor-demo")
    page.click("button[type=submit]")
    page.wait_for_selector(".nav-user .who")
    page.goto(event_site["url"] + path)
    with page.expect_navigation():
        page.click("#btn-event-review")
    progress = page.locator("#event-review-progress")
    assert progress.get_attribute("data-waiting") == deals
    assert page.locator("#event-review progress").get_attribute("value") == "0"
    page.evaluate("window.notReloaded = true")
    shell(event_site["env"], FINISH)
    page.wait_for_selector('#event-review-progress[data-waiting="0"]', timeout=30_000)
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("#event-review progress").get_attribute("value") == deals
    numbers = re.findall(r"\d+", progress.inner_text())
    assert numbers[:2] == [deals, deals] or set(numbers) == {deals}
    assert no_sideways_scroll(page)
