"""Trump order and suit-in-effect (主牌 / 副牌) as a pure function of the deal's trump.

docs/rules/shengji.md §Trumps: BJ > LJ > trump-suit rank card > the other suits' rank cards (equal)
> the trump suit's other cards, A high; all trumps form one suit for leading and following.
Permanent trump ranks (常主: the 2 of Shengji's ``two_always_trump``, the 7s and 2s of San Da Ha,
docs/rules/sandaha.md §Permanent trumps) sit below the deal's rank in the same pattern. Tractors
follow the chain of docs/rules/tractor.md §Units and sandaha.md §Permanent trumps: inside a suit the
trump ranks are skipped; in trumps the trump-suit A pair is followed by the off-suit rank pairs,
then the trump-suit rank pair, up to LJ and BJ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from engine.family.cards import ALL_CARDS, JOKERS, RANKS, SUITS

TRUMP = "T"  # the suit-in-effect of every trump
# How a hand is laid out: the plain suits alternate black and red, the trumps come last.
PLAIN_SUIT_ORDER = "SHCD"


@dataclass(frozen=True)
class TrumpContext:
    """The trump of a deal: its rank, suit (``None``: no trump, 無主) and the fixed options.

    ``permanent``: ranks always trump, strongest first, below ``rank``. ``sequences``: whether
    equal sets form tractors (two decks or more). ``rank_sequences``: whether jokers and rank cards
    may be part of a tractor (False in Zhao Pengyou, zhaopengyou.md §Leading). ``notrump_ranks``: with no
    trump suit, rank cards stay trump (tractor.md §Trumps; False is the option's literal "only jokers").
    """

    rank: str | None
    suit: str | None
    permanent: tuple[str, ...] = ()
    sequences: bool = True
    rank_sequences: bool = True
    notrump_ranks: bool = True
    eff: dict[str, str] = field(init=False, compare=False, repr=False)
    order: dict[str, int] = field(init=False, compare=False, repr=False)
    chain: dict[str, int] = field(init=False, compare=False, repr=False)
    by_chain: dict[tuple[str, int], tuple[str, ...]] = field(init=False, compare=False, repr=False)
    suit_cards: dict[str, tuple[str, ...]] = field(init=False, compare=False, repr=False)
    descending: dict[str, tuple[str, ...]] = field(init=False, compare=False, repr=False)

    memo: dict[Any, Any] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Every context of the same trump shares one set of tables (read-only) and one memo of
        # pure results (decompositions, leads, shapes), so a deal's later tricks and the next
        # deals with the same trump find them computed.
        key = (self.rank, self.suit, self.permanent, self.sequences, self.rank_sequences, self.notrump_ranks)
        for name, value in zip(_SHARED, _shared_tables(*key), strict=True):
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied or pickled by its arguments: the tables and the memo are rebuilt, never carried."""
        args = (self.rank, self.suit, self.permanent, self.sequences, self.rank_sequences, self.notrump_ranks)
        return (TrumpContext, args)

    def __deepcopy__(self, memo: dict[int, Any]) -> TrumpContext:
        """Immutable: a deep copy is the context itself."""
        return self

    def trump_ranks(self) -> tuple[str, ...]:
        """Ranks whose every card is trump, strongest first."""
        head = (self.rank,) if self.rank else ()
        if self.suit is None and not self.notrump_ranks:
            head = ()
        return head + tuple(p for p in self.permanent if p != self.rank)

    def is_trump(self, card: str) -> bool:
        """True if ``card`` belongs to the trump suit-in-effect."""
        return self.eff[card] == TRUMP

    def beats(self, a: str, b: str) -> bool:
        """True if single ``a`` beats single ``b`` played earlier in a trick led in ``b``'s suit."""
        ea, eb = self.eff[a], self.eff[b]
        if ea == eb:
            return self.order[a] > self.order[b]
        return ea == TRUMP


_SHARED = ("eff", "order", "chain", "by_chain", "suit_cards", "descending", "memo")


@cache
def _shared_tables(
    rank: str | None,
    suit: str | None,
    permanent: tuple[str, ...],
    sequences: bool,
    rank_sequences: bool,
    notrump_ranks: bool,
) -> tuple[Any, ...]:
    """The tables of one trump, computed once per process."""
    ctx = object.__new__(TrumpContext)
    for name, value in zip(
        ("rank", "suit", "permanent", "sequences", "rank_sequences", "notrump_ranks"),
        (rank, suit, permanent, sequences, rank_sequences, notrump_ranks),
        strict=True,
    ):
        object.__setattr__(ctx, name, value)
    eff, order, chain = _tables(ctx)
    by_chain: dict[tuple[str, int], list[str]] = {}
    suit_cards: dict[str, list[str]] = {}
    for card in ALL_CARDS:
        by_chain.setdefault((eff[card], chain[card]), []).append(card)
        suit_cards.setdefault(eff[card], []).append(card)
    memo: dict[Any, Any] = {}
    return (
        eff,
        order,
        chain,
        {k: tuple(v) for k, v in by_chain.items()},
        {k: tuple(v) for k, v in suit_cards.items()},
        {k: tuple(sorted(v, key=lambda c: -order[c])) for k, v in suit_cards.items()},
        memo,
    )


MEMO_LIMIT = 50_000  # entries kept per trump before its memo starts again


def _tables(ctx: TrumpContext) -> tuple[dict[str, str], dict[str, int], dict[str, int]]:
    levels = ctx.trump_ranks()
    eff: dict[str, str] = {}
    order: dict[str, int] = {}
    chain: dict[str, int] = {}
    # Plain cards: rank index for order; the trump ranks are skipped in chains (tractor.md §Units).
    plain = [r for r in RANKS if r not in levels]
    for card in ALL_CARDS:
        if card in JOKERS:
            continue
        r, s = card[0], card[1]
        if r in levels:
            continue
        eff[card] = TRUMP if s == ctx.suit else s
        order[card] = RANKS.index(r)
        chain[card] = plain.index(r) * 2 if not ctx.sequences else plain.index(r)
    step = 1 if ctx.rank_sequences else 2
    nxt = len(plain) if ctx.rank_sequences else len(plain) + 1
    # Trump ranks from the weakest up: off-suit copies, then the trump-suit copy.
    for i, r in enumerate(reversed(levels)):
        base = 20 + 2 * i
        for s in SUITS:
            card = r + s
            eff[card] = TRUMP
            order[card] = base + (1 if s == ctx.suit else 0)
        for s in SUITS:
            if s != ctx.suit:
                chain[r + s] = nxt
        nxt += step
        if ctx.suit is not None:
            chain[r + ctx.suit] = nxt
            nxt += step
    for j, card in enumerate(JOKERS):
        eff[card] = TRUMP
        order[card] = 40 + j
        chain[card] = nxt
        nxt += step
    if not ctx.sequences:
        chain = {c: 3 * i for i, c in enumerate(ALL_CARDS)}
    return eff, order, chain


@lru_cache(maxsize=256)
def display_order(ctx: TrumpContext) -> tuple[tuple[str, ...], int]:
    """Every card as a hand lays them out, and how many of them (the last ones) are trump.

    The plain suits first (spades, hearts, clubs, diamonds), then the trumps; strongest first in
    each group, in the trump order of shengji.md §Trumps (equal off-suit rank cards by printed suit).
    """
    plain = [c for s in PLAIN_SUIT_ORDER for c in ctx.suit_cards.get(s, ())]
    trumps = list(ctx.suit_cards.get(TRUMP, ()))
    plain.sort(key=lambda c: (PLAIN_SUIT_ORDER.index(ctx.eff[c]), -ctx.order[c]))
    trumps.sort(key=lambda c: (-ctx.order[c], PLAIN_SUIT_ORDER.index(c[1]) if c not in JOKERS else 0))
    return tuple(plain + trumps), len(trumps)


@lru_cache(maxsize=256)
def _positions(ctx: TrumpContext) -> dict[str, int]:
    return {card: i for i, card in enumerate(display_order(ctx)[0])}


def display_sorted(cards: list[str] | tuple[str, ...], ctx: TrumpContext) -> tuple[list[str], int]:
    """``cards`` in ``display_order``, and how many of them (the last ones) are trump."""
    at = _positions(ctx)
    ordered = sorted(cards, key=at.__getitem__)
    return ordered, sum(1 for c in ordered if ctx.eff[c] == TRUMP)
