"""The viewer in headless Chromium: stepping, keys, trick jumps, perspectives, deep links, comments."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.demo_template import demo_database
from tests.servers import daphne, manage

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def replay_site() -> Iterator[dict[str, Any]]:
    """A Daphne on a scratch database with the demo club and bot-played finished deals."""
    with demo_database() as env:
        out = manage(env, "make_sample_deals", "--games", "tractor,sisepai,zhaopengyou", "--deals", "2")
        deals = {name: int(pk) for name, pk in re.findall(r"^(\w+): .* first /deals/(\d+)/$", out, re.M)}
        with daphne(env) as url:
            yield {"url": url, "deals": deals}


def step_of(page: Any) -> int:
    """The step the viewer shows, from its label."""
    return int(re.match(r"Step (\d+) of", page.inner_text("#step-label")).group(1))


def open_deal(page: Any, site: dict[str, Any], query: str = "", game: str = "tractor") -> None:
    page.goto(f"{site['url']}/deals/{site['deals'][game]}/{query}")
    page.wait_for_selector("#viewer.ready")


def test_it_steps_with_the_buttons_and_the_keys(page: Any, replay_site: dict[str, Any]) -> None:
    """Forward, back, end and start by button; arrows, End and Home by keyboard."""
    open_deal(page, replay_site, "?at=0")
    assert step_of(page) == 0
    page.click("#btn-forward")
    page.click("#btn-forward")
    assert step_of(page) == 2
    page.click("#btn-back")
    assert step_of(page) == 1
    page.click("#btn-end")
    last = step_of(page)
    assert last > 100
    assert page.locator("#ending").is_visible()  # the deal's end beside the board
    page.click("#btn-start")
    assert step_of(page) == 0
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert step_of(page) == 3
    page.keyboard.press("ArrowLeft")
    assert step_of(page) == 2
    page.keyboard.press("End")
    assert step_of(page) == last
    page.keyboard.press("Home")
    assert step_of(page) == 0
    assert "at=0" in page.url


def test_autoplay_moves_on_by_itself(page: Any, replay_site: dict[str, Any]) -> None:
    """Space starts autoplay at the chosen speed; space again pauses it."""
    open_deal(page, replay_site, "?at=0")
    page.select_option("#speed", "250")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press(" ")
    page.wait_for_function("document.getElementById('scrub').value >= 3")
    page.keyboard.press(" ")
    paused = step_of(page)
    page.wait_for_timeout(600)
    assert step_of(page) == paused


def test_it_jumps_to_a_trick(page: Any, replay_site: dict[str, Any]) -> None:
    """Choosing trick 3 shows the step that closed it, with its four plays on the table."""
    open_deal(page, replay_site, "?at=0")
    option = page.locator("#jump-trick option").nth(3)
    target = int(option.get_attribute("value"))
    page.select_option("#jump-trick", str(target))
    assert step_of(page) == target
    assert page.locator("#board .center .trick .play").count() == 4
    assert page.locator("#tricks li:not(.future)").count() == 3


def test_it_switches_perspective(page: Any, replay_site: dict[str, Any]) -> None:
    """One seat's perspective shows its own cards and only counts of the others' hands, mid-deal."""
    open_deal(page, replay_site, "?at=60")
    assert page.locator("#board .c.back").count() == 0
    page.select_option("#perspective", "2")
    page.wait_for_function("new URL(location.href).searchParams.get('seat') === '2'")
    page.wait_for_selector("#board .c.back")
    assert step_of(page) == 60
    assert page.locator('#board .seat[data-seat="2"] .c.back').count() == 0
    assert page.locator('#board .seat[data-seat="2"] .c').count() > 0
    assert page.locator("#board .seat .c.back").count() == 3
    page.select_option("#perspective", "all")
    page.wait_for_function("document.querySelectorAll('#board .c.back').length === 0")


def test_a_deep_link_opens_that_position_and_perspective(page: Any, replay_site: dict[str, Any]) -> None:
    """?at=37&seat=2 opens step 37 seen by seat 2; the copy button offers the same link."""
    open_deal(page, replay_site, "?at=37&seat=2")
    assert step_of(page) == 37
    assert page.input_value("#perspective") == "2"
    assert page.input_value("#scrub") == "37"
    assert page.locator('#board .seat[data-seat="2"] .c.back').count() == 0
    assert page.locator("#board .c.back").count() == 3
    page.click("#btn-copy")
    page.wait_for_function("document.getElementById('copy-note').textContent.length > 0")


def test_it_draws_si_se_pai(page: Any, replay_site: dict[str, Any]) -> None:
    """A game of another layout steps the same way."""
    open_deal(page, replay_site, "?at=10", game="sisepai")
    assert step_of(page) == 10
    assert page.locator("#board .seat").count() == 3
    page.keyboard.press("End")
    assert page.locator("#status .result-note").count() == 1


def test_a_member_comments_and_sees_it_on_the_timeline(page: Any, replay_site: dict[str, Any]) -> None:
    """The demo owner adds a comment at step 20; it is listed and marked on the timeline there."""
    page.goto(replay_site["url"] + "/accounts/login/")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "tractor-demo")
    page.click("button[type=submit]")
    page.wait_for_selector(".nav-user .who")
    open_deal(page, replay_site, "?at=20&seat=1")
    page.fill("#comment-form textarea", "Seat 1 should have declared here.")
    with page.expect_navigation():
        page.click("#comment-form button[type=submit]")
    page.wait_for_selector("#viewer.ready")
    assert step_of(page) == 20
    assert page.input_value("#perspective") == "1"
    item = page.locator("#comment-list li.here")
    assert "Seat 1 should have declared here." in item.inner_text()
    assert page.locator('#markers .marker.here[data-at="20"]').count() == 1
    page.click("#btn-forward")
    assert page.locator("#comment-list li.here").count() == 0
    page.click("#comment-list a.jump")
    assert step_of(page) == 20
    page.click("#btn-end")
    page.click('#markers .marker[data-at="20"]')
    assert step_of(page) == 20


def test_it_jumps_to_a_phase(page: Any, replay_site: dict[str, Any]) -> None:
    """Choosing the play phase skips the draw to the first step of play."""
    open_deal(page, replay_site, "?at=0")
    value = page.locator("#jump-phase option", has_text="play").first.get_attribute("value")
    page.select_option("#jump-phase", value)
    assert step_of(page) == int(value) > 50
    assert "play" in page.inner_text("#status")


def test_it_draws_six_seats_and_the_friend_calls(page: Any, replay_site: dict[str, Any]) -> None:
    """Zhao Pengyou: every seat on the table, and the friend calls in the status once made."""
    open_deal(page, replay_site, "?at=0", game="zhaopengyou")
    assert page.locator("#board.many .seat").count() == 6
    page.keyboard.press("End")
    assert "Friend call" in page.inner_text("#status")


def test_a_seat_does_not_read_another_seats_burial(page: Any, replay_site: dict[str, Any]) -> None:
    """At the burial, the dealer's own perspective names the cards; another seat's does not."""
    open_deal(page, replay_site, "?at=0")
    url = f"{replay_site['url']}/deals/{replay_site['deals']['tractor']}/steps.json?seat=all"
    moves = page.evaluate(f"() => fetch('{url}').then(r => r.json()).then(d => d.moves)")
    at = next(i for i, (_, text) in enumerate(moves, start=1) if text.startswith("bury"))
    dealer = moves[at - 1][0]
    open_deal(page, replay_site, f"?at={at}&seat={dealer}")
    assert "buries" in page.inner_text("#step-label")
    assert page.locator("#step-label .card-face").count() > 0  # the buried cards, drawn
    open_deal(page, replay_site, f"?at={at}&seat={(dealer + 1) % 4}")
    label = page.inner_text("#step-label")
    assert "buries" not in label and "hidden from this seat" in label
    assert page.locator("#step-label .card-face").count() == 0
    assert page.locator("#status .c.back").count() == 1  # the kitty, as a count
