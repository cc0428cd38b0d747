"""A real browser plays a whole deal at a live table: one person by clicks, three heuristic bots."""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import get_game
from tests.browser.conftest import browser, page  # noqa: F401  (fixtures shared with the site's browser tests)
from tests.engine.family_table import in_play, play
from tests.servers import table_server
from tests.tables.browser_socket import START, open_on_fake_socket, push, sent, view_frame

# A deal against bots is the embedded default's own path (the bots' steps on Daphne's loop, no
# worker): CI runs this on the embedded default as well as on the real services.
pytestmark = [pytest.mark.browser, pytest.mark.embedded]

SETUP = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
user = get_user_model().objects.create_user("player", password="table-pw-1234")
club = Club.objects.create(name="Browser Club", slug="browser-club")
Membership.objects.create(club=club, user=user, role="owner")
"""

EMPTY_TABLE = """
from tables.services import lobby
table = lobby.open_table(club, user, "shengji")  # nobody seated: its page is opened on a fake socket
lobby.leave_seat(table.pk, user)
print(table.pk)
"""


class Site(str):
    """The site's URL (what the tests open pages on), knowing the id of an empty Shengji table."""

    empty_table: int


@pytest.fixture(scope="module")
def table_site() -> Iterator[Site]:
    """Daphne with a fast pace: server steps on its event loop (embedded default) or a Celery worker."""
    with table_server(SETUP + EMPTY_TABLE, "browser") as (url, _env, printed):
        site = Site(url)
        site.empty_table = int(printed.strip().splitlines()[-1])
        yield site


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
    # The box says "The deal is over." at once, then shows the server's result when it has fetched
    # it: a redeal (nobody declared) says so only then, and has no last trick.
    page.wait_for_selector("#result .deal-result .headline")
    result = page.inner_text("#result")
    assert "The deal is over." in result
    assert page.locator("#last-trick .card-face").count() > 0 or "Redeal" in result
    assert "Defenders' points" in page.inner_text("#points")
    assert page.locator("#others li").count() == 4
    assert "Seed" in (page.text_content("#fairness-text") or "")


def test_a_view_whose_clock_ran_out_3_s_ago_asks_for_the_current_one_then_backs_off(
    page: Any,  # noqa: F811
    table_site: Site,
) -> None:
    """A lost event leaves the page on an old view: it sends sync once per stall, waiting longer each time."""
    game = get_game("shengji")
    rules = game.rules_from_json({})
    state = game.start(rules, 4, game.shuffled_deck(rules, 4, random.Random("stall")), None)
    names = ["player", "heuristic bot", "heuristic bot", "heuristic bot"]
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    stalled = view_frame(state, 0, 7, START + 1_000, names)
    push(page, stalled)
    syncs = []
    for wait in (3_999, 1, 5_999, 1):  # due 3 s after the deadline, then 6 s later
        page.clock.run_for(wait)
        syncs.append(sent(page).count({"type": "sync"}))
        if len(syncs) == 2:
            push(page, stalled)  # the sync's answer: the same version, the server is late itself
    assert syncs == [0, 1, 1, 2]
    push(page, view_frame(state, 0, 8, START + 60_000, names))
    page.clock.run_for(20_000)
    assert sent(page).count({"type": "sync"}) == 2


# Two decks, spades trump: seat 0's A-K of hearts fails at trick 0 (seat 1 holds the other AH) and
# the KH is forced; seat 0 wins trick 1 with the AC and leads its second KH at trick 2: the same
# seat and card as the forced one, another trick.
THROW_HANDS = {0: "AH KH KH AC", 1: "AH 3C 4D 5D", 2: "6D 7D 8D 9D", 3: "TD JD QD KD"}
THROW_TRICKS = [
    [(0, "AH KH"), (1, "AH"), (2, "6D"), (3, "TD")],
    [(1, "3C"), (2, "7D"), (3, "JD"), (0, "AC")],
    [(0, "KH")],
]
SHOWN_AFTER = {1: True, 4: True, 5: False, 8: False, 9: False}  # plays made → the line by the trick
NAMES = ["player", "heuristic bot", "heuristic bot", "heuristic bot"]


