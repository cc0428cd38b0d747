"""Cards as people name them, in the page's language: the text label of every drawn card face.

Pages draw cards from ``static/cards/cards.svg`` (``static/js/cards.js`` in the browser, the
``card_face`` tag on the server); each face carries one of these labels for screen readers,
titles and tests ("10 of hearts", "红桃10", "big joker", "大王").
"""

from __future__ import annotations

from functools import lru_cache

from django.templatetags.static import static
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SPRITE = "cards/cards.svg"


def suit_names() -> dict[str, str]:
    """Each suit's name (the context keeps the suit "clubs" apart from the site's clubs)."""
    return {
        "S": pgettext("card suit", "spades"),
        "H": pgettext("card suit", "hearts"),
        "D": pgettext("card suit", "diamonds"),
        "C": pgettext("card suit", "clubs"),
    }


def rank_names() -> dict[str, str]:
    """Each rank as it is said: court cards by name in English, by letter in Chinese."""
    names = {r: r for r in "98765432"}
    names["T"] = "10"
    names.update(
        A=pgettext("card rank", "ace"),
        K=pgettext("card rank", "king"),
        Q=pgettext("card rank", "queen"),
        J=pgettext("card rank", "jack"),
    )
    return names


def card_labels() -> dict[str, str]:
    """Every card's label by its code: ``{"TH": "10 of hearts", …, "BJ": "big joker"}``."""
    return dict(_labels_in(get_language()))


def card_label(code: str) -> str:
    """One card's label; a code that is no card stays as it is."""
    return _labels_in(get_language()).get(code, code)


@lru_cache(maxsize=8)
def _labels_in(language: str | None) -> dict[str, str]:
    # Cached per language: a board sheet draws a hundred cards a board.
    suits, ranks = suit_names(), rank_names()
    labels = {
        rank + suit: _("%(rank)s of %(suit)s") % {"rank": ranks[rank], "suit": suits[suit]}
        for suit in SUITS
        for rank in RANKS
    }
    labels.update(BJ=_("big joker"), LJ=_("little joker"))
    return labels


def card_words() -> dict[str, object]:
    """What static/js/cards.js needs: the sprite's address, the labels, the trump group's name."""
    return {
        "sprite": static(SPRITE),
        "labels": card_labels(),
        "trumps": _("Trumps"),
        "trump_card": _("%(card)s, trump"),
        "face_down": _("%(count)s cards face down"),
        "actions": action_words(),
        "suits": suit_names(),
        "separator": pgettext("between card names", ", "),
    }


def action_words() -> dict[str, str]:
    """The words of the moves' notation ("play 5H"), for showing a move in the page's language."""
    return {
        "draw": pgettext("move", "draw"),
        "declare": pgettext("move", "declare"),
        "redeal": pgettext("move", "ask for a redeal"),
        "pickup": pgettext("move", "pick up the kitty"),
        "bury": pgettext("move", "bury"),
        "bid": pgettext("move", "bid"),
        "pass": pgettext("move", "pass"),
        "trump": pgettext("move", "name trump"),
        "play": pgettext("move", "play"),
        "call": pgettext("move", "call"),
        "1st": pgettext("move", "1st"),
        "2nd": pgettext("move", "2nd"),
        "3rd": pgettext("move", "3rd"),
        "4th": pgettext("move", "4th"),
    }
