"""Template filters that show a game by its English and Chinese names."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from cardclub.games import GAMES_BY_NAME

register = template.Library()


@register.filter
def game_title(name: str) -> SafeString | str:
    """``tractor`` → "Tractor 拖拉机" (the Chinese name marked as such for fonts and screen readers)."""
    game = GAMES_BY_NAME.get(name)
    if game is None:
        return name
    return format_html('{} <span lang="zh-Hans">{}</span>', game.title, game.chinese)
