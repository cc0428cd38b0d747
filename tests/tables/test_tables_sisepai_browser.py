"""A real browser plays a Si Se Pai deal against two bots, claims a card by a click, then replays the deal.

The deal's secret seed is fixed for this test: ``secrets`` as seen by ``tables.services.deals`` is
the only thing patched, inside the process that starts the match. The seed is chosen so that the
person deals and can pong the very first card drawn, a claim no bot can beat; every other decision
is taken from the page.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from engine import get_game
from engine.games.sisepai.claims import may_demand_redeal
from tests.browser.conftest import browser, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.demo_template import migrated_database
from tests.servers import celery_worker, daphne, shell
from tests.tables.browser_socket import START, open_on_fake_socket, push, sent, view_frame

pytestmark = pytest.mark.browser

SETUP = """
from unittest import mock
from django.contrib.auth import get_user_model
from league.models import Club, Membership
from tests.tables.helpers import seated_table, start
user = get_user_model().objects.create_user("player", password="table-pw-1234")
club = Club.objects.create(name="Four Colours", slug="four-colours")
Membership.objects.create(club=club, user=user, role="owner")
bots = {{1: "heuristic", 2: "heuristic"}}
for seed in {seeds!r}:
    # A long clock: with Celery the clocks run from the start, before the browser comes.
    table = seated_table(club, [user], "sisepai", bots=bots, seconds_per_decision=900)
    secret = mock.Mock(side_effect=[seed, "5a17" * 8])  # the deck's seed, then its salt
    with mock.patch("tables.services.deals.secrets", token_hex=secret):
        start(table)
    print(table.pk)
