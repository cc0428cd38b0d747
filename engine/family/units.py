"""Trick units: singles, sets (对子 pairs and larger) and tractors (拖拉机, sequences of equal sets).

All functions take cards of one suit-in-effect and a ``TrumpContext``. A set is ``size`` identical
cards; a tractor is ``length`` >= 2 sets of consecutive chain positions (docs/rules/tractor.md
§Units: singles, pairs and tractors). A lead is decomposed preferring the biggest sets, then the
longest tractors (§Leading); its *shape* is the list of ``(size, length)`` of its units, largest
first (§Winning a trick: longest tractor, then largest set).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.family.trump import MEMO_LIMIT, TrumpContext

Shape = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Unit:
    """One component of a play: ``size`` identical cards at each of ``length`` consecutive positions."""

    size: int
    length: int
    top: int
    cards: tuple[str, ...]

    def key(self) -> tuple[int, int]:
        """How big the unit is for comparing plays: length, then set size (tractor.md §Winning a trick)."""
        return (self.length, self.size)


def runs_of(counts: Mapping[str, int], size: int, ctx: TrumpContext) -> list[list[str]]:
    """Maximal runs (length >= 1) of consecutive chain positions holding a set of ``size``."""
    slots: dict[int, str] = {}
    for card, n in counts.items():
        if n >= size:
            pos = ctx.chain[card]
            if pos not in slots or ctx.order[card] > ctx.order[slots[pos]]:
                slots[pos] = card
    runs: list[list[str]] = []
    for pos in sorted(slots):
        if runs and ctx.chain[runs[-1][-1]] == pos - 1:
            runs[-1].append(slots[pos])
        else:
            runs.append([slots[pos]])
    return runs


def decompose(cards: Counter[str], ctx: TrumpContext) -> list[Unit]:
    """Split cards of one suit into units, largest sets and longest tractors first."""
    # Memoised by the cards in their order (ties between equal cards follow it); units are frozen.
    key = ("decompose", *cards.items())
    units = ctx.memo.get(key)
    if units is None:
        units = _decompose(cards, ctx)
        remember(ctx, key, units)
    return list(units)


def decompose_play(play: tuple[str, ...], ctx: TrumpContext) -> tuple[Unit, ...]:
    """``decompose(Counter(play))`` for cards whose copies are side by side (a play, a unit), shared
    with ``decompose``'s memo; the tuple is the memo's own, not to be changed."""
    items: list[tuple[str, int]] = []
    for card in play:
        if items and items[-1][0] == card:
            items[-1] = (card, items[-1][1] + 1)
        else:
            items.append((card, 1))
    key = ("decompose", *items)
    units = ctx.memo.get(key)
    if units is None:
        units = _decompose(Counter(dict(items)), ctx)
        remember(ctx, key, units)
    return units


MISSING = object()  # what a memo look-up finds for a result not kept (``None`` is a result)


def remember(ctx: TrumpContext, key: Any, value: Any) -> None:
    """Keep a pure result in the trump's memo, which starts again once it is full."""
    if len(ctx.memo) >= MEMO_LIMIT:
        ctx.memo.clear()
    ctx.memo[key] = value


def _decompose(cards: Counter[str], ctx: TrumpContext) -> tuple[Unit, ...]:
    counts = Counter(cards)
    units: list[Unit] = []
    biggest = max(counts.values(), default=0)
    for size in range(biggest, 0, -1):
        while ctx.sequences and size > 1:
            runs = [r for r in runs_of(counts, size, ctx) if len(r) >= 2]
            if not runs:
                break
            run = max(runs, key=lambda r: (len(r), ctx.order[r[-1]]))
            units.append(_unit(run, size, ctx))
            for card in run:
                counts[card] -= size
        for card in sorted(counts, key=lambda c: -ctx.order[c]):
            while counts[card] >= size:
                units.append(_unit([card], size, ctx))
                counts[card] -= size
    units.sort(key=lambda u: (u.key(), u.top), reverse=True)
    return tuple(units)


def _unit(run: list[str], size: int, ctx: TrumpContext) -> Unit:
    cards = tuple(c for c in run for _ in range(size))
    return Unit(size, len(run), max(ctx.order[c] for c in run), cards)


def shape_of(units: list[Unit]) -> Shape:
    """The shape of a decomposed play: its units' ``(size, length)``, largest first."""
    return tuple((u.size, u.length) for u in units)


def placements(counts: Counter[str], size: int, length: int, ctx: TrumpContext) -> Iterator[list[str]]:
    """Every way to take one unit of ``size`` x ``length`` from ``counts``, strongest top first."""
    found: list[tuple[int, list[str]]] = []
    if length == 1:
        for card, n in counts.items():
            if n >= size:
                found.append((ctx.order[card], [card]))
    elif ctx.sequences:
        for run in runs_of(counts, size, ctx):
            for i in range(len(run) - length + 1):
                part = run[i : i + length]
                found.append((ctx.order[part[-1]], part))
    found.sort(key=lambda f: -f[0])
    for _, part in found:
        yield part


def match_shape(counts: Counter[str], shape: Shape, ctx: TrumpContext) -> int | None:
    """The best top of the first unit if ``counts`` can be arranged as ``shape``, else ``None``."""
    if singles_only(shape):
        return max(ctx.order[c] for c in counts)
    key = ("match", shape, *counts.items())
    known = ctx.memo.get(key, MISSING)  # one look-up: another thread may clear the memo meanwhile
    if known is not MISSING:
        return known  # type: ignore[no-any-return]
    top = _match(Counter(counts), list(shape), ctx)
    remember(ctx, key, top)
    return top


@cache
def singles_only(shape: Shape) -> bool:
    """True if every unit of ``shape`` is a single."""
    return all(size == 1 for size, _ in shape)


def _match(counts: Counter[str], shape: list[tuple[int, int]], ctx: TrumpContext) -> int | None:
    if not shape:
        return 0
    (size, length), tail = shape[0], shape[1:]
    if size == 1 and length == 1:
        return max((ctx.order[c] for c, n in counts.items() if n > 0), default=None)
    for part in placements(counts, size, length, ctx):
        for card in part:
            counts[card] -= size
        ok = _match(+counts, tail, ctx) is not None
        for card in part:
            counts[card] += size
        if ok:
            return max(ctx.order[c] for c in part)
    return None


def count_sets(counts: Counter[str], size: int) -> int:
    """How many disjoint sets of ``size`` identical cards ``counts`` holds."""
    return sum(n // size for n in counts.values())
