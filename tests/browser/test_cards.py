"""The drawn cards read as a player reads them, at desktop and phone widths, in English and Chinese:
the two jokers distinct, the trumps grouped after the plain suits, each play in front of its seat,
Si Se Pai's pieces drawn without a font, and the viewer's hands grouped by trump."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from engine.family.trump import TrumpContext
from tests.browser.card_pages import (
    DESKTOP,
    PHONE,
    TRACTOR_PLAYS,
    drawn_symbol,
    ink,
    keep_screenshot,
    open_page,
    show_table,
    sisepai_view,
    tractor_view,
    zhaopengyou_view,
)

# What a page draws comes from the engine view handed to its fake socket, whichever back end
# serves the page: CI runs these once, on the embedded default (tests/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.backend_free]

SIZES = {"desktop": DESKTOP, "phone": PHONE}
JOKER_NAMES = {"en": ("big joker", "little joker"), "zh-Hans": ("大王", "小王")}
TRUMPS_LABEL = {"en": "Trumps", "zh-Hans": "主牌"}
HEARTS_2 = TrumpContext("2", "H")


def hand(page: Any) -> list[dict[str, Any]]:
    """The hand's faces in order: code, group, label, box, and the symbol drawn."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#hand > button')].map((b) => {
              const r = b.getBoundingClientRect();
              return { card: b.dataset.card, group: b.dataset.group, label: b.getAttribute('aria-label'),
                       symbol: b.querySelector('use').getAttribute('href').split('#')[1],
                       x: r.left, y: r.top, right: r.right, width: r.width };
            })"""
        )
    )


@pytest.fixture(params=["desktop", "phone"])
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=["en", "zh-Hans"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def tractor_table(browser: Any, card_site: dict[str, Any], size: str, language: str) -> Iterator[Any]:
    """The Tractor table at ``size`` in ``language`` showing seat 0's view (tractor_view)."""
    page = open_page(browser, SIZES[size], language)
    show_table(page, card_site, "tractor", tractor_view())
    yield page
    page.context.close()


def test_the_two_jokers_are_drawn_apart(tractor_table: Any, size: str, language: str) -> None:
    """大王 is drawn in colour (red with a gold star), 小王 in black ink, each named for screen readers."""
    page = tractor_table
    keep_screenshot(page, f"cards-tractor-{size}-{language}")
    big, little = page.locator('#hand [data-card="BJ"]'), page.locator('#hand [data-card="LJ"]').first
    assert (drawn_symbol(big), drawn_symbol(little)) == ("c-BJ", "c-LJ")
    assert big.get_attribute("aria-label").startswith(JOKER_NAMES[language][0])
    assert little.get_attribute("aria-label").startswith(JOKER_NAMES[language][1])
    big_ink, little_ink = ink(page, big), ink(page, little)
    assert big_ink["red"] > 40 and big_ink["gold"] > 40, big_ink
    assert little_ink["red"] == 0 and little_ink["gold"] == 0 and little_ink["dark"] > 40, little_ink


def test_the_trumps_come_last_in_trump_order_set_apart_and_labelled(
    tractor_table: Any, language: str
) -> None:
    """Spades, clubs, diamonds, then every trump strongest first (BJ, LJ, 2H, the other 2s, AH…)."""
    page = tractor_table
    faces = hand(page)
    cards = [f["card"] for f in faces]
    assert len(cards) == 33
    trumps = [f["card"] for f in faces if f["group"] == "T"]
    assert trumps == ["BJ", "LJ", "LJ", "2H", "2S", "2C", "AH", "KH", "TH", "5H"]
    assert cards[-len(trumps) :] == trumps  # one group, at the end
    assert [f["group"] for f in faces[: -len(trumps)]] == ["S"] * 7 + ["C"] * 6 + ["D"] * 10
    assert all(f["symbol"] == "c-" + f["card"] for f in faces)
    first_trump = page.locator('#hand [data-group="T"]').first
    assert first_trump.locator(".group-label").inner_text() == TRUMPS_LABEL[language]
    assert all(HEARTS_2.is_trump(c) == (f["group"] == "T") for c, f in zip(cards, faces, strict=True))
    # Set apart: within a row, the step into a new group is wider than the step inside one.
    steps = [(b["x"] - a["x"], a["group"] != b["group"]) for a, b in pairwise(faces) if a["y"] == b["y"]]
    inside = max(step for step, new_group in steps if not new_group)
    assert all(step > inside + 4 for step, new_group in steps if new_group)


def test_the_hand_fits_the_width_in_at_most_two_rows(
    browser: Any,
    card_site: dict[str, Any],
    size: str,
) -> None:
    """33 cards stay inside the hand's box, in one row on a desktop and two on a 390 px phone,
    each showing at least its corner (rank and suit)."""
    page = open_page(browser, SIZES[size])
    show_table(page, card_site, "tractor", tractor_view())
    faces = hand(page)
    box = page.locator("#hand").bounding_box()
    rows = sorted({round(f["y"]) for f in faces})
    assert len(rows) == (1 if size == "desktop" else 2)
    assert all(box["x"] - 0.5 <= f["x"] and f["right"] <= box["x"] + box["width"] + 0.5 for f in faces)
    for a, b in pairwise(faces):
        if round(a["y"]) == round(b["y"]):
            assert b["x"] - a["x"] >= 0.27 * a["width"]  # the corner index is 28% of a face's width
    page.context.close()


