"""Which claims a seat may make on a shown card (docs/rules/sisepai.md §5) and which claim wins a window.

Claims, highest first: (1) 自摸 the drawer wins with its drawn card; (2) 胡 any other seat wins
with it; (3) 槓/碰 any seat makes four or three identical; (4) the drawer makes a run, a soldier
set or a single general with its drawn card; (5) 吃 the seat after the card's owner makes a run
or a soldier set with it. Pairs are never claimed. Ties go to the seat nearest the card's owner
in turn order, the owner itself first.

A claim that does not win must leave at least one card in the claimer's hand, because the
claimer then discards (the seed's "a hand of zero cards" is only ever reached by winning).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations

from engine.core.game import Action
from engine.games.sisepai.actions import PRIORITY, Chi, Kong, MeldOwn, Pass, Pong
from engine.games.sisepai.melds import RUN_PIECES, MeldKind, meld_kind
from engine.games.sisepai.pieces import COLOURS, colour, is_general, is_soldier, piece

RUN_KINDS = frozenset({MeldKind.GENERALS, MeldKind.CHARIOTS, MeldKind.SOLDIERS3, MeldKind.SOLDIERS4})
"""Melds claimable by 吃 (and by the drawer's own meld, which may also be a single general)."""


def run_partners(hand: Mapping[str, int], card: str) -> Iterator[tuple[str, ...]]:
    """Every set of hand cards that makes a run or soldier set with ``card``."""
    if is_soldier(card):
        others = [c + "P" for c in COLOURS if c != colour(card) and hand.get(c + "P", 0) > 0]
        for size in (2, 3):
            yield from combinations(others, size)
        return
    for pieces in RUN_PIECES.values():
        if piece(card) in pieces:
            partners = tuple(colour(card) + p for p in pieces if p != piece(card))
            if all(hand.get(p, 0) > 0 for p in partners):
                yield partners


def own_meld_options(hand: Mapping[str, int], card: str) -> Iterator[tuple[str, ...]]:
    """Hand cards for the drawer's own meld with ``card``: () for a single general, then runs and sets."""
    if is_general(card):
        yield ()
    yield from run_partners(hand, card)


def is_run_claim(card: str, used: tuple[str, ...], allow_single: bool) -> bool:
    """True if ``used`` + ``card`` is a run or soldier set (or, when allowed, a single general)."""
    kind = meld_kind((card, *used))
    return kind in RUN_KINDS or (allow_single and kind is MeldKind.SINGLE)


def hand_cards_used(action: Action, card: str) -> tuple[str, ...] | None:
    """The hand cards a meld claim on ``card`` uses (three for kong, two for pong); None for others."""
    if isinstance(action, (MeldOwn, Chi)):
        return action.cards
    if isinstance(action, (Kong, Pong)):
        return (card,) * (3 if isinstance(action, Kong) else 2)
    return None


def has_cards(hand: Mapping[str, int], cards: tuple[str, ...]) -> bool:
    """True if the hand holds every card of ``cards`` (as a multiset)."""
    need: dict[str, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    return all(hand.get(c, 0) >= n for c, n in need.items())


def winning_claim(answers: Mapping[int, Action], owner: int, seats: int) -> tuple[int, Action] | None:
    """The claim that wins a window: highest priority, then nearest the owner in turn order."""
    claims = [(PRIORITY[type(a)], (s - owner) % seats, s, a) for s, a in answers.items() if a != Pass()]
    if not claims:
        return None
    _, _, seat, action = min(claims, key=lambda c: (c[0], c[1]))
    return seat, action


def may_demand_redeal(hand: Mapping[str, int]) -> bool:
    """sisepai.md §8: no general (a single), no three or four identical, no soldiers of all four colours."""
    if any(n > 0 for c, n in hand.items() if is_general(c)):
        return False
    if any(n >= 3 for n in hand.values()):
        return False
    return not all(hand.get(c + "P", 0) > 0 for c in COLOURS)
