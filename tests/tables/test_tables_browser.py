"""A real browser plays a whole deal at a live table: one person by clicks, three heuristic bots."""

from __future__ import annotations

import contextlib
import json
import subprocess
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.servers import BIN, ROOT, daphne, manage, scratch_database

pytestmark = pytest.mark.browser

SETUP = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
user = get_user_model().objects.create_user("player", password="table-pw-1234")
club = Club.objects.create(name="Browser Club", slug="browser-club")
Membership.objects.create(club=club, user=user, role="owner")
"""


@pytest.fixture(scope="module")
def table_site() -> Iterator[str]:
    """Daphne with a fast pace: server steps on its event loop (embedded default) or a Celery worker."""
    with scratch_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.05,between_deals=60"
        env["CELERY_QUEUE"] = f"browser-{uuid.uuid4().hex[:8]}"
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "shell", "-c", SETUP)
        with contextlib.ExitStack() as stack:
            if env.get("REDIS_URL"):
                # With Redis the steps are Celery tasks: this site needs a worker of its own.
                worker = [
                    str(BIN / "celery"),
                    "-A",
                    "cardclub",
                    "worker",
                    "--pool=solo",
                    "-Q",
                    env["CELERY_QUEUE"],
                ]
                proc = subprocess.Popen(
                    worker, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
                stack.callback(proc.wait, 10)
                stack.callback(proc.terminate)
            yield stack.enter_context(daphne(env))


def my_move(tab: Any) -> str | None:
    """The move to make now, from the seat's hints, when it is this player's turn."""
    if not tab.locator("#turn.mine").count():
        return None
    hints = json.loads(tab.get_attribute("#actions", "data-hints") or "[]")
    for verb in ("play", "bury", "pickup", "redeal"):
        for hint in hints:
            if hint.split()[0] == verb:
                return hint
    return None


def make(tab: Any, move: str) -> None:
    """Make a move the way a person does: select the cards in the hand, then press the button."""
    verb, *cards = move.split()
    if verb in ("play", "bury"):
        for card in cards:
            tab.locator(f'#hand button[data-card="{card}"][aria-selected="false"]').first.click()
        tab.click(f"#{verb}-cards")
    else:
        tab.click(f'#actions button[data-action="{move}"]')


def test_a_person_plays_a_whole_deal_against_three_bots(page: Any, table_site: str) -> None:  # noqa: F811
    """Open a table, seat three bots, get ready, play every decision by clicks until the result shows."""
    page.goto(table_site + "/accounts/login/")
    page.fill("input[name=username]", "player")
    page.fill("input[name=password]", "table-pw-1234")
    page.click("button[type=submit]")
    page.wait_for_selector(".nav-user .who")
    page.goto(table_site + "/clubs/browser-club/tables/")
    page.select_option("#open-game", "shengji")
    page.click("text=Open a table")
    page.wait_for_selector("#lobby")
    for seat in (1, 2, 3):
        page.select_option(f"#bot-{seat}", "heuristic")
        page.click(f'.seat[data-seat="{seat}"] .bot-form button')
        page.wait_for_selector(f'.seat[data-seat="{seat}"].taken')
    page.click("#ready")
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#hand button.card-face")
    assert "Trump" in page.inner_text("#trump")
    tried_empty_play = False
    deadline = time.monotonic() + 120
    while not page.locator("#result:not([hidden])").count():
        assert time.monotonic() < deadline, "the deal did not end"
        move = my_move(page)
        if move is None:
            page.wait_for_timeout(50)
            continue
        if move.startswith("play") and not tried_empty_play:
            # Pressing Play with nothing selected shows an error where the player looks.
            page.click("#play-cards")
            assert page.inner_text("#error") == "Select cards in your hand first."
            tried_empty_play = True
        version_before = page.inner_text("#turn")
        make(page, move)
        page.wait_for_function(
            "(before) => !document.querySelector('#turn.mine')"
            " || document.querySelector('#turn').innerText !== before"
            " || !document.querySelector('#result').hidden",
            arg=version_before,
            timeout=10_000,
        )
    result = page.inner_text("#result")
    assert "The deal is over." in result
    assert page.locator("#last-trick .card-face").count() > 0 or "Redeal" in result
    assert "Defenders' points" in page.inner_text("#points")
    assert page.locator("#others li").count() == 4
    assert "Seed" in (page.text_content("#fairness-text") or "")
