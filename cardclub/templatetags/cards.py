"""Drawn cards in server-rendered pages, and the words static/js/cards.js draws cards with."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from cardclub.cards import SPRITE, card_label, card_words

register = template.Library()


@register.simple_tag
def card_strings() -> dict[str, object]:
    """The card words for ``json_script:"card-strings"``, read by static/js/cards.js."""
    return card_words()


@register.simple_tag
def card_face(code: str) -> SafeString:
    """One card drawn from the sprite, with its name for screen readers (``{% card_face "TH" %}``)."""
    label = card_label(code)
    return format_html(
        '<svg class="card-svg" viewBox="0 0 60 84" role="img" aria-label="{}" data-card="{}">'
        '<title>{}</title><use href="{}#c-{}"></use></svg>',
        label,
        code,
        label,
        static(SPRITE),
        code,
    )
