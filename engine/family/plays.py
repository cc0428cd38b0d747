"""Enumerating legal plays lazily: leads (units, throws, four-of-a-kind) and follows.

Every play yielded passes ``tricks.lead_error`` / ``tricks.follow_error``, and every play those
accept is yielded exactly once (as a sorted tuple of cards), so bots and tests can trust either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import combinations

from engine.family.tricks import Lead, Safety, quad_value, sets_error, tractor_asked
from engine.family.trump import TrumpContext
from engine.family.units import count_sets, decompose_play, placements, runs_of

Play = tuple[str, ...]


def sub_multisets(counts: Mapping[str, int], size: int) -> Iterator[Play]:
    """Every sub-multiset of ``counts`` with ``size`` cards, as sorted tuples, each once.

    In order: cards by code, and for each card from the most copies taken down to none.
    """
    items = [(card, n) for card, n in sorted(counts.items()) if n > 0]
    if size == 1:
        return ((card,) for card, _ in items)  # the common case, without the recursion
    if size == 2:
        return iter(_pairs(items))
    if all(n == 1 for _, n in items):
        return combinations([card for card, _ in items], size)  # distinct cards: the same order
    return _sub_multisets(items, size, 0, 1)


def _pairs(items: list[tuple[str, int]]) -> list[Play]:
    """``sub_multisets`` of two cards, listed directly: a void follow to a pair may list hundreds,
    which the recursion made twenty times slower."""
    out: list[Play] = []
    for i, (card, n) in enumerate(items):
        if n >= 2:
            out.append((card, card))
        out.extend((card, other) for other, _ in items[i + 1 :])
    return out


def _sub_multisets(items: list[tuple[str, int]], size: int, need: int, unit: int) -> Iterator[Play]:
    """Sub-multisets in ``sub_multisets``' order holding at least ``need`` sets of ``unit`` identical
    cards (``need`` 0: every one). Branches that cannot reach ``need`` are cut, which leaves the
    order of the others as it is."""
    cards = [card for card, _ in items]
    counts = [n for _, n in items]
    rest = [0] * (len(items) + 1)  # cards left from each position on
    sets = [0] * (len(items) + 1)  # sets of ``unit`` left from each position on
    for i in range(len(items) - 1, -1, -1):
        rest[i] = rest[i + 1] + counts[i]
        sets[i] = sets[i + 1] + max(counts[i], 0) // unit
    last = len(items)

    def rec(i: int, left: int, got: int) -> Iterator[Play]:
        if left == 0:
            if got >= need:
                yield ()
            return
        if i == last or got + min(left // unit, sets[i]) < need:
            return
        card, after = cards[i], rest[i + 1]
        for take in range(min(counts[i], left), -1, -1):
            if left - take > after:
                break
            head = (card,) * take
            for tail in rec(i + 1, left - take, got + take // unit):
                yield head + tail

    return rec(0, size, 0)


def legal_follows(
    hand: Counter[str], lead: Lead, ctx: TrumpContext, tractors: bool = False
) -> Iterator[Play]:
    """Every legal follow to ``lead`` from ``hand``."""
    if lead.is_quad:
        return sub_multisets(hand, 4)
    eff, led, size = ctx.eff, lead.suit, lead.size
    suit = {c: n for c, n in hand.items() if n > 0 and eff[c] == led}  # (cards held 0 times add nothing)
    held = sum(suit.values())
    if held >= size:
        if size == 1:
            return ((card,) for card in sorted(suit))  # a single: any card of the suit
        if size == len(lead.shape):
            return sub_multisets(suit, size)  # singles: any cards of the suit
        return _set_follows(suit, lead, ctx, tractors)
    others = {c: n for c, n in hand.items() if n > 0 and c not in suit}
    if not suit:
        return sub_multisets(others, size)  # void: any cards (sub-multisets come sorted)
    return _short_follows(others, suit, size - held)


def _short_follows(others: dict[str, int], suit: dict[str, int], missing: int) -> Iterator[Play]:
    """Every card of the led suit, and any ``missing`` others."""
    own = tuple(sorted(c for c, n in suit.items() for _ in range(n)))
    for extra in sub_multisets(others, missing):
        yield tuple(sorted(own + extra))


def _set_follows(suit: dict[str, int], lead: Lead, ctx: TrumpContext, tractors: bool) -> Iterator[Play]:
    """Follows from a suit holding at least the lead's count: the sets (and tractor) it asks for.

    Exactly the sub-multisets that ``follow_error`` accepts, in ``sub_multisets``' order: the
    enumeration only cuts branches that cannot hold enough sets of the largest size asked.
    """
    demands: dict[int, int] = {}
    for size, length in lead.shape:
        if size > 1:
            demands[size] = demands.get(size, 0) + length
    largest = max(demands)
    need = min(demands[largest], count_sets(Counter(suit), largest))
    exact = len(demands) == 1  # one size asked: counting its sets is the whole test
    tractor = _tractor_asked(suit, lead, ctx) if tractors else None
    for play in _sub_multisets(sorted(suit.items()), lead.size, need, largest):
        if exact and tractor is None:
            yield play
            continue
        counts = Counter(play)
        if not exact and sets_error(counts, Counter(suit), lead.shape, lead.suit) is not None:
            continue
        if tractor is None or any(True for _ in placements(counts, *tractor, ctx)):
            yield play


def _tractor_asked(suit: dict[str, int], lead: Lead, ctx: TrumpContext) -> tuple[int, int] | None:
    """The ``tractor_follow`` option: the tractor a follow must hold, if the lead is one and the suit too."""
    asked = tractor_asked(lead.shape)
    if asked is None or not any(True for _ in placements(Counter(suit), *asked, ctx)):
        return None
    return asked


def legal_leads(
    hand: Counter[str], unknown: Counter[str], ctx: TrumpContext, quads: bool = False, attempts: bool = False
) -> Iterator[Play]:
    """Every legal lead from ``hand``: singles, sets, tractors, safe throws, four-of-a-kinds.

    ``attempts`` (the ``real_hand_throws`` option): every throw may be tried; they come after every suit's
    singles and units, so a sample of the first leads still reaches every suit.
    """
    return leads_with(hand, Safety(unknown, ctx), ctx, quads, attempts)


def leads_with(
    hand: Counter[str], safety: Safety, ctx: TrumpContext, quads: bool = False, attempts: bool = False
) -> Iterator[Play]:
    """``legal_leads`` with the unknown cards given as a ``Safety`` (``tricks.HiddenSafety`` counts
    only the suits it is asked about)."""
    seen: set[Play] = set()  # units and throws (singles never repeat: each card once, one card)
    by_suit: dict[str, dict[str, int]] = {}
    eff = ctx.eff
    for card, n in hand.items():
        by_suit.setdefault(eff[card], {})[card] = n
    for suit in sorted(by_suit):
        cards = by_suit[suit]
        for card in sorted(cards):
            yield (card,)
        units = list(_units_in(cards, ctx))
        for unit in units:
            play = tuple(sorted(unit))
            if play not in seen:
                seen.add(play)
                yield play
        if attempts or len(cards) < 2:
            continue  # a throw needs two different cards
        for play in _throws(_throw_pool(cards, suit, safety, ctx, units), suit, safety, ctx):
            if play not in seen:
                seen.add(play)
                yield play
    for suit in sorted(by_suit) if attempts else ():
        yield from _throws(by_suit[suit], suit, None, ctx)
    if quads:
        for play in _quads(hand, ctx):
            if play not in seen:
                seen.add(play)
                yield play


def _throws(pool: Mapping[str, int], suit: str, safety: Safety | None, ctx: TrumpContext) -> Iterator[Play]:
    """Throws of several units made of ``pool`` cards (a throw is one play, never a unit): every
    unit safe, or with ``safety`` ``None`` (the ``real_hand_throws`` option) any throw."""
    if len(pool) < 2:
        return  # copies of one card always form a single set
    for size in range(2, sum(pool.values()) + 1):
        for play in sub_multisets(pool, size):
            units = decompose_play(play, ctx)
            if len(units) > 1 and (safety is None or all(safety.safe(u, suit) for u in units)):
                yield play


def _units_in(cards: Mapping[str, int], ctx: TrumpContext) -> Iterator[list[str]]:
    """Every set and tractor that ``cards`` hold (one card per chain slot choice)."""
    top = max(cards.values(), default=0)
    for size in range(2, top + 1):
        held = [card for card, n in cards.items() if n >= size]
        for card in held:
            yield [card] * size
        if not ctx.sequences or len(held) < 2:
            continue  # a tractor needs two sets
        for run in _slot_runs(cards, size, ctx):
            for i in range(len(run)):
                for j in range(i + 2, len(run) + 1):
                    yield from _choices(run[i:j], size)


def _slot_runs(cards: Mapping[str, int], size: int, ctx: TrumpContext) -> list[list[list[str]]]:
    """Runs of chain slots, each slot listing every card of it held ``size`` times."""
    runs: list[list[list[str]]] = []
    for run in runs_of(cards, size, ctx):
        if len(run) < 2:
            continue  # a lone set makes no tractor
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


def _throw_pool(
    cards: dict[str, int], suit: str, safety: Safety, ctx: TrumpContext, units: list[list[str]]
) -> dict[str, int]:
    """Cards that can be part of a legal throw: each belongs to some unbeatable unit (``units``
    lists the sets and tractors of ``cards``)."""
    pool: dict[str, int] = {}
    order, single = ctx.order, safety.limit(suit, 1, 1)
    for card, n in cards.items():
        if order[card] >= single:
            pool[card] = n
    for unit_cards in units:
        if unit_cards[0] == unit_cards[-1]:  # a set: its own unit
            if order[unit_cards[0]] >= safety.limit(suit, len(unit_cards), 1):
                pool[unit_cards[0]] = cards[unit_cards[0]]
            continue
        unit = decompose_play(tuple(unit_cards), ctx)[0]
        if safety.safe(unit, suit):
            for card in unit_cards:
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
