"""Enumerating legal plays lazily: leads (units, throws, four-of-a-kind) and follows.

Every play yielded passes ``tricks.lead_error`` / ``tricks.follow_error``, and every play those
accept is yielded exactly once (as a sorted tuple of cards), so bots and tests can trust either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations

from engine.tricks import Lead, follow_error, lead_error, quad_value, unit_is_safe
from engine.trump import TrumpContext
from engine.units import Unit, decompose, runs_of

Play = tuple[str, ...]


def sub_multisets(counts: Counter[str], size: int) -> Iterator[Play]:
    """Every sub-multiset of ``counts`` with ``size`` cards, as sorted tuples, each once."""
    items = sorted(counts.items())

    def rec(i: int, left: int) -> Iterator[list[str]]:
        if left == 0:
            yield []
            return
        if i == len(items):
            return
        card, n = items[i]
        rest = sum(k for _, k in items[i + 1 :])
        for take in range(min(n, left), -1, -1):
            if left - take > rest:
                break
            for tail in rec(i + 1, left - take):
                yield [card] * take + tail

    for chosen in rec(0, size):
        yield tuple(chosen)


def legal_follows(
    hand: Counter[str], lead: Lead, ctx: TrumpContext, tractors: bool = False
) -> Iterator[Play]:
    """Every legal follow to ``lead`` from ``hand``."""
    if lead.is_quad:
        yield from sub_multisets(hand, 4)
        return
    suit = Counter({c: n for c, n in hand.items() if ctx.eff[c] == lead.suit})
    held = sum(suit.values())
    if held >= lead.size:
        for play in sub_multisets(suit, lead.size):
            if follow_error(Counter(play), hand, lead, ctx, tractors) is None:
                yield play
        return
    others = hand - suit
    own = tuple(sorted(suit.elements()))
    for extra in sub_multisets(others, lead.size - held):
        yield tuple(sorted(own + extra))


def legal_leads(
    hand: Counter[str], unknown: Counter[str], ctx: TrumpContext, quads: bool = False, attempts: bool = False
) -> Iterator[Play]:
    """Every legal lead from ``hand``: singles, sets, tractors, safe throws, four-of-a-kinds.

    ``attempts`` (RULINGS 2's option): every throw may be tried; they come after every suit's
    singles and units, so a sample of the first leads still reaches every suit.
    """
    seen: set[Play] = set()
    by_suit: dict[str, Counter[str]] = {}
    for card, n in hand.items():
        by_suit.setdefault(ctx.eff[card], Counter())[card] = n
    for suit in sorted(by_suit):
        leads = (
            _unit_leads(by_suit[suit], ctx) if attempts else _suit_leads(by_suit[suit], suit, unknown, ctx)
        )
        for play in leads:
            if play not in seen:
                seen.add(play)
                yield play
    for suit in sorted(by_suit) if attempts else ():
        yield from _throws(by_suit[suit], by_suit[suit], unknown, ctx, attempts)
    if quads:
        for play in _quads(hand, ctx):
            if play not in seen:
                seen.add(play)
                yield play


def _suit_leads(cards: Counter[str], suit: str, unknown: Counter[str], ctx: TrumpContext) -> Iterator[Play]:
    yield from _unit_leads(cards, ctx)
    yield from _throws(_throw_pool(cards, suit, unknown, ctx), cards, unknown, ctx)


def _unit_leads(cards: Counter[str], ctx: TrumpContext) -> Iterator[Play]:
    """Singles, then every set and tractor of one suit's ``cards``."""
    for card in sorted(cards):
        yield (card,)
    for unit in _units_in(cards, ctx):
        yield tuple(sorted(unit))


def _throws(
    pool: Counter[str], cards: Counter[str], unknown: Counter[str], ctx: TrumpContext, attempts: bool = False
) -> Iterator[Play]:
    """Legal throws of several units made of ``pool`` cards (a throw is one play, never a unit)."""
    for size in range(2, sum(pool.values()) + 1):
        for play in sub_multisets(pool, size):
            counts = Counter(play)
            if (
                len(decompose(counts, ctx)) > 1
                and lead_error(counts, cards, unknown, ctx, attempts=attempts) is None
            ):
                yield play


def _units_in(cards: Counter[str], ctx: TrumpContext) -> Iterator[list[str]]:
    """Every set and tractor that ``cards`` hold (one card per chain slot choice)."""
    top = max(cards.values(), default=0)
    for size in range(2, top + 1):
        for card, n in cards.items():
            if n >= size:
                yield [card] * size
        if not ctx.sequences:
            continue
        for run in _slot_runs(cards, size, ctx):
            for i in range(len(run)):
                for j in range(i + 2, len(run) + 1):
                    yield from _choices(run[i:j], size)


def _slot_runs(cards: Counter[str], size: int, ctx: TrumpContext) -> list[list[list[str]]]:
    """Runs of chain slots, each slot listing every card of it held ``size`` times."""
    runs: list[list[list[str]]] = []
    for run in runs_of(cards, size, ctx):
        slots = []
        for card in run:
            key = (ctx.eff[card], ctx.chain[card])
            slots.append([c for c in ctx.by_chain[key] if cards.get(c, 0) >= size])
        runs.append(slots)
    return runs


def _choices(slots: list[list[str]], size: int) -> Iterator[list[str]]:
    if not slots:
        yield []
        return
    for card in slots[0]:
        for rest in _choices(slots[1:], size):
            yield [card] * size + rest


def _throw_pool(cards: Counter[str], suit: str, unknown: Counter[str], ctx: TrumpContext) -> Counter[str]:
    """Cards that can be part of a legal throw: each belongs to some unbeatable unit."""
    pool: Counter[str] = Counter()
    for card, n in cards.items():
        if unit_is_safe(Unit(1, 1, ctx.order[card], (card,)), suit, unknown, ctx):
            pool[card] = n
    for unit_cards in _units_in(cards, ctx):
        counts = Counter(unit_cards)
        unit = decompose(counts, ctx)[0]
        if unit_is_safe(unit, suit, unknown, ctx):
            for card in counts:
                pool[card] = cards[card]
    return pool


def _quads(hand: Counter[str], ctx: TrumpContext) -> Iterator[Play]:
    by_rank: dict[str, list[str]] = {}
    for card in hand.elements():
        if card not in ("LJ", "BJ"):
            by_rank.setdefault(card[0], []).append(card)
    for rank in sorted(by_rank):
        for combo in set(combinations(sorted(by_rank[rank]), 4)):
            if quad_value(Counter(combo), ctx) is not None:
                yield tuple(combo)
