"""Why a player holding a card of the declared rank cannot declare, in words ("a single 2 of
diamonds cannot override a single 2 of clubs: a pair is needed").

The engine is asked, never re-implemented: what would be needed is found by trying, on a private
copy of the deal, the declaration the seat would make with one more copy of its card
(``declare_error`` is then empty when a pair would do), or with a pair of jokers.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cardclub.cards import card_label
from engine.family.phases import Phase

JOKERS = ("LJ", "BJ")


def hint(state: Any, seat: int | None) -> str | None:
    """The hint for ``seat``, or ``None`` when it may declare, holds no card of the declared rank,
    or the deal has no declaring (or is past it)."""
    standing = getattr(state, "declaration", None)
    if seat is None or standing is None or getattr(state, "phase", "") not in (Phase.DRAW, Phase.KITTY):
        return None
    if standing[0] == seat or state.may_declare(seat):
        return None
    shown = tuple(standing[1])
    if shown[0] in JOKERS:
        return None
    hand = state.hands[seat]
    held = sorted(c for c in hand if c not in JOKERS and c[0] == shown[0][0])
    if not held:
        return None
    card = max(held, key=lambda c: hand[c])
    mine = _shown_in_words((card,) * min(2, hand[card]))
    words = {"mine": mine, "standing": _shown_in_words(shown)}
    if hand[card] < 2 and _would_do(state, seat, (card, card)):
        text = _("%(mine)s cannot override %(standing)s: a pair is needed.")
    elif any(_would_do(state, seat, (joker, joker)) for joker in JOKERS):
        text = _("%(mine)s cannot override %(standing)s: only a pair of jokers can.")
    else:
        text = _("%(mine)s cannot override %(standing)s: the first declaration stands.")
    return str(capfirst(text % words))


def _would_do(state: Any, seat: int, cards: tuple[str, ...]) -> bool:
    """True if ``seat`` could declare ``cards`` were they in its hand (tried on a copy)."""
    trial = state.copy()
    trial.hands = list(trial.hands)  # the copy may share the list of hands with the deal
    trial.hands[seat] = trial.hands[seat].copy()
    for card in set(cards):
        trial.hands[seat][card] = max(trial.hands[seat][card], cards.count(card))
    return trial.declare_error(seat, cards) is None


def _shown_in_words(cards: tuple[str, ...]) -> str:
    if len(cards) == 1:
        return _("a single %(card)s") % {"card": card_label(cards[0])}
    return _("a pair of %(card)s") % {"card": card_label(cards[0])}
