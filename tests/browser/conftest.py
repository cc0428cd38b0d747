"""Playwright in the system's headless Chromium against a real Daphne serving the demo data."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import card_site  # noqa: F401  (the card and phone tests' site)
from tests.conftest import chromium_path
from tests.demo_template import demo_database
from tests.servers import daphne

# Chromium's own background traffic is refused on these machines' closed network.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL of a Daphne process with migrated demo data on a database of its own."""
    with demo_database() as env, daphne(env) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module.

    Module scope, not session: Playwright's sync API keeps an event loop running in this
    thread while it is open, which would break later async tests (WebsocketCommunicator).
    """
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        pytest.fail("Chromium is required (REQUIRE_BROWSER=1) but was not found")
    # Playwright's sync API runs an event loop in this thread; Django's guard is not relevant here.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context and page per test."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def log_in(page: Any, site: str, username: str, password: str) -> None:
    """Log in through the site's form and wait until the navigation names the user."""
    page.goto(site + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_selector(".nav-user .who")
