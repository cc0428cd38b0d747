"""Template filters that show a game by its English and Chinese names."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from cardclub.games import GAMES_BY_NAME

register = template.Library()


@register.filter
def game_title(name: str) -> SafeString | str:
    """``tractor`` → "Tractor 拖拉机" in English, "拖拉机" in Chinese (``GameInfo.label_html``)."""
    game = GAMES_BY_NAME.get(name)
    return name if game is None else game.label_html()
