"""The site in a real browser: navigation, live connection, login and the language switch."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import log_in

# The site's front page and a live connection are what `make demo` shows first: CI runs this on
# the embedded default as well as on the real services.
pytestmark = [pytest.mark.browser, pytest.mark.embedded]


def test_it_shows_the_games_and_a_live_connection(page: Any, site_url: str) -> None:
    """The home page lists the games, and the footer's WebSocket probe turns on."""
    page.goto(site_url + "/")
    assert page.locator("h1").inner_text() == "Chinese card games for clubs"
    assert page.get_by_role("link", name="Tractor 拖拉机").first.is_visible()
    page.wait_for_selector("#pulse.on")


def test_it_logs_in_as_the_demo_owner_and_opens_the_club(page: Any, site_url: str) -> None:
    """The demo login works and the owner sees their role on the club page."""
    log_in(page, site_url, "demo", "tractor-demo")
    page.goto(site_url + "/clubs/riverside/")
    assert "Your role: owner" in page.inner_text("main")


def test_it_switches_to_simplified_chinese(page: Any, site_url: str) -> None:
    """Choosing 简体中文 turns the interface into Chinese."""
    page.goto(site_url + "/")
    with page.expect_navigation():
        page.select_option("#language", "zh-hans")
    assert page.locator("h1").inner_text() == "俱乐部的中国纸牌游戏"
