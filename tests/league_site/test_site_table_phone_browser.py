"""A table enters its own result on a phone, in a real browser, while the director's pages watch.

Daphne serves a scratch database with a published round of one Tractor table. The director opens
the round page and the tournament page and reads the printed table card; a phone (390 px wide, no
session, no account) opens the card's address, unlocks with one side's PIN, enters two deals with
the card-point steppers and submits; a wrong PIN is refused, the other side's PIN confirms. The
director's round page and standings change without a reload, and the card then has expired.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.card_pages import LANGUAGES
from tests.browser.conftest import browser, log_in  # noqa: F401  (the Playwright fixture)
from tests.league_site.test_site_live_browser import served

pytestmark = pytest.mark.browser

SETUP = """
from django.contrib.auth.models import User
from league.models import Club, Membership, Player
from league.services import rounds, tournaments
club = Club.objects.create(name="Phone Club", slug="phone", is_public=True)
director = User.objects.create_user("ref", password="phone-pass-123")
Membership.objects.create(club=club, user=director, role="director")
players = [Player.objects.create(club=club, name=name) for name in ("Ann", "Bo", "Cy", "Di")]
t = tournaments.create_tournament(
    club, director, {}, name="Phone Cup", game="tractor", format="round_robin", entry_kind="team",
    rounds_planned=1, deals_per_match=2, tie_breaks=["WIN"],
)
tournaments.add_entry(t, players[:2])
tournaments.add_entry(t, players[2:])
rounds.publish_round(rounds.generate_round(t))
door = tournaments.create_tournament(
    club, director, {}, name="Door Cup", game="tractor", format="swiss", entry_kind="team",
    rounds_planned=2, deals_per_match=1, tie_breaks=["WIN"], check_in=True,
)
eve = User.objects.create_user("eve", password="phone-pass-123")
guests = [Player.objects.create(club=club, name=name) for name in ("Eve", "Fay", "Gus", "Hal")]
guests[0].user = eve
guests[0].save()
tournaments.add_entry(door, guests[:2])
tournaments.add_entry(door, guests[2:])
tournaments.set_status(door, "registration")
"""
ROUND = "/clubs/phone/t/phone-cup/rounds/1/"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def phone_site() -> Iterator[str]:
    yield from served(SETUP)


def printed_card(director: Any, site: str) -> tuple[str, list[str]]:
    """The address a card's QR code holds and its two PINs (side 0's first), as printed."""
    director.goto(site + ROUND + "cards/")
    card = director.locator(".table-card").first
    url = card.locator(".url").inner_text().strip()
    pins = [side.get_attribute("data-pin") for side in card.locator(".card-side").all()]
    return url, pins


def enter_deal(phone: Any, fives: int) -> None:
    """Raise the defenders' points by ``fives`` steps of 5 and enter the deal."""
    for _ in range(fives):
        phone.click("#deal-form button[aria-label='+5']")
    phone.click("#deal-form button[type=submit]")


def test_a_table_enters_and_confirms_by_phone(browser: Any, phone_site: str) -> None:  # noqa: F811
    """Two deals, a wrong PIN refused, the opponents' PIN confirming, the director's pages live."""
    director = browser.new_context().new_page()
    log_in(director, phone_site, "ref", "phone-pass-123")
    url, pins = printed_card(director, phone_site)
    director.goto(phone_site + ROUND)
    director.wait_for_selector("#pulse.on")
    assert director.get_attribute("tr[data-table='1']", "data-state") == "not_started"
    standings = browser.new_context().new_page()
    standings.goto(phone_site + "/clubs/phone/t/phone-cup/")
    assert "No results yet." in standings.inner_text("#live-standings")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(url)
    assert "Ann" in phone.inner_text(".seats") and "Log in" in phone.inner_text("header")
    phone.fill("input[name=pin]", pins[0])
    phone.click("#unlock button[type=submit]")
    assert "Entering for Ann & Bo" in phone.inner_text(".messages")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    enter_deal(phone, 6)
    director.wait_for_selector("tr[data-table='1'][data-state='entering']")
    enter_deal(phone, 8)
    assert phone.locator(".phone-deal").count() == 2
    assert "Every deal of this match is entered" in phone.inner_text("#enter")
    phone.click("#submit-result")
    director.wait_for_selector("tr[data-table='1'][data-state='waiting']")

    wrong = next(p for p in ("1111", "2222", "3333") if p not in pins)
    phone.fill("#confirm input[name=pin]", wrong)
    phone.click("#confirm button[type=submit]")
    assert "not one of this table" in phone.inner_text(".messages")
    phone.fill("#confirm input[name=pin]", pins[0])
    phone.click("#confirm button[type=submit]")
    assert "did not enter or change the result" in phone.inner_text(".messages")
    phone.fill("#confirm input[name=pin]", pins[1])
    phone.click("#confirm button[type=submit]")
    assert "Result confirmed." in phone.inner_text(".messages")

    director.wait_for_selector("tr[data-table='1'][data-state='confirmed']")
    standings.wait_for_selector("#live-standings table.standings", timeout=10_000)
    assert "Ann & Bo" in standings.inner_text("#live-standings")

    # The round closed with its only table: the card no longer opens it.
    phone.goto(url)
    assert "has expired" in phone.inner_text("#code-refused")


def test_the_rooms_screen_cycles_tables_and_standings(browser: Any, phone_site: str) -> None:  # noqa: F811
    """No login, large type: the tables panel, then the standings (the table above confirmed), in turn."""
    room = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    room.goto(phone_site + "/clubs/phone/t/phone-cup/screen/?seconds=2")
    room.wait_for_selector("#screen[data-showing='tables']")
    assert room.is_visible("[data-panel='tables'] .screen-table") and not room.is_visible(
        "[data-panel='standings']"
    )
    room.wait_for_selector("#screen[data-showing='standings']", timeout=5_000)
    assert "Ann & Bo" in room.inner_text("[data-panel='standings']")
    room.wait_for_selector("#screen[data-showing='tables']", timeout=5_000)


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_a_player_checks_in_at_the_door_by_phone(browser: Any, phone_site: str, language: str) -> None:  # noqa: F811
    """The screen shows the code and the count; a phone signs in, checks in; the count moves live."""
    room = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    room.goto(phone_site + "/clubs/phone/t/door-cup/screen/?seconds=60")
    room.wait_for_selector("#screen[data-showing='check-in'] .qr svg")
    assert room.inner_text("#screen-check-in-count") == "0 of 2 entries checked in"
    url = room.inner_text(".screen-check-in-url").strip()

    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": LANGUAGES[language]})
    context.add_cookies([{"name": "django_language", "value": LANGUAGES[language], "url": phone_site}])
    phone = context.new_page()
    phone.goto(url)
    log_in(phone, phone_site, "eve", "phone-pass-123")
    phone.goto(url)
    button = phone.locator(".check-in-entry button[type=submit]")
    assert "Eve & Fay" in phone.inner_text(".check-in-entry")
    assert button.inner_text() == ("I'm here: check in" if language == "en" else "我到了：报到")
    box = button.bounding_box()
    assert (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= 390
        and box["y"] + box["height"] <= 844
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    button.click()
    phone.wait_for_selector(".check-in-entry.present [data-state='in']")
    room.wait_for_function(
        "document.getElementById('screen-check-in-count').textContent.startsWith('1 of 2')", timeout=10_000
    )
    phone.locator(".check-in-entry button[type=submit]").click()
    phone.wait_for_selector(".check-in-entry:not(.present)")
    room.wait_for_function(
        "document.getElementById('screen-check-in-count').textContent.startsWith('0 of 2')", timeout=10_000
    )
