"""Why a Swiss round could not be paired, in the director's language.

``league/pairing.py`` is a pure algorithm and explains itself in English; its refusals are worded
again here by their message, a new one shown as it is.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from league.pairing import PairingError

REFUSALS: dict[str, Promise] = {
    "every remaining pairing would be a rematch": _(
        "Every pairing left for this round would be a rematch: pair it by hand."
    ),
    "no bye leaves a pairing without rematches": _(
        "Whoever takes the bye, the others could only meet again: pair this round by hand."
    ),
    "pairing search gave up (too many dead ends)": _(
        "No pairing without rematches was found in time: pair this round by hand."
    ),
}


def refusal(exc: PairingError) -> str:
    """The pairing's refusal as a director reads it."""
    words = REFUSALS.get(str(exc))
    return str(words) if words is not None else str(exc)
