"""Playing cards of the Shengji family: codes, decks, points.

A card is its code: rank ``2-9 T J Q K A`` then suit ``S H D C`` (``AS``, ``TH``), or a joker,
``LJ`` (little, black) and ``BJ`` (big, coloured). Several decks hold identical cards, so a hand
is a multiset (``collections.Counter``); nothing tells two copies of ``AS`` apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.core.errors import NotationError

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("LJ", "BJ")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
_VALID = frozenset(ALL_CARDS)

# docs/rules/shengji.md §Cards: 5 is worth 5 points, 10 and K are worth 10; nothing else scores.
_POINTS = {"5": 5, "T": 10, "K": 10}
CARD_POINTS: dict[str, int] = {c: _POINTS.get(c[0], 0) if c not in JOKERS else 0 for c in ALL_CARDS}


def is_joker(card: str) -> bool:
    """True for ``LJ`` and ``BJ``."""
    return card in JOKERS


def rank_of(card: str) -> str:
    """The rank character of a non-joker card (``"A"`` for ``AS``); jokers give their code."""
    return card if card in JOKERS else card[0]


def suit_of(card: str) -> str | None:
    """The printed suit of a card, ``None`` for a joker."""
    return None if card in JOKERS else card[1]


def parse_card(text: str) -> str:
    """Validate one card code (case-insensitive) and return it upper-cased."""
    code = text.strip().upper()
    if code not in _VALID:
        raise NotationError(f"{text!r} is not a card (rank 2-9 T J Q K A + suit S H D C, or LJ, BJ)")
    return code


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards separated by spaces, e.g. ``"AS AS KS"``."""
    return tuple(parse_card(t) for t in text.split())


def points(cards: Iterable[str]) -> int:
    """Total card points (5, 10, K) of ``cards``."""
    return sum(CARD_POINTS[c] for c in cards)


def make_deck(decks: int, jokers: bool = True, without_ranks: str = "") -> tuple[str, ...]:
    """``decks`` standard decks in a fixed order, optionally without jokers or some ranks."""
    one = [
        c for c in ALL_CARDS if (c in JOKERS and jokers) or (c not in JOKERS and c[0] not in without_ranks)
    ]
    return tuple(one * decks)


def counter(cards: Iterable[str]) -> Counter[str]:
    """The multiset of ``cards``."""
    return Counter(cards)


def tally(cards: tuple[str, ...]) -> Counter[str]:
    """``Counter(cards)`` for a short tuple, counted with the dict's own methods (no ``update``)."""
    out: Counter[str] = Counter.__new__(Counter)
    get = out.get
    for card in cards:
        out[card] = get(card, 0) + 1
    return out


def _display_key(card: str) -> tuple[int, int]:
    if card in JOKERS:
        return (len(SUITS), -JOKERS.index(card))
    return (SUITS.index(card[1]), -RANKS.index(card[0]))


# Precomputed: views sort every hand at every step, and the replay viewer builds hundreds of views.
_DISPLAY_KEYS: dict[str, tuple[int, int]] = {
    card: _display_key(card) for card in [*JOKERS, *(rank + suit for suit in SUITS for rank in RANKS)]
}


def sort_key(card: str) -> tuple[int, int]:
    """A display order: by suit (S H D C), high ranks first, jokers last (BJ before LJ)."""
    key = _DISPLAY_KEYS.get(card)
    return key if key is not None else _display_key(card)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    """Cards in display order."""
    return sorted(cards, key=sort_key)


def shown(pile: Counter[str], counted: bool) -> list[str] | int:
    """A pile as a view shows it: its cards in display order, or (``counted``) their number only."""
    return pile.total() if counted else sorted_cards(pile.elements())


def level_up(level: str, steps: int) -> str:
    """The level ``steps`` above ``level``, stopping at A (docs/rules/shengji.md §Levels)."""
    return RANKS[min(RANKS.index(level) + steps, len(RANKS) - 1)]
