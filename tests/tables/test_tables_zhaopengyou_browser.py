"""A real browser plays a whole deal at a 6-player Zhao Pengyou table (one person by clicks, five bots),
then opens the deal's replay and steps through it."""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import browser, log_in, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.demo_template import migrated_database
from tests.servers import celery_worker, daphne, shell
from tests.tables.test_tables_browser import SETUP, make, my_move, table_site  # noqa: F401  (the same site)

pytestmark = pytest.mark.browser

SEATS = 6


def hints(tab: Any) -> list[str]:
    """The seat's legal-move hints the page was sent."""
    return list(json.loads(tab.get_attribute("#actions", "data-hints") or "[]"))


def call_a_friend(tab: Any) -> str:
    """Make the first offered friend call with the call form: choose the copy and the card, press Call."""
    call = next(h for h in hints(tab) if h.startswith("call "))
    _verb, nth, card = call.split()
    tab.select_option("#call-nth", nth)
    tab.select_option("#call-card", card)
    tab.click("#call-submit")
    return call


def declare_if_offered(tab: Any) -> bool:
    """Show a card of one's own rank while the cards are drawn, to become the declarer."""
    button = tab.locator("#actions button.declare").first
    if not button.count():
        return False
    try:
        button.click(timeout=1000)
    except PlaywrightTimeout:
        return False  # another seat declared first: the button went away
    return True


def bury_by_keyboard(tab: Any, cards: list[str]) -> None:
    """Select the cards with the arrow keys and the space bar, then press Enter to bury them."""
    hand = [b.get_attribute("data-card") for b in tab.locator("#hand button").all()]
    wanted: list[int] = []
    for card in cards:
        wanted.append(next(i for i, c in enumerate(hand) if c == card and i not in wanted))
    tab.focus("#hand button >> nth=0")
    at = 0
    for index in sorted(wanted):
        for _ in range(index - at):
            tab.keyboard.press("ArrowRight")
        at = index
        tab.keyboard.press(" ")
    assert tab.locator('#hand button[aria-selected="true"]').count() == len(cards)
    tab.keyboard.press("Enter")


def open_table_with_bots(tab: Any, site: str) -> None:
    """Open a 6-seat Zhao Pengyou table from the lobby and give seats 1-5 to heuristic bots."""
    tab.goto(site + "/clubs/browser-club/tables/")
    tab.select_option("#open-game", "zhaopengyou")
    tab.select_option("#open-seats", str(SEATS))
    tab.click("text=Open a table")
    tab.wait_for_selector("#lobby")
    assert tab.locator("#lobby .seat").count() == SEATS
    for seat in range(1, SEATS):
        tab.select_option(f"#bot-{seat}", "heuristic")
        tab.click(f'.seat[data-seat="{seat}"] .bot-form button')
        tab.wait_for_selector(f'.seat[data-seat="{seat}"].taken')
    tab.click("#ready")


def play_until_the_result(tab: Any) -> list[str]:
    """Make every decision of seat 0 by clicks until the deal's result shows; returns the calls made."""
    calls: list[str] = []
    deadline = time.monotonic() + 240
    while not tab.locator("#result .deal-result").count():
        assert time.monotonic() < deadline, "the deal did not end"
        if declare_if_offered(tab):
            continue
        if not tab.locator("#turn.mine").count():
            tab.wait_for_timeout(50)
            continue
        before = tab.inner_text("#turn")
        if any(h.startswith("call ") for h in hints(tab)):
            assert tab.locator("#call-form:not([hidden])").count()
            calls.append(call_a_friend(tab))
        else:
            move = my_move(tab)
            if move is None:
                tab.wait_for_timeout(50)
                continue
            make(tab, move)
        tab.wait_for_function(
            "(before) => !document.querySelector('#turn.mine')"
            " || document.querySelector('#turn').innerText !== before"
            " || !document.querySelector('#result').hidden",
            arg=before,
            timeout=10_000,
        )
    return calls


