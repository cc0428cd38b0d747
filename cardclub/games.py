"""The games the platform shows, with their names in English and Chinese.

The rules themselves live in ``engine/``; this is the catalogue the pages use.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


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

    def label(self) -> str:
        """ "Tractor 拖拉机" in English; in Chinese only the title ("拖拉机"), never the name twice."""
        return str(self.title) if in_chinese() else f"{self.title} {self.chinese}"

    def label_html(self) -> SafeString:
        """Like ``label``, the Chinese name marked as such for fonts and screen readers."""
        if in_chinese():
            return format_html("{}", self.title)
        return format_html('{} <span lang="zh-Hans">{}</span>', self.title, self.chinese)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "shengji",
        _("Shengji"),
        "升级",
        _("One deck, four players in fixed partnerships, climbing from 2 to ace."),
        "4",
    ),
    GameInfo(
        "tractor",
        _("Tractor"),
        "拖拉机",
        _("Two-deck Shengji: pairs, tractors and throws, 80 points to win."),
        "4",
    ),
    GameInfo(
        "sandaha",
        _("San Da Ha"),
        "三打哈",
        _("One declarer bids against three: permanent trumps 7 and 2, cumulative scores."),
        "4",
    ),
    GameInfo(
        "zhaopengyou",
        _("Zhao Pengyou (Finding Friends)"),
        "找朋友",
        _("Six to twelve players; the declarer calls cards to find hidden friends."),
        "6–12",
    ),
    GameInfo(
        "sisepai",
        _("Si Se Pai"),
        "四色牌",
        _("The four-colour rummy game of xiangqi pieces, with claims and melds."),
        "2–4",
    ),
)
GAMES_BY_NAME = {game.name: game for game in GAMES}