def test_a_failed_throw_shows_by_its_own_trick_and_no_later_one(
    page: Any,  # noqa: F811
    table_site: Site,
) -> None:
    """Shown while its trick is on the felt or, between tricks, is the last; not at the later KH lead."""
    state = in_play("tractor", THROW_HANDS, "S", real_hand_throws=True)
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    shown = {}
    plays = [p for trick in THROW_TRICKS for p in trick]
    for made, (seat, cards) in enumerate(plays, start=1):
        play(state, seat, cards)
        if made in SHOWN_AFTER:
            push(page, view_frame(state, 0, made, START + 60_000, NAMES))
            shown[made] = page.is_visible("#failed-throw")
    assert shown == SHOWN_AFTER
    assert "Trick 1" in page.inner_text("#failed-throws")


def finished_deal_view(match_over: bool) -> dict[str, Any]:
    """Seat 0's view of a finished one-trick deal: no clock, the match over or not."""
    state = in_play("shengji", {0: "AH", 1: "KH", 2: "QH", 3: "JH"}, "S")
    for seat, card in enumerate(["AH", "KH", "QH", "JH"]):
        play(state, seat, card)
    frame = view_frame(state, 0, 4, None, NAMES)
    return dict(frame, clock=None, match={"over": match_over, "result": None})


def delayed_spectator_view() -> dict[str, Any]:
    """A spectator's view two moves behind a live deal: no clock, no match yet."""
    state = in_play("shengji", {0: "AH", 1: "KH", 2: "QH", 3: "JH"}, "S")
    play(state, 0, "AH")
    return dict(view_frame(state, None, 3, None, NAMES), clock=None, shown=1)


@pytest.mark.parametrize(
    "make_view",
    [functools.partial(finished_deal_view, match_over=False), delayed_spectator_view],
    ids=["finished deal", "delayed spectator"],
)
def test_a_view_without_a_clock_asks_after_10_s_then_backs_off_to_60_s(
    page: Any,  # noqa: F811
    table_site: Site,
    make_view: Callable[[], dict[str, Any]],
) -> None:
    """A lost "next deal" or "next move" event: sync after 10 s, then 20, 40, 60, 60 s while nothing comes."""
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    waiting = make_view()
    push(page, waiting)
    syncs = []
    for wait in (9_999, 1, 19_999, 1, 39_999, 1, 59_999, 1, 60_000):
        page.clock.run_for(wait)
        syncs.append(sent(page).count({"type": "sync"}))
        push(page, waiting)  # each sync's answer: the same view, the server has nothing newer
    assert syncs == [0, 1, 1, 2, 2, 3, 3, 4, 5]


def test_a_finished_match_asks_for_nothing(page: Any, table_site: Site) -> None:  # noqa: F811
    """The match's last view has no clock and nothing will follow it: no sync, however long it stays."""
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    push(page, finished_deal_view(match_over=True))
    page.clock.run_for(600_000)
    assert sent(page).count({"type": "sync"}) == 0


def close_socket(tab: Any, code: int) -> None:
    """The server closes the page's socket with ``code``; the socket is marked to tell it from a new one."""
    close = "window.__socket.fire(new CloseEvent('close', { code }), 3)"
    tab.evaluate(f"(code) => {{ window.__socket.closed = true; {close}; }}", code)


@pytest.mark.parametrize("code", [4401, 4404])
def test_a_refused_socket_says_why_and_stops_reconnecting(page: Any, table_site: Site, code: int) -> None:  # noqa: F811
    """Closed with 4401 (log in) or 4404 (not open to you), the page shows that code's notice in place
    of the connection badge and never opens another socket."""
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    close_socket(page, code)
    assert page.locator(f"#refused-{code}").is_visible()
    assert page.locator("[id^=refused-]:visible").count() == 1
    assert page.locator("#conn").is_hidden()
    page.clock.run_for(60_000)
    assert page.evaluate("() => window.__socket.closed === true"), "the page opened another socket"
    if code == 4401:
        assert "/login/?next=" in str(page.locator("#refused-4401 a").get_attribute("href"))


def test_a_dropped_socket_reconnects_without_a_notice(page: Any, table_site: Site) -> None:  # noqa: F811
    """Any other close (1006: the network) reconnects after a short back-off and shows no notice."""
    open_on_fake_socket(page, f"{table_site}/tables/{table_site.empty_table}/")
    close_socket(page, 1006)
    page.clock.run_for(1_000)
    assert page.evaluate("() => window.__socket.closed === undefined"), "no new socket was opened"
    assert page.locator("[id^=refused-]:visible").count() == 0