def test_a_person_plays_a_zhao_pengyou_deal_with_five_bots_and_replays_it(
    page: Any,  # noqa: F811
    table_site: str,  # noqa: F811
) -> None:
    """Six seats around the felt, calls and friends shown, a result in words, then the replay."""
    log_in(page, table_site, "player", "table-pw-1234")
    open_table_with_bots(page, table_site)
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#hand button.card-face")
    assert page.locator("#others .spot").count() == SEATS
    assert page.locator('#others .spot.me[data-seat="0"]').count() == 1
    calls = play_until_the_result(page)
    page.wait_for_selector("#result .deal-result")
    result = page.inner_text("#result")
    assert "The deal is over." in result and "{" not in result
    redeal = "Redeal" in result
    if not redeal:
        assert re.search(r"The (declarer's side|defenders) won: ", result)
        assert "The defenders took" in result
        # Every call of the deal is listed with its copy and what became of it, on the felt too.
        assert page.locator("#calls li").count() == 2
        assert result.count("copy of") == 2
        for call in calls:
            assert page.locator(f'#calls li[data-call="{call}"]').count() == 1
        assert page.locator("#others .spot.friend").count() >= 1
    replay = page.locator("#result a.replay-link")
    replay.click()
    page.wait_for_selector("#viewer.ready")
    assert page.locator("#board .seat").count() == SEATS
    label = page.inner_text("#step-label")
    last = int(re.match(r"Step (\d+) of (\d+)", label).group(2))
    page.click("#btn-start")
    for _ in range(5):
        page.click("#btn-forward")
    assert page.inner_text("#step-label").startswith(f"Step 5 of {last}")
    page.click("#btn-end")
    assert page.inner_text("#step-label").startswith(f"Step {last} of {last}")
    if not redeal:
        assert page.locator("#status .call").count() == 2
    # The perspective of any of the six seats: that seat's hand as cards, the others' as counts.
    page.select_option("#perspective", "3")
    page.wait_for_function("() => new URL(location.href).searchParams.get('seat') === '3'")
    if not redeal:
        page.select_option("#jump-phase", label="play")  # everyone holds a full hand
        assert page.locator('#board .seat[data-seat="3"] .hand .c:not(.back)').count() > 0
    assert page.locator('#board .seat[data-seat="0"] .hand .c.back').count() == 1


# The player's seat 0 has just declared at a 6-seat table (the server drew every card for it): the
# player takes the kitty, buries, and calls the friends by clicks. Deals are drawn until seat 0
# holds a card of its rank, since only then can it declare.
DECLARED = """
from django.contrib.auth import get_user_model
from league.models import Club, Deal
from tables.services import live, lobby, moves
user = get_user_model().objects.get(username="player")
club = Club.objects.get(slug="browser-club")

def state(deal):
    return live.state_of(Deal.objects.get(pk=deal.pk)).state

def step(deal, seat, action):
    moves.apply_move(deal.pk, seat, action, Deal.objects.get(pk=deal.pk).version)

for attempt in range(50):
    table = lobby.open_table(club, user, "zhaopengyou", seats=6, seconds_per_decision=600)
    for seat in range(1, 6):
        lobby.seat_bot(table.pk, user, seat, "heuristic")
    deal = lobby.set_ready(table.pk, user)
    while state(deal).view(None)["phase"] == "draw":
        step(deal, min(state(deal).must_move()), "draw")
    offers = [str(a) for a in state(deal).legal_actions(0) if str(a).startswith("declare")]
    if offers:
        step(deal, 0, offers[0])
        break
    table.refresh_from_db()
    match = table.match
    table.delete()
    match.delete()
"""


@pytest.fixture(scope="module")
def declarer_site() -> Iterator[str]:
    """Daphne (and, with Redis, a Celery worker) at a fast pace, with a 6-seat table where the player
    has declared and must take the kitty."""
    with migrated_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.05,between_deals=60"
        env["CELERY_QUEUE"] = f"browser-zp-{uuid.uuid4().hex[:8]}"
        shell(env, SETUP + DECLARED)
        with celery_worker(env), daphne(env) as url:
            yield url


def test_the_declarer_buries_by_keyboard_calls_two_friends_and_plays_the_deal(
    page: Any,  # noqa: F811
    declarer_site: str,
) -> None:
    """Pick up, bury six cards by keyboard, call "the Nth copy" of two cards with the form, play it out."""
    log_in(page, declarer_site, "player", "table-pw-1234")
    page.goto(declarer_site + "/clubs/browser-club/tables/")
    page.click("#lobby-rows a")
    page.wait_for_selector('#actions button[data-action="pickup"]')
    assert page.inner_text("#declaration").startswith("Declared by player")
    page.click('#actions button[data-action="pickup"]')
    page.wait_for_selector("#bury-cards")
    bury_by_keyboard(page, next(h for h in hints(page) if h.startswith("bury ")).split()[1:])
    page.wait_for_selector("#call-form:not([hidden])")
    assert "0 of 2 called" in page.inner_text("#call-form")
    first = call_a_friend(page)
    page.wait_for_selector(f'#calls li[data-call="{first}"]')
    assert "1 of 2 called" in page.inner_text("#call-form")
    assert call_a_friend(page) != first
    page.wait_for_function("() => document.querySelectorAll('#calls li').length === 2")
    assert page.locator("#call-form[hidden]").count() == 1
    assert "not found yet" in page.inner_text("#calls")
    play_until_the_result(page)
    result = page.inner_text("#result")
    assert re.search(r"The (declarer's side|defenders) won: ", result)
    assert result.count("copy of") == 2