"""


def claim_seed() -> str:
    """A deck seed where seat 0 deals, no bot may ask for a redeal, and seat 0 can pong its first
    drawn card while no bot can win, kong or pong it (so the person's claim is carried out)."""
    game = get_game("sisepai")
    rules = game.rules_from_json({})
    for n in range(10_000):
        seed = f"ssp-claim-{n}"
        state: Any = game.start(rules, 3, game.shuffled_deck(rules, 3, random.Random(seed)), None)
        if state.dealer != 0 or any(may_demand_redeal(state.hands[b]) for b in (1, 2)):
            continue
        state = first_window(seed)
        bots = {str(a) for b in (1, 2) for a in state.legal_actions(b)}
        if "pong" in {str(a) for a in state.legal_actions(0)} and not bots & {"hu", "kong", "pong"}:
            return seed
    raise AssertionError("no seed gives seat 0 a certain pong")


def kept(seed: str) -> Any:
    """The deal of ``seed`` once every seat has kept its hand: the dealer draws next."""
    game = get_game("sisepai")
    rules = game.rules_from_json({})
    state: Any = game.start(rules, 3, game.shuffled_deck(rules, 3, random.Random(seed)), None)
    for seat in range(3):
        state.apply(seat, game.parse_action("pass"))
    return state


def first_window(seed: str) -> Any:
    """The deal of ``seed`` at its first claim window: seat 0 (a claim seed's dealer) has drawn."""
    state = kept(seed)
    state.apply(0, get_game("sisepai").parse_action("draw"))
    return state


def redeal_seed() -> str:
    """A deck seed where seat 0's dealt hand has no general, no three identical and no
    four-colour soldiers, so seat 0 may ask for a redeal (docs/rules/sisepai.md §8), and no bot's hand may."""
    game = get_game("sisepai")
    rules = game.rules_from_json({})
    for n in range(10_000):
        seed = f"ssp-redeal-{n}"
        state: Any = game.start(rules, 3, game.shuffled_deck(rules, 3, random.Random(seed)), None)
        if may_demand_redeal(state.hands[0]) and not any(may_demand_redeal(state.hands[b]) for b in (1, 2)):
            return seed
    raise AssertionError("no seed lets seat 0 ask for a redeal")


@pytest.fixture(scope="module")
def ssp_site() -> Iterator[dict[str, Any]]:
    """Daphne (and, with Redis, a Celery worker) with two Si Se Pai tables started: a claim and a redeal."""
    with migrated_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.05,between_deals=120"
        env["CELERY_QUEUE"] = f"browser-ssp-{uuid.uuid4().hex[:8]}"
        out = shell(env, SETUP.format(seeds=[claim_seed(), redeal_seed()]))
        claim_table, redeal_table = (int(line) for line in out.strip().splitlines()[-2:])
        with celery_worker(env), daphne(env) as url:
            yield {"url": url, "table": claim_table, "redeal_table": redeal_table}


def decision(tab: Any) -> tuple[str, list[str]]:
    """The view's version and, when the deal waits for this seat, its legal moves, read at once
    (none while the page's last answer is on its way: it offers nothing until that answer's view)."""
    version, moves = tab.evaluate(
        """() => {
          const actions = document.querySelector("#actions");
          const mine = document.querySelector("#turn.mine") !== null && !actions.dataset.sent;
          return [actions.dataset.version || "", mine ? JSON.parse(actions.dataset.hints || "[]") : []];
        }"""
    )
    return version, [m for m in moves if m != "draw"]  # the server draws at its own pace


def answer(tab: Any, moves: list[str]) -> str | None:
    """Decide like a keen player: claim whenever a claim is offered, else pass, keep or discard.

    Returns the move, or ``None`` when the table moved on before the click (the buttons changed).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    claims = [m for m in moves if m.split()[0] in ("tsumo", "hu", "kong", "pong", "meld", "chi")]
    discards = [m for m in moves if m.startswith("discard ")]
    move = claims[0] if claims else discards[-1] if discards else "pass" if "pass" in moves else moves[0]
    try:
        if move.startswith("discard "):
            tab.locator(f'#hand button[data-card="{move.split()[1]}"]').first.click(timeout=2_000)
            tab.locator("#discard").click(timeout=2_000)
        else:
            tab.locator(f'#actions button[data-action="{move}"]').click(timeout=2_000)
    except PlaywrightTimeout:
        return None
    return move


def sit_down(tab: Any, url: str, table: int) -> None:
    """Log in as the seated player and open the table."""
    tab.goto(url + "/accounts/login/")
    tab.fill("input[name=username]", "player")
    tab.fill("input[name=password]", "table-pw-1234")
    tab.click("button[type=submit]")
    tab.wait_for_selector(".nav-user .who")
    tab.goto(f"{url}/tables/{table}/")


def test_a_person_claims_through_the_page_and_replays_the_deal(page: Any, ssp_site: dict[str, Any]) -> None:  # noqa: F811
    """Log in, keep the hand, pong the first drawn card, play on to the end, then step the replay."""
    sit_down(page, ssp_site["url"], ssp_site["table"])
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#hand button.piece")
    assert page.locator("#hand .colour-row").count() >= 2  # grouped by colour
    assert page.locator("#others .ssp-seat").count() == 3
    made: list[str] = []
    deadline = time.monotonic() + 180
    while page.locator("#result[hidden]").count():
        assert time.monotonic() < deadline, f"the deal did not end; moves made: {made}"
        version, moves = decision(page)
        if not moves:
            page.wait_for_timeout(30)
            continue
        if not made:
            assert moves == ["pass"] or moves == ["pass", "redeal"], moves  # the redeal question first
        elif made == ["pass"]:
            # The first drawn card's window comes next, and the page offers the pong as a button.
            assert "pong" in moves, moves
            assert "Pong" in page.inner_text('#actions button[data-action="pong"]')
            assert page.locator("#shown .piece").count() == 1
            window = page.inner_text("#window")  # every seat is asked, the drawer too
            assert window.startswith("Claim window")
            assert "Asked: player, Heuristic bot (Seat 2), Heuristic bot (Seat 3)" in window
            assert "s left" in page.inner_text("#turn")  # the window's clock
            assert page.get_attribute("#clock-fill", "style") not in (None, "", "width: 0px;")
        move = answer(page, moves)
        if move is None:
            continue
        made.append(move)
        page.wait_for_function(
            "(before) => document.querySelector('#actions').dataset.version !== before"
            " || !document.querySelector('#result').hidden",
            arg=version,
            timeout=10_000,
        )
        if made == ["pass", "pong"]:
            page.wait_for_selector("#others .ssp-seat.me .meld")  # the pong lies exposed
    assert made[:2] == ["pass", "pong"], made
    result = page.inner_text("#result")
    assert "The deal is over." in result
    assert "Payments" in result and page.locator("#result .payments li").count() == 3
    assert "{" not in result  # rendered for people, never raw JSON

    page.click("#replay-link")
    page.wait_for_selector("#viewer.ready")
    assert page.locator("#board .seat").count() == 3
    page.click("#btn-start")
    assert "As dealt" in page.inner_text("#step-label")
    for _ in range(7):  # three redeal answers, the draw, then the pong among the window's three answers
        page.click("#btn-forward")
        if "pong" in page.inner_text("#step-label").lower():
            break
    assert "pong" in page.inner_text("#step-label").lower()
    for _ in range(3):  # the pong is carried out once every seat has answered
        if page.locator("#board .seat .meld").count():
            break
        page.click("#btn-forward")
    assert page.locator("#board .seat .meld").count() >= 1
    page.select_option("#perspective", "1")
    page.wait_for_selector("#board .seat .pieces.count")
    assert page.locator("#board .seat .pieces.count").count() == 2  # seat 1 sees only its own hand
    page.keyboard.press("End")
    assert page.locator("#status .result-note").count() == 1
    assert page.locator("#status .payments li").count() == 3


def test_a_redeal_asked_on_the_page_ends_the_deal_in_words(page: Any, ssp_site: dict[str, Any]) -> None:  # noqa: F811
    """A hand without a general, three identical or four-colour soldiers may ask for a redeal."""
    sit_down(page, ssp_site["url"], ssp_site["redeal_table"])
    page.wait_for_selector('#actions button[data-action="redeal"]')
    assert page.inner_text('#actions button[data-action="pass"]') == "Keep my hand"
    page.click('#actions button[data-action="redeal"]')
    page.wait_for_selector("#result:not([hidden])", timeout=15_000)
    result = page.inner_text("#result")
    assert "player asked for a redeal" in result and "nobody pays" in result
    assert [li.inner_text() for li in page.locator("#result .payments li").all()] == [
        "player 0",
        "Heuristic bot (Seat 2) 0",
        "Heuristic bot (Seat 3) 0",
    ]


def test_a_visitor_watches_without_a_hand(browser: Any, ssp_site: dict[str, Any]) -> None:  # noqa: F811
    """Someone not logged in watches a public club's table: counts of every hand, no moves."""
    context = browser.new_context()
    try:
        tab = context.new_page()
        tab.goto(f"{ssp_site['url']}/tables/{ssp_site['table']}/")
        tab.wait_for_selector("#play:not([hidden])")
        assert tab.inner_text("#actions") == "You are watching this table."
        assert tab.locator("#mine").is_hidden()
        assert tab.locator("#others .ssp-seat .tag", has_text="in hand").count() == 3
    finally:
        context.close()


NAMES = ["player", "heuristic bot", "heuristic bot"]
STALE = {
    "type": "error",
    "code": "stale_version",
    "message": "The table has moved on; here is the current view.",
}


def test_an_answer_crossing_another_seats_waits_on_the_page_and_goes_again(
    page: Any,  # noqa: F811
    ssp_site: dict[str, Any],
) -> None:
    """A pong refused as stale (a bot answered first) is not offered again; it goes again on the next view."""
    game = get_game("sisepai")
    state = first_window(claim_seed())
    open_on_fake_socket(page, f"{ssp_site['url']}/tables/{ssp_site['table']}/")
    push(page, view_frame(state, 0, 4, START + 30_000, NAMES))
    page.click('#actions button[data-action="pong"]')
    assert sent(page)[-1] == {"type": "act", "action": "pong", "version": 4}
    state.apply(1, game.parse_action("pass"))
    push(page, view_frame(state, 0, 5, START + 30_000, NAMES))  # the bot's answer, before the refusal
    assert page.get_attribute("#actions", "data-sent") == "pong"
    assert page.locator("#actions button:enabled").count() == 0
    push(page, STALE)
    assert sent(page)[-1] == {"type": "act", "action": "pong", "version": 5}
    state.apply(0, game.parse_action("pong"))
    push(page, view_frame(state, 0, 6, START + 30_000, NAMES))
    assert page.get_attribute("#actions", "data-sent") == ""
    assert [m["type"] for m in sent(page)] == ["act", "act"]


def test_a_paced_draw_with_no_newer_view_for_3_s_asks_for_the_current_view(
    page: Any,  # noqa: F811
    ssp_site: dict[str, Any],
) -> None:
    """The server draws within a second: a paced view with nothing after it for 3 s means a lost event."""
    open_on_fake_socket(page, f"{ssp_site['url']}/tables/{ssp_site['table']}/")
    push(page, view_frame(kept(claim_seed()), 0, 3, None, NAMES))
    page.clock.run_for(2_999)
    assert {"type": "sync"} not in sent(page)
    page.clock.run_for(1)
    assert sent(page) == [{"type": "sync"}]
