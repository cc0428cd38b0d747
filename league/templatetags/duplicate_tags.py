"""Template filters of the duplicate pages: cards as printed, seats by compass, trumps, hundredths
and matchpoints."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.translation import gettext_lazy as _

from engine.core.result import DealResult
from league.duplicate import hundredths as to_hundredths
from league.services import names

register = template.Library()

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PAIRS = ("NS", "EW")


@register.filter
def compass(seat: int | None) -> str:
    """ "North (NS)": a seat of a four-seat board by compass point and pair; "—" for none."""
    if not isinstance(seat, int) or seat < 0:
        return "—"
    return f"{names.compass()[seat % 4]} ({PAIRS[seat % 2]})"


@register.filter
def trump_text(result: DealResult | None) -> str:
    """A deal's trump as printed: "2♥", or the rank alone with no trump suit (无主)."""
    if result is None or not result.trump:
        return "—"
    rank = result.trump_rank or ""
    suit = result.trump_suit
    return f"{rank}{SUITS[suit]}" if suit in SUITS else f"{rank} {_('no trump suit')}".strip()


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
