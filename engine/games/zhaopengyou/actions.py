"""The friend call (找朋友) and the notation of Zhao Pengyou: the family's actions plus ``call``.

``call 2nd AS``: the declarer names a non-trump card and which copy played counts; whoever plays
that copy joins the declarer (docs/rules/zhaopengyou.md §Calling friends). Ordinals are written
``1st 2nd 3rd 4th``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import NotationError
from engine.core.game import Action
from engine.family.actions import parse_action
from engine.family.cards import parse_card

ORDINALS = ("1st", "2nd", "3rd", "4th")


@dataclass(frozen=True)
class Call(Action):
    """The declarer calls the ``nth`` copy of ``card`` to be played: its player becomes a friend."""

    nth: int
    card: str

    def __str__(self) -> str:
        return f"call {ordinal(self.nth)} {self.card}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` (and ``5th`` ... for completeness)."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


def parse_zhao_action(text: str) -> Action:
    """Parse one action: ``call 2nd AS`` here, everything else by the family notation."""
    words = text.split()
    if not words or words[0].lower() != "call":
        return parse_action(text)
    if len(words) != 3:
        raise NotationError("call needs an ordinal and a card, e.g. 'call 2nd AS'")
    number = words[1][:-2]
    if not number.isdigit() or int(number) < 1 or ordinal(int(number)) != words[1].lower():
        raise NotationError(f"{words[1]!r} is not an ordinal like 1st, 2nd, 3rd, 4th")
    return Call(int(number), parse_card(words[2]))
