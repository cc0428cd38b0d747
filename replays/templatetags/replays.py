"""Template filters of the replay pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from cardclub.games import game_info
from cardclub.templatetags.cards import card_face
from engine.core.registry import get_game
from engine.core.traits import Layout
from league import access
from league.models import Deal, Player, Tournament
from league.services import archive
from league.services.charts import rating_svg
from replays.services.event_reviews import event_progress
from replays.services.mistakes import costly_mistakes
from replays.services.reviews import accuracy_history
from replays.services.viewer import short_move_sentences
from tables.templatetags.sisepai import piece_words

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    """A game's name as the site shows it, as text ("Tractor 拖拉机"; in Chinese "拖拉机" alone)."""
    game = game_info(name)
    return game.label() if game else name


@register.filter
def deal_seats(deal: Deal) -> list[dict[str, Any]]:
    """The deal's seats (names, ids), whether its record is rows or packed."""
    return archive.seats(deal)


@register.inclusion_tag("replays/_accuracy.html", takes_context=True)
def accuracy_chart(context: dict[str, Any], player: Player) -> dict[str, Any]:
    """A player's accuracy over their recent reviewed deals the visitor may see, as an SVG line."""
    points = accuracy_history(player, context["request"].user)
    title = _("Accuracy in reviewed deals")
    return {"points": points, "chart": rating_svg(points, title), "title": title}


@register.inclusion_tag("replays/_event_review.html", takes_context=True)
def event_review(context: dict[str, Any], tournament: Tournament) -> dict[str, Any]:
    """The tournament page's block: how far the event's reviews are, and for directors the button
    that queues every finished deal (of the event or of one round)."""
    user = context["request"].user
    return {
        "tournament": tournament,
        "progress": event_progress(tournament),
        "manages": access.manages(user, tournament.club),
        "rounds": list(tournament.rounds.order_by("number").values_list("number", flat=True)),
        "csrf_token": context.get("csrf_token"),
    }


def move_html(words: dict[str, Any] | None, game: str) -> SafeString:
    """A judged move as the verdicts word it ("9♣", "burying …"), cards drawn, pieces named."""
    if words is None:
        return SafeString("")
    sentence = short_move_sentences().get(words["verb"], words["verb"])
    codes = words.get("cards") or []
    if get_game(game).layout is Layout.PIECES:
        names = piece_words()
        cards = escape(
            ", ".join(f"{names['colours'].get(c[0], '')} {names['pieces'].get(c[1], '')}" for c in codes)
        )
    else:
        cards = SafeString("".join(card_face(c) for c in codes))
    # The slot for the cards is filled after escaping the sentence, so only the faces are markup.
    values = {
        "cards": "\0",
        "n": words.get("n", ""),
        "suit": words.get("suit", ""),
        "nth": words.get("nth", ""),
    }
    return SafeString(str(escape(sentence % values)).replace("\0", str(cards)))


@register.inclusion_tag("replays/_mistakes.html", takes_context=True)
def player_mistakes(context: dict[str, Any], player: Player) -> dict[str, Any]:
    """A player's costliest mistakes in the reviewed deals the visitor may see, as deep links."""
    mistakes = costly_mistakes(player, context["request"].user)
    rows = [
        {
            "mistake": m,
            "played": move_html(m.played, m.line.review.deal.game),
            "best": move_html(m.best, m.line.review.deal.game),
            # Words the viewer's labels already translate (engine.review's labels and units).
            "label": _(m.line.label),
            "unit": _(m.line.review.unit),
        }
        for m in mistakes
    ]
    return {"rows": rows}
