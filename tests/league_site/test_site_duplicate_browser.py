"""A duplicate pairs night in a real browser, from the director's form to the side-by-side review.

Daphne serves a scratch database with a fast pace. The director creates a Tractor duplicate pairs
event (a Howell of four pairs, one board a round) with the site's forms, enters the pairs,
generates and publishes the round. The players of the first movement round are not there, so
bots sit in for them (set in the draft with the shell: the site has no form for a stand-in bot),
and those two tables of bots start as the round is published. The director watches them from
the lobby; board 1's traveller then shows both tables' results, and the viewer's side-by-side
page steps the two deals trick by trick.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import browser, log_in  # noqa: F401  (the Playwright fixture)
from tests.demo_template import migrated_database
from tests.servers import celery_worker, daphne, shell

# Two Tractor deals played step by step by a Celery worker took over 300 s while the suite ran
# on four workers at a load average of 20.
pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

SETUP = """
from django.contrib.auth.models import User
from league.models import Club, Membership, Player
club = Club.objects.create(name="Duplicate Club", slug="dup", is_public=True)
director = User.objects.create_user("td", password="boards-pass-123")
Membership.objects.create(club=club, user=director, role="director")
for name in ["Ann", "Bo", "Cai", "Dan", "Eve", "Fei", "Gus", "Hui"]:
    Player.objects.create(club=club, name=name)
"""

# Bots stand in at the two tables of the first movement round (those that play board 1); the
# later rounds' tables wait for their players, so a Celery worker plays only what the test needs.
STAND_IN_BOTS = """
from league.models import MatchSeat
MatchSeat.objects.filter(match__tournament__slug="tuesday-duplicate", match__stage=1).update(bot="heuristic")
"""

PAIRS = [("Ann", "Bo"), ("Cai", "Dan"), ("Eve", "Fei"), ("Gus", "Hui")]
EVENT = "/clubs/dup/t/tuesday-duplicate/"


@pytest.fixture(scope="module")
def dup_site() -> Iterator[tuple[str, dict[str, str]]]:
    with migrated_database() as env:
        env["TABLES_PACE"] = "draw=0.01,bot=0.02,between_deals=60"
        env["CELERY_QUEUE"] = f"dup-{uuid.uuid4().hex[:10]}"
        shell(env, SETUP)
        with celery_worker(env), daphne(env) as url:
            yield url, env


def create_event(page: Any, site: str) -> None:
    """The director's form: Tractor, duplicate pairs, fixed partnerships, Howell, one board a round."""
    page.goto(site + "/clubs/dup/tournaments/new/?game=tractor")
    page.fill("input[name=name]", "Tuesday Duplicate")
    page.select_option("select[name=format]", "duplicate_pairs")
    page.select_option("select[name=entry_kind]", "team")
    page.select_option("select[name=movement]", "howell")
    page.fill("input[name=boards_per_round]", "1")
    page.fill("input[name=rounds_planned]", "1")
    page.click("text=Create the tournament")
    page.wait_for_url(f"**{EVENT}")
    for first, second in PAIRS:
        page.select_option("select[name=player_0]", label=first)
        page.select_option("select[name=player_1]", label=second)
        page.click("text=Add entry")
        page.wait_for_selector(f"text={first} & {second}")


def watch(page: Any, site: str, players: tuple[str, str]) -> Any:
    """From the lobby, open the live table where both players sit, in a page of its own."""
    page.goto(site + "/clubs/dup/tables/")
    row = page.locator("tr[data-table]").filter(has_text=players[0]).filter(has_text=players[1])
    href = row.locator("a").first.get_attribute("href")
    table = page.context.new_page()
    table.goto(site + str(href))
    return table


def wait_for_traveller(page: Any, site: str, board: int, rows: int, timeout: float = 600) -> Any:
    """Reload the round's boards page until board ``board`` has ``rows`` results; its section."""
    deadline = time.monotonic() + timeout
    while True:
        page.goto(site + EVENT + "rounds/1/boards/")
        section = page.locator(f"#board-{board}")
        if section.locator("tr[data-deal]").count() >= rows:
            return section
        assert time.monotonic() < deadline, page.inner_text("main")
        time.sleep(2)


def test_two_live_tables_play_a_board_and_are_compared_side_by_side(
    browser: Any,  # noqa: F811
    dup_site: tuple[str, dict[str, str]],
) -> None:
    """Form, entries, round, publication; both tables' results on the traveller; the two deals stepped."""
    site, env = dup_site
    page = browser.new_context().new_page()
    page.set_default_timeout(15_000)
    log_in(page, site, "td", "boards-pass-123")
    create_event(page, site)

    page.click("text=Generate the next round")
    page.wait_for_url("**/rounds/1/")
    assert page.locator("a[href$='/rounds/1/boards/']").count() == 1
    shell(env, STAND_IN_BOTS)
    page.click("button[value=publish]")
    page.wait_for_selector("text=Boards and travellers")
    assert page.inner_text(".badge") in ("published", "finished")

    # The director watches both tables of the first movement round, which play board 1. (In the
    # embedded default a table's paced steps run on the socket-serving loop, so an open page is
    # what keeps them going; with Redis a Celery worker plays every table.)
    watching = [watch(page, site, ("Gus", "Ann")), watch(page, site, ("Eve", "Cai"))]
    section = wait_for_traveller(page, site, 1, 2)
    for table in watching:
        table.close()
    rows = section.locator("tr[data-deal]")
    assert rows.count() == 2
    for i in range(2):
        row = rows.nth(i)
        assert row.locator("td.how").inner_text() == "played live"
        assert row.locator("td.plus").inner_text() not in ("", "—")
    matchpoints = sorted(section.locator("td.mp").all_inner_texts())
    assert len(matchpoints) == 4 and all(mp in ("0", "1", "2") for mp in matchpoints)

    rows.first.locator("text=Replay").click()
    page.wait_for_selector("#same-board")
    other = page.locator("#same-board tr[data-deal]")
    assert other.count() == 1
    other.locator("a.compare-link").click()
    page.wait_for_selector("#cmp-label")
    assert page.inner_text("#cmp-label") == "Before the first lead"
    sides = page.locator(".compare-side")
    assert sides.count() == 2
    for i in range(2):
        assert sides.nth(i).locator(".compare-seat .card-face").count() > 0

    page.click("#cmp-forward")
    label = page.inner_text("#cmp-label")
    assert label.startswith("After trick 1 of ")
    total = int(label.rsplit(" ", 1)[1])
    for i in range(2):
        trick = sides.nth(i).locator(".compare-trick")
        assert trick.locator(".play").count() == 4
        assert trick.locator(".play.winner").count() == 1
    first_trick = [sides.nth(i).locator(".compare-trick").inner_text() for i in range(2)]

    page.click("#cmp-forward")
    assert page.inner_text("#cmp-label") == f"After trick 2 of {total}"
    assert [sides.nth(i).locator(".compare-trick").inner_text() for i in range(2)] != first_trick
    page.click("#cmp-back")
    assert [sides.nth(i).locator(".compare-trick").inner_text() for i in range(2)] == first_trick

    page.click("#cmp-end")
    assert page.get_attribute("body", "data-at") == str(total)
    for i in range(2):
        assert "Defenders' points" in sides.nth(i).locator(".compare-trick").inner_text()
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("body", "data-at") == str(total - 1)
    page.context.close()
