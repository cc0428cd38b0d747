"""A board's hand diagram (牌型图), as bridge clubs print one: the four starting hands in compass
seats, each sorted by suit with the trumps grouped, and the kitty.

Pure Python, no Django. The hands are who draws which card of the stack (``boards.stack_rows``);
the trumps are those known before anyone declares: the jokers and the dealer's side's level
rank (the suit is declared during the draw), laid out in the engine's display order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.family.trump import TrumpContext, display_order
from league.boards import stack_rows

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RED_SUITS = {"H", "D"}
# Seats by compass in play order (league.services.names): seat 0 South, then East, North, West
# (counter-clockwise); South and North (seats 0 and 2) are the NS pair.
COMPASS = ("S", "E", "N", "W")


@dataclass(frozen=True)
class SuitRow:
    """One suit of a hand: its symbol, whether it is red, and the ranks strongest first ("A K 10")."""

    suit: str
    symbol: str
    red: bool
    ranks: tuple[str, ...]


@dataclass(frozen=True)
class DiagramHand:
    """A seat's starting hand: plain suits, then its trumps (card codes, strongest first)."""

    seat: int
    compass: str
    suits: tuple[SuitRow, ...]
    trumps: tuple[str, ...]


@dataclass(frozen=True)
class Diagram:
    """The four starting hands, the kitty, the dealer and the trump rank they are sorted by."""

    hands: tuple[DiagramHand, ...]
    kitty: tuple[str, ...]
    dealer: int
    trump_rank: str


def rank_text(code: str) -> str:
    """A card's rank as printed: ``T`` is 10."""
    return "10" if code[0] == "T" else code[0]


def hand_diagram(deck: Sequence[str], dealer: int, levels: Sequence[str]) -> Diagram:
    """The diagram of a board dealt from ``deck`` by ``dealer`` with both sides at ``levels``."""
    rank = str(levels[dealer % 2])
    order, trumps = display_order(TrumpContext(rank, None))
    place = {card: i for i, card in enumerate(order)}
    trump_cards = set(order[len(order) - trumps :])
    hands: list[list[str]] = [[] for _ in COMPASS]
    kitty: list[str] = []
    for _, card, seat in stack_rows(deck, dealer):
        (kitty if seat < 0 else hands[seat]).append(card)

    def laid(seat: int, cards: list[str]) -> DiagramHand:
        cards = sorted(cards, key=place.__getitem__)
        plain = [c for c in cards if c not in trump_cards]
        rows = tuple(
            SuitRow(suit, symbol, suit in RED_SUITS, tuple(rank_text(c) for c in plain if c[1] == suit))
            for suit, symbol in SUIT_SYMBOLS.items()
        )
        return DiagramHand(seat, COMPASS[seat], rows, tuple(c for c in cards if c in trump_cards))

    return Diagram(
        tuple(laid(s, cards) for s, cards in enumerate(hands)),
        tuple(sorted(kitty, key=place.__getitem__)),
        dealer,
        rank,
    )
