"""Template filters that show a game by its English and Chinese names."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString

from cardclub.games import game_info, headline_family

register = template.Library()


@register.filter
def game_title(name: str) -> SafeString | str:
    """``tractor`` → "Tractor 拖拉机" in English, "拖拉机" in Chinese (``GameInfo.label_html``)."""
    game = game_info(name)
    return name if game is None else game.label_html()


@register.simple_tag
def rankings_url() -> str:
    """The menu's rankings page: the headline game's family (``cardclub.games.headline_family``)."""
    return reverse("rankings", args=[headline_family()])
