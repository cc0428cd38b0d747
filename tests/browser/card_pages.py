"""The pages that draw cards, on a real Daphne, and the engine states pushed to their tables.

Tables are opened empty and shown on a fake socket (tests/tables/browser_socket.py): the test
hands each page a view the engine made, so what a page draws can be checked card by card. The
viewer shows bot-played deals made by ``make_sample_deals``.
"""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import get_game
from engine.core.game import DealState
from engine.core.match import MAX_STEPS
from tests.demo_template import migrated_database
from tests.engine.family_table import in_play, play
from tests.servers import daphne, manage, shell
from tests.tables.browser_socket import START, open_on_fake_socket, push, view_frame

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LANGUAGES = {"en": "en", "zh-Hans": "zh-hans"}

# The demo login (docs: README) in a club of its own; demo_data's tournaments are not needed here.
TABLES = """
from django.contrib.auth import get_user_model
from league.models import Club, Membership
from tables.services import lobby
user = get_user_model().objects.create_user("demo", password="tractor-demo")
club = Club.objects.create(name="Riverside", slug="riverside")
Membership.objects.create(club=club, user=user, role="owner")
for game, seats in [("tractor", 4), ("zhaopengyou", 12), ("sisepai", 3)]:
    table = lobby.open_table(club, user, game, seats=seats)
    lobby.leave_seat(table.pk, user)  # nobody seated: the page is opened on a fake socket
    print(game, seats, table.pk)
"""


@pytest.fixture(scope="module")
def card_site() -> Iterator[dict[str, Any]]:
    """Daphne with a club owned by the demo login, three empty tables (Tractor, Zhao Pengyou for
    12, Si Se Pai) and one bot-played deal of each of those games for the viewer."""
    with migrated_database() as env:
        opened = re.findall(r"^(\w+) (\d+) (\d+)$", shell(env, TABLES), re.M)
        out = manage(env, "make_sample_deals", "--games", "tractor,zhaopengyou,sisepai", "--deals", "1")
        deals = {name: int(pk) for name, pk in re.findall(r"^(\w+): .* first /deals/(\d+)/$", out, re.M)}
        tables = {game: int(pk) for game, _seats, pk in opened}
        with daphne(env) as url:
            yield {"url": url, "deals": deals, "tables": tables}