def seat_centres(page: Any, selector: str) -> dict[int, tuple[float, float]]:
    """The centre of each seat's element matching ``selector`` (``data-seat`` on each)."""
    boxes = page.evaluate(
        f"""() => [...document.querySelectorAll('{selector}')].map((el) => {{
          const r = el.getBoundingClientRect();
          return [Number(el.dataset.seat), r.left + r.width / 2, r.top + r.height / 2, r.width];
        }})"""
    )
    return {seat: (x, y) for seat, x, y, width in boxes if width > 0}


def assert_each_play_lies_in_front_of_its_seat(page: Any, played: dict[int, list[str]]) -> None:
    """Each seat's play is drawn on the felt, nearer its own seat than any other seat."""
    for seat, cards in played.items():
        drawn = page.locator(f'#plays .seat-play[data-seat="{seat}"] .card-face')
        assert sorted(drawn.nth(i).get_attribute("data-card") for i in range(drawn.count())) == sorted(cards)
    plays, spots = seat_centres(page, "#plays .seat-play"), seat_centres(page, "#others .spot")
    for seat in played:
        nearest = min(spots, key=lambda s: math.dist(plays[seat], spots[s]))
        assert nearest == seat, f"seat {seat}'s play is nearest seat {nearest}"


def test_each_play_of_the_trick_lies_in_front_of_its_seat_at_four_seats(tractor_table: Any) -> None:
    """Seats 1-3 played 8S 8S, TS 4S and 3S 5S: each pair lies between its seat and the middle."""
    assert_each_play_lies_in_front_of_its_seat(tractor_table, {s: c.split() for s, c in TRACTOR_PLAYS})
    assert tractor_table.locator('#plays .seat-play[data-seat="0"] .card-face').count() == 0


def test_each_play_of_the_trick_lies_in_front_of_its_seat_at_twelve_seats(
    browser: Any,
    card_site: dict[str, Any],
    size: str,
) -> None:
    """Zhao Pengyou for 12: eleven plays on the felt, each nearest its own seat on the ring."""
    frame, state = zhaopengyou_view()
    page = open_page(browser, SIZES[size])
    show_table(page, card_site, "zhaopengyou", frame)
    keep_screenshot(page, f"cards-zhaopengyou-12-{size}")
    played = {seat: list(cards) for seat, cards in state.view(None)["trick"]}
    assert len(played) == 11
    assert_each_play_lies_in_front_of_its_seat(page, played)
    page.context.close()


def test_si_se_pai_pieces_are_drawn_without_a_font(
    browser: Any,
    card_site: dict[str, Any],
    size: str,
    language: str,
) -> None:
    """Every piece in hand is a drawing from the sprite (this machine has no CJK font: text would
    be empty boxes) in its colour's ink, named for screen readers in the page's language."""
    page = open_page(browser, SIZES[size], language)
    show_table(page, card_site, "sisepai", sisepai_view())
    keep_screenshot(page, f"cards-sisepai-{size}-{language}")
    pieces = page.locator("#hand .piece")
    assert pieces.count() > 10
    for i in range(pieces.count()):
        piece = pieces.nth(i)
        assert drawn_symbol(piece) == "p-" + piece.get_attribute("data-card")
        assert piece.inner_text().strip() == ""  # no characters left to a font
    red = page.locator('#hand .piece[data-card^="R"]').first
    assert ink(page, red)["red"] > 40
    assert red.get_attribute("aria-label").startswith({"en": "red ", "zh-Hans": "红"}[language])
    page.context.close()


def test_the_viewer_groups_each_hand_by_trump(
    browser: Any, card_site: dict[str, Any], size: str, language: str
) -> None:
    """At the first lead of the Tractor replay, each seat's hand ends with its trumps (the deal's
    trump), the plain suits before them, and both jokers drawn apart wherever they are."""
    page = open_page(browser, SIZES[size], language)
    deal = f"{card_site['url']}/deals/{card_site['deals']['tractor']}/"
    page.goto(deal)
    page.wait_for_selector("#viewer.ready")
    steps = page.evaluate("() => JSON.parse(document.getElementById('replay-steps').textContent)")
    at = next(p["at"] for p in steps["story"]["phases"] if p["phase"] == "play")
    page.goto(f"{deal}?seat=all&at={at}")
    page.wait_for_selector("#viewer.ready")
    keep_screenshot(page, f"viewer-tractor-{size}-{language}")
    frame_trump = steps["frames"][at]["trump"]
    ctx = TrumpContext(frame_trump["rank"], frame_trump["suit"])
    for seat in range(4):
        groups = page.locator(f'#board .seat[data-seat="{seat}"] .hand .card-group')
        suits = [groups.nth(i).get_attribute("data-suit") for i in range(groups.count())]
        assert suits[-1] == "T" and "T" not in suits[:-1], suits
        for i in range(groups.count()):
            codes = [c.get_attribute("data-card") for c in groups.nth(i).locator(".card-face").all()]
            assert all(ctx.is_trump(c) == (suits[i] == "T") for c in codes), (suits[i], codes)
    for code, name in zip(("BJ", "LJ"), JOKER_NAMES[language], strict=True):
        faces = page.locator(f'#board [data-card="{code}"]')
        if faces.count():
            assert drawn_symbol(faces.first) == "c-" + code
            assert (faces.first.get_attribute("aria-label") or "").startswith(name)
    page.context.close()


def test_a_seat_holding_one_card_says_one_card(browser: Any, card_site: dict[str, Any]) -> None:
    """A count reads "1 card", not "1 cards", and more cards stay plural (tractor_view: the player
    holds 33 cards, each other seat one)."""
    page = open_page(browser, DESKTOP, "en")
    show_table(page, card_site, "tractor", tractor_view())
    counts = page.locator("#others .spot-count").all_inner_texts()
    page.context.close()
    assert sorted(counts) == ["1 card", "1 card", "1 card", "33 cards"], counts
