"""The games the platform shows, with their names in English and Chinese.

The rules and the names live in each game's room in ``engine/`` (``Game.page_title``,
``Game.chinese``, ``Game.summary``, marked for translation there); this is how the pages show them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.core.game import Game
from engine.core.registry import game_names, games, get_game
from engine.core.traits import Layout


def in_chinese() -> bool:
    """The page is in Chinese (Simplified or Traditional), where a game's title is its Chinese name."""
    return (get_language() or "").startswith("zh")


@dataclass(frozen=True)
class GameInfo:
    """One game as the site presents it."""

    name: str
    title: str | Promise
    chinese: str
    summary: str | Promise
    players: str
    pieces: bool = False  # drawn with Si Se Pai's pieces (``Layout.PIECES``), not playing cards

    def label(self) -> str:
        """ "Tractor 拖拉机" in English; in Chinese only the title ("拖拉机"), never the name twice."""
        return str(self.title) if in_chinese() else f"{self.title} {self.chinese}"

    def label_html(self) -> SafeString:
        """Like ``label``, the Chinese name marked as such for fonts and screen readers."""
        if in_chinese():
            return format_html("{}", self.title)
        return format_html('{} <span lang="zh-Hans">{}</span>', self.title, self.chinese)


def players(game: Game) -> str:
    """How many play it: "4", or a range ("6–12")."""
    if game.min_seats == game.max_seats:
        return str(game.min_seats)
    return f"{game.min_seats}–{game.max_seats}"


def info_of(game: Game) -> GameInfo:
    """What the pages show of ``game``, its words translated in the page's language."""
    # The words are marked in the game's room (``gettext_noop``), so the catalogue holds them.
    return GameInfo(
        game.name,
        _(game.page_title),
        game.chinese,
        _(game.summary),
        players(game),
        pieces=game.layout is Layout.PIECES,
    )


def catalogue() -> tuple[GameInfo, ...]:
    """Every registered game, in the registry's order (the home page's and the menu's)."""
    return tuple(info_of(game) for game in games())


def game_info(name: str) -> GameInfo | None:
    """The registered game called ``name`` as the pages show it, or ``None``."""
    return info_of(get_game(name)) if name in game_names() else None


def headline_family() -> str:
    """The rating family the site's menu opens the rankings on: the headline game's (``Game.headline``)."""
    return next((game.rating_family for game in games() if game.headline), games()[0].rating_family)
