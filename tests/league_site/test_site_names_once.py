"""No name shown twice in Chinese: every page's title, navigation links and heading, walked in
zh-Hans and zh-Hant ("拖拉机 拖拉机", "牌社 牌社" and "拖拉機 拖拉机" fail)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.utils import translation

from cardclub.games import catalogue
from league.models import Tournament
from tests.league_site.fuzzing import owner_client, world
from tests.league_site.urlwalk import fill, routes

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(600)]
WATCHED = {"title", "h1", "a"}  # links only inside <nav>


class Names(HTMLParser):
    """The texts of a page's <title>, <h1> and each link of its navigation, one string each."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.open: list[str] = []
        self.in_nav = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_nav += tag == "nav"
        if tag in ("title", "h1") or (tag == "a" and self.in_nav):
            self.open.append(tag)
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        self.in_nav -= tag == "nav"
        if self.open and self.open[-1] == tag:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open:
            self.texts[-1] += data


def names(language: str) -> list[set[str]]:
    """Each name's written forms in ``language``: its translated title and its Chinese name."""
    with translation.override(language):
        games = [{str(g.title), g.chinese} for g in catalogue()]
        return [*games, {str(translation.gettext("Card Club")), "牌社"}]


def doubled(text: str, forms: list[set[str]]) -> list[str]:
    """The names written more than once in one text, in any of their forms."""
    return [min(f) for f in forms if sum(text.count(form) for form in f) > 1]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_no_page_shows_a_name_twice(tractor_round: Tournament, language: str) -> None:
    """Every page the owner can open: its title, heading and each navigation link name a game once."""
    values = world(tractor_round)
    client = owner_client()
    client.cookies["django_language"] = language
    forms = names(language)
    found: list[str] = []
    pages = 0
    for route in routes():
        url = fill(route, values)
        if url is None or url.startswith(("/api/", "/i18n/")):
            continue
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        pages += 1
        parser = Names()
        parser.feed(response.content.decode())
        found += [f"{url}: {t.strip()!r}" for t in parser.texts if doubled(t, forms)]
    assert pages > 20, f"only {pages} pages walked"
    assert not found, "\n".join(found)


def test_it_catches_a_doubled_name() -> None:
    """The check itself: a name twice, or once in each script, fails; once passes."""
    forms = names("zh-hant")
    assert doubled("拖拉機 拖拉机", forms) and doubled("牌社 牌社", forms)
    assert not doubled("拖拉機 · 第 3 桌", forms)
