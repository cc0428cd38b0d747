"""Words the Si Se Pai pages' scripts show (table and replay viewer), translated on the server."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from tables.services import facts

register = template.Library()


def piece_words() -> dict[str, Any]:
    """Colour, piece and meld names (docs/rules/sisepai.md, sections 1 and 3)."""
    return {
        "colours": {"R": _("red"), "Y": _("yellow"), "G": _("green"), "W": _("white")},
        "pieces": {
            "K": _("general"),
            "A": _("advisor"),
            "E": _("elephant"),
            "R": _("chariot"),
            "H": _("horse"),
            "C": _("cannon"),
            "P": _("soldier"),
        },
        "melds": {
            "single": _("single general"),
            "pair": _("pair"),
            "general-advisor-elephant": _("general-advisor-elephant"),
            "chariot-horse-cannon": _("chariot-horse-cannon"),
            "three": _("three identical"),
            "three-soldiers": _("three soldiers"),
            "four": _("four identical"),
            "four-soldiers": _("four soldiers"),
        },
    }


def claim_words() -> dict[str, str]:
    """Every move of the game in words, by its notation's first word (section 11)."""
    return {
        "draw": _("Draw a card"),
        "discard": _("Discard %(card)s"),
        "pick": _("Discard: tap a card first"),
        "pass": _("No claim"),
        "redeal": _("Ask for a redeal"),
        "keep": _("Keep my hand"),
        "tsumo": _("Win: tsumo 自摸"),
        "hu": _("Win: hu 胡"),
        "kong": _("Kong 槓: four identical"),
        "pong": _("Pong 碰: three identical"),
        "meld": _("Meld with %(cards)s"),
        "single": _("Meld a single general"),
        "chi": _("Chi 吃 with %(cards)s"),
    }


@register.simple_tag
def sisepai_strings() -> dict[str, Any]:
    """Every string sisepai_table.js and viewer_sisepai.js write."""
    return {
        **piece_words(),
        "moves": claim_words(),
        "live": _("Live"),
        "reconnecting": _("Reconnecting…"),
        "deal": _("Deal %(number)s"),
        "stock": _("Stock: %(count)s"),
        "totals": _("Totals before this deal: %(scores)s"),
        "your_turn": _("Your turn"),
        "turn_of": _("Waiting for %(name)s"),
        "seconds_left": _("%(seconds)s s left"),
        "drawing": _("Drawing…"),
        "window": _("Claim window"),
        "redeal_window": _("Redeal? Everyone answers at once."),
        "answered": _("You have answered; waiting for the others."),
        "drawn_by": _("drawn by %(name)s"),
        "discarded_by": _("discarded by %(name)s"),
        "nothing_shown": _("No card is shown."),
        "last_claim": _("%(name)s claimed %(claim)s from %(from)s"),
        "cards_in_hand": _("%(count)s in hand"),
        "dealer": _("dealer"),
        "to_move": _("to move"),
        "melds_title": _("Exposed melds"),
        "discards_title": _("Discards"),
        "hand_title": _("Your hand"),
        "none": _("none"),
        "points": _("%(points)s pts"),
        "concealed": _("concealed"),
        "exposed": _("exposed"),
        "select_first": _("Tap a card in your hand first."),
        "watching": _("You are watching this table."),
        "deal_over": _("The deal is over."),
        **facts.next_deal_words(),
        "match_over": _("The match is over."),
        "win": _("%(name)s wins with %(card)s (%(by)s, from %(from)s): %(points)s points."),
        "void": _("The stock ran out: the deal is void and nobody pays."),
        "redeal": _("%(names)s asked for a redeal: nobody pays and the same dealer deals again."),
        "winning_hand": _("The winning hand"),
        "payments": _("Payments"),
        "hands": _("Every hand"),
        "replay": _("Replay this deal"),
        "commitment": _("Commitment (SHA-256 of salt and deck): %(commitment)s"),
        "revealed": _("Seed %(seed)s, salt %(salt)s, deck: %(deck)s"),
        "window_seats": _("Asked: %(names)s"),
        "hidden_move": _("%(name)s answered (hidden from this seat)"),
    }
