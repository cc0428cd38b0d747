"""Template filters of the replay pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from cardclub.games import GAMES_BY_NAME
from league.models import Player
from league.services.charts import rating_svg
from replays.services.reviews import accuracy_history

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    """A game's name as the site shows it, as text ("Tractor 拖拉机"; in Chinese "拖拉机" alone)."""
    game = GAMES_BY_NAME.get(name)
    return game.label() if game else name


@register.inclusion_tag("replays/_accuracy.html", takes_context=True)
def accuracy_chart(context: dict[str, Any], player: Player) -> dict[str, Any]:
    """A player's accuracy over their recent reviewed deals the visitor may see, as an SVG line."""
    points = accuracy_history(player, context["request"].user)
    title = _("Accuracy in reviewed deals")
    return {"points": points, "chart": rating_svg(points, title), "title": title}
