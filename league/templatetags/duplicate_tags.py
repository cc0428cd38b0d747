"""Template filters of the duplicate pages: cards as printed, hundredths and matchpoints."""

from __future__ import annotations

from fractions import Fraction

from django import template

from league.duplicate import hundredths as to_hundredths

register = template.Library()

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.filter
def card_label(code: str) -> str:
    """A card as printed on a board sheet: 10♥, Q♠, 大王 (big joker), 小王 (little joker)."""
    if code == "BJ":
        return "大王 BJ"
    if code == "LJ":
        return "小王 LJ"
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUITS.get(code[1:], code[1:])


@register.filter
def card_colour(code: str) -> str:
    """ "red" for hearts, diamonds and the big joker, else "black"."""
    return "red" if code == "BJ" or code[1:] in ("H", "D") else "black"


@register.filter
def hundredths(value: int | None) -> str:
    """A stored hundredths integer as a decimal: 5833 → 58.33."""
    if value is None:
        return ""
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value), 100)
    return f"{sign}{whole}.{rest:02d}"


@register.filter
def matchpoints(value: Fraction | int | None) -> str:
    """Matchpoints as shown: whole numbers plainly, factored ones to two decimals."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return hundredths(to_hundredths(value))
