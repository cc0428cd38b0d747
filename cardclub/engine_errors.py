"""Engine errors in the player's language, by their stable code.

The engine stays free of Django and speaks English (its messages name seats and cards for
developers and records); the pages and sockets show a player the message for the error's code
(``engine/core/errors.py``) in the page's language, and the engine's own sentence in English.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.core.errors import EngineError

MESSAGES: dict[str, str | Promise] = {
    "engine_error": _("The game cannot accept that."),
    "bad_notation": _("That is not a card or a move of this game."),
    "wrong_phase": _("That move is not possible at this point of the deal."),
    "not_your_turn": _("It is not your turn."),
    "illegal_action": _("The rules do not allow that move here."),
    "bad_setup": _("A deal of this game cannot start with these seats or rules."),
    "bad_record": _("The deal record does not load or does not replay."),
    "illegal_in_record": _("The deal record holds a move the rules do not allow."),
    "bad_result": _("No deal of this game can end with these figures."),
}


def player_message(exc: EngineError) -> str:
    """The error as a player reads it: the engine's sentence in English, else its code's message."""
    if (get_language() or "en").startswith("en"):
        return exc.message
    return str(MESSAGES.get(exc.code, MESSAGES["engine_error"]))


def as_dict(exc: EngineError) -> dict[str, str]:
    """The protocol's ``{"code", "message"}`` pair, the message in the page's language."""
    return {"code": exc.code, "message": player_message(exc)}
