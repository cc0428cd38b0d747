"""Template filters of the replay pages."""

from __future__ import annotations

from django import template

from cardclub.games import GAMES_BY_NAME

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    """A game's name as the site shows it (English or translated, then Chinese)."""
    game = GAMES_BY_NAME.get(name)
    return f"{game.title} {game.chinese}" if game else name