def open_page(browser: Any, size: dict[str, int], language: str = "en") -> Any:
    """A new page of ``size`` whose site language is ``language`` (the language switch's cookie)."""
    context = browser.new_context(viewport=size)
    context.add_cookies(
        [{"name": "django_language", "value": LANGUAGES[language], "url": "http://127.0.0.1"}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def keep_screenshot(page: Any, name: str) -> Path:
    """Save the whole page as ``tests/browser/artifacts/<name>.png`` (CI keeps the folder)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# -- views pushed to the table pages ----------------------------------------------------------

# Two decks, hearts trump at rank 2: seat 0 (the dealer, kitty in hand: 33 cards) holds both
# jokers and every kind of trump; seats 1-3 have played to the trick seat 1 led.
TRACTOR_HAND = (
    "BJ LJ LJ 2H 2S 2C AH KH TH 5H AS AS KS QS JS 9S 7S AC KC QC 8C 6C 3C AD KD QD JD TD 9D 6D 5D 4D 3D"
)
TRACTOR_PLAYS = [(1, "8S 8S"), (2, "TS 4S"), (3, "3S 5S")]
TRACTOR_NAMES = ["demo", "Lin", "Mei", "Tao"]


def tractor_view() -> dict[str, Any]:
    """Seat 0's view: 33 cards, hearts trump, the trick of seats 1-3 on the felt."""
    hands = {0: TRACTOR_HAND, 1: "8S 8S 7H", 2: "TS 4S 7H", 3: "3S 5S 6H"}
    state = in_play("tractor", hands, "H", leader=1)
    for seat, cards in TRACTOR_PLAYS:
        play(state, seat, cards)
    return table_frame(state, 0, TRACTOR_NAMES)


def table_frame(state: DealState, seat: int, names: list[str]) -> dict[str, Any]:
    """A view frame of ``state`` for ``seat`` with a clock far in the future."""
    return view_frame(state, seat, 20, START + 600_000, names)


def bots_until_trick_is_nearly_done(game: str, seats: int, seed: str) -> DealState:
    """Heuristic bots play a deal of ``game`` until every seat but the one to move has played to a trick."""
    engine_game = get_game(game)
    rules = engine_game.rules_from_json({})
    rng = random.Random(seed)
    state = engine_game.start(rules, seats, engine_game.shuffled_deck(rules, seats, rng), None)
    bots = [engine_game.bot("heuristic", random.Random(f"{seed}-{s}")) for s in range(seats)]
    for _ in range(MAX_STEPS):
        view = state.view(None)
        if view["phase"] == "play" and len(view["trick"]) == seats - 1:
            return state
        must = state.must_move()
        seat = min(must) if must else min(state.to_move())
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("the bots never reached a nearly finished trick")


def zhaopengyou_view() -> tuple[dict[str, Any], DealState]:
    """The view of the seat to move at a 12-seat Zhao Pengyou table, eleven plays on the felt."""
    state = bots_until_trick_is_nearly_done("zhaopengyou", 12, "cards-12")
    seat = min(state.must_move())
    names = [f"Player {n}" for n in range(12)]
    return table_frame(state, seat, names), state


def sisepai_view() -> dict[str, Any]:
    """Seat 0's view of a Si Se Pai deal after a few bot moves (pieces in hand, a shown card)."""
    game = get_game("sisepai")
    rules = game.rules_from_json({})
    state = game.start(rules, 3, game.shuffled_deck(rules, 3, random.Random("cards-ssp")), None)
    for seat in range(3):
        state.apply(seat, game.parse_action("pass"))  # everybody keeps their hand
    state.apply(state.view(None)["turn"], game.parse_action("draw"))
    return view_frame(state, 0, 5, START + 600_000, ["demo", "Lin", "Mei"])


def show_table(page: Any, site: dict[str, Any], game: str, frame: dict[str, Any]) -> None:
    """Open ``game``'s empty table on a fake socket and hand it ``frame``."""
    open_on_fake_socket(page, f"{site['url']}/tables/{site['tables'][game]}/")
    push(page, frame)
    page.wait_for_selector("#play:not([hidden])")


# -- reading what was drawn -------------------------------------------------------------------

INK = """async ([data]) => {
  const blob = await (await fetch("data:image/png;base64," + data)).blob();
  const image = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const px = ctx.getImageData(0, 0, image.width, image.height).data;
  const count = { red: 0, dark: 0, gold: 0, all: image.width * image.height };
  for (let i = 0; i < px.length; i += 4) {
    const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
    if (r > 150 && g < 90 && b < 90) count.red++;
    if (r < 80 && g < 80 && b < 80) count.dark++;
    if (r > 200 && g > 120 && g < 200 && b < 90) count.gold++;
  }
  return count;
}"""


PAINT_TRIES = 20  # captures of a face before its blank drawing counts (100 ms apart)


def ink(page: Any, locator: Any) -> dict[str, int]:
    """How many pixels of the face are red, dark (black ink) and gold, drawn whole: a copy of its
    drawing alone on white at the page's top left (in a hand, the next card covers most of a face,
    and a trump's band is the hand's mark, not the card's)."""
    locator.evaluate(
        """(face) => {
          document.getElementById("ink-probe")?.remove();
          const probe = document.createElement("div");
          probe.id = "ink-probe";
          probe.style.cssText = "position:fixed;left:0;top:0;z-index:99;background:#fff;padding:4px";
          const copy = face.querySelector("svg").cloneNode(true);  // the drawing, not the hand's marks
          copy.style.cssText = "width:4rem;height:auto;aspect-ratio:60/84";
          probe.append(copy);
          document.body.append(probe);
        }"""
    )
    probe = page.locator("#ink-probe")
    for _ in range(PAINT_TRIES):  # the copy's sprite reference can paint a frame late: blank white
        png = base64.b64encode(probe.screenshot()).decode()
        counts = dict(page.evaluate(INK, [png]))
        if counts["red"] + counts["dark"] + counts["gold"]:
            break  # every face has some ink, so a blank capture is always one taken too early
        page.wait_for_timeout(100)
    probe.evaluate("(el) => el.remove()")
    return counts


def drawn_symbol(locator: Any) -> str:
    """The sprite symbol a face draws (``c-BJ``, ``p-RK``)."""
    href = locator.locator("use").first.get_attribute("href") or ""
    return href.rpartition("#")[2]
