"""Leading, following and winning a trick, as pure functions of cards and trump.

* Leads (领牌): one unit, or a throw (甩牌) of several units of one suit-in-effect, legal only
  when every unit is unbeatable judged from what the leader can know (docs/rules/tractor.md
  §Leading): a stronger unit would need cards that are neither played nor in the leader's hand.
  The option ``real_hand_throws`` (§Throws judged against the real hands) judges a
  throw against the other seats' real hands instead: any throw may be tried, and a failed one
  is cut down to its smallest beatable unit (``forced_unit``).
* Follows (跟牌): as many cards of the led suit as held, then as many sets of each led size as
  held (tractor.md §Following).
* Winning: only a play of the lead's shape wins, in the led suit or all trumps; plays compare
  by their largest unit, ties to the earlier play (tractor.md §Winning a trick). The option
  ``ruff_every_unit`` (§Winning a trick) makes a throw's later ruff win only when every one of its
  units beats the same unit of the standing best (``beats_every_unit``).
* Optional four-of-a-kind lead (``four_of_a_kind``, docs/rules/shengji.md §House rules).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine.family.trump import TRUMP, TrumpContext
from engine.family.units import (
    MISSING,
    Shape,
    Unit,
    count_sets,
    decompose,
    match_shape,
    placements,
    remember,
    shape_of,
)

QUAD = ((4, 0),)  # the shape of a four-of-a-kind lead (length 0 marks it as special)


@dataclass(frozen=True, slots=True)
class Lead:
    """What a trick's lead asks of the followers."""

    suit: str
    size: int
    shape: Shape
    top: int

    @property
    def is_quad(self) -> bool:
        """True for the four-of-a-kind variant lead."""
        return self.shape == QUAD


def quad_value(cards: Counter[str], ctx: TrumpContext) -> int | None:
    """Four cards of one rank: their strength, trump rank highest (shengji.md §House rules); else ``None``."""
    if sum(cards.values()) != 4:
        return None
    ranks = {c[0] for c in cards}
    if len(ranks) != 1 or any(c in ("LJ", "BJ") for c in cards):
        return None
    rank = next(iter(ranks))
    if rank in ctx.trump_ranks():
        return 100 - ctx.trump_ranks().index(rank)
    return "23456789TJQKA".index(rank)


def read_lead(cards: Counter[str], ctx: TrumpContext, quads: bool = False) -> Lead | None:
    """The lead formed by ``cards``, or ``None`` when they are not of one suit-in-effect."""
    key = ("lead", quads, *cards.items())
    known = ctx.memo.get(key, MISSING)  # one look-up: another thread may clear the memo meanwhile
    if known is not MISSING:
        return known  # type: ignore[no-any-return]
    lead = _read_lead(cards, ctx, quads)
    remember(ctx, key, lead)
    return lead


def _read_lead(cards: Counter[str], ctx: TrumpContext, quads: bool) -> Lead | None:
    if quads:
        value = quad_value(cards, ctx)
        if value is not None:
            return Lead("Q", 4, QUAD, value)
    suits = {ctx.eff[c] for c in cards}
    if len(suits) != 1:
        return None
    units = decompose(cards, ctx)
    return Lead(suits.pop(), sum(cards.values()), shape_of(units), units[0].top)


def unknown_cards(deck: Counter[str], played: Counter[str], hand: Counter[str]) -> Counter[str]:
    """Cards the leader cannot place: neither played nor in the leader's hand (tractor.md §Leading)."""
    return deck - played - hand


def unit_is_safe(unit: Unit, suit: str, unknown: Counter[str], ctx: TrumpContext) -> bool:
    """True if no stronger unit of the same shape can be made from ``unknown`` cards of ``suit``."""
    pool = Counter({c: n for c, n in unknown.items() if ctx.eff[c] == suit and n >= unit.size})
    if not pool:
        return True
    if unit.length == 1:
        return all(ctx.order[c] <= unit.top for c in pool)
    if not ctx.sequences:
        return True
    return all(ctx.order[p[-1]] <= unit.top for p in placements(pool, unit.size, unit.length, ctx))


class Safety:
    """Whether a unit of a lead is safe (tractor.md §Leading): no stronger unit of its shape can be made from
    the cards the leader cannot see. Answers ``tricks.unit_is_safe`` with one threshold per suit and
    shape, computed once per position."""

    def __init__(self, unknown: Mapping[str, int], ctx: TrumpContext) -> None:
        self.ctx = ctx
        self.unknown = unknown
        self.by_suit: dict[str, dict[str, int]] | None = None
        self.limits: dict[tuple[str, int, int], int] = {}

    def unknown_in(self, suit: str) -> dict[str, int]:
        """The unknown cards of ``suit``."""
        if self.by_suit is None:
            self.by_suit = {}
            for card, n in self.unknown.items():
                if n > 0:
                    self.by_suit.setdefault(self.ctx.eff[card], {})[card] = n
        return self.by_suit.get(suit, {})

    def safe(self, unit: Unit, suit: str) -> bool:
        """True if no unknown cards of ``suit`` make a stronger unit of ``unit``'s shape."""
        return unit.top >= self.limit(suit, unit.size, unit.length)

    def limit(self, suit: str, size: int, length: int) -> int:
        """The top a unit of this shape needs to be safe."""
        key = (suit, size, length)
        limit = self.limits.get(key)
        if limit is None:
            limit = self.limits[key] = self._limit(*key)
        return limit

    def _limit(self, suit: str, size: int, length: int) -> int:
        """The top of the strongest unknown unit of this shape (-1: none)."""
        order = self.ctx.order
        pool = {c: n for c, n in self.unknown_in(suit).items() if n >= size}
        if not pool:
            return -1
        if length == 1:
            return max(order[c] for c in pool)
        if not self.ctx.sequences:
            return -1
        return max((order[p[-1]] for p in placements(Counter(pool), size, length, self.ctx)), default=-1)


class HiddenSafety(Safety):
    """``Safety`` for a seat of a deal: the unknown cards of a suit are the deck's less those played
    and those in the seat's hand, counted only for the suits a lead asks about."""

    def __init__(
        self, deck: Mapping[str, int], played: Mapping[str, int], hand: Mapping[str, int], ctx: TrumpContext
    ) -> None:
        super().__init__({}, ctx)
        self.deck, self.played, self.hand = deck, played, hand
        self.suits: dict[str, dict[str, int]] = {}

    def _limit(self, suit: str, size: int, length: int) -> int:
        """For a single or a set, the strongest card of ``suit`` unknown ``size`` times, found from
        the top down (usually among the first few); tractors as ``Safety`` finds them."""
        if length > 1:
            return super()._limit(suit, size, length)
        deck, played, hand = self.deck.get, self.played.get, self.hand.get
        for card in self.ctx.descending[suit]:
            if deck(card, 0) - played(card, 0) - hand(card, 0) >= size:
                return self.ctx.order[card]
        return -1

    def unknown_in(self, suit: str) -> dict[str, int]:
        """The cards of ``suit`` neither played nor in the hand."""
        out = self.suits.get(suit)
        if out is None:
            deck, played, hand = self.deck.get, self.played.get, self.hand.get
            out = self.suits[suit] = {}
            for card in self.ctx.suit_cards[suit]:
                left = deck(card, 0) - played(card, 0) - hand(card, 0)
                if left > 0:
                    out[card] = left
        return out


def lead_error(
    cards: Counter[str],
    hand: Counter[str],
    unknown: Counter[str],
    ctx: TrumpContext,
    quads: bool = False,
    attempts: bool = False,
) -> str | None:
    """Why leading ``cards`` is illegal, or ``None`` if it is legal.

    ``attempts``: the ``real_hand_throws`` option, any throw may be tried; the real hands judge it afterwards.
    """
    if not cards:
        return "a play needs at least one card"
    if not holds(hand, cards):
        return "you do not hold " + " ".join(sorted((cards - hand).elements()))
    lead = read_lead(cards, ctx, quads)
    if lead is None:
        return "a lead must be of one suit (all trumps count as one suit)"
    if lead.is_quad or len(lead.shape) == 1 or attempts:
        return None
    safety = Safety(unknown, ctx)
    for unit in decompose(cards, ctx):
        if not safety.safe(unit, lead.suit):
            shown = " ".join(unit.cards)
            return f"throw not allowed: {shown} could be beaten by cards you cannot see"
    return None


def forced_unit(cards: Counter[str], others: Sequence[Counter[str]], ctx: TrumpContext) -> Unit | None:
    """The unit a throw is cut down to when another seat's real hand could beat a unit of it, else
    ``None`` (the ``real_hand_throws`` option). Of several beatable units the smallest is forced:
    fewest cards, then the lowest top. Every other seat's hand counts, as the seats cannot be told
    apart by the rule (and in Zhao Pengyou nobody knows the sides yet)."""
    lead = read_lead(cards, ctx)
    if lead is None or len(lead.shape) == 1:
        return None
    beatable = [
        unit
        for unit in decompose(cards, ctx)
        if any(not unit_is_safe(unit, lead.suit, hand, ctx) for hand in others)
    ]
    return min(beatable, key=lambda u: (u.size * u.length, u.top), default=None)


def follow_error(
    cards: Counter[str], hand: Counter[str], lead: Lead, ctx: TrumpContext, tractors: bool = False
) -> str | None:
    """Why following ``lead`` with ``cards`` is illegal, or ``None`` (tractor.md §Following).

    ``tractors``: the ``tractor_follow`` option, a held tractor as long as the lead must be played against
    a lead that is one tractor; a throw's units are matched as without it (tractor.md §Following).
    """
    n = sum(cards.values())
    if n != lead.size:
        return f"play exactly {lead.size} card{'s' if lead.size > 1 else ''}"
    if not holds(hand, cards):
        return "you do not hold " + " ".join(sorted((cards - hand).elements()))
    if lead.is_quad:
        return None  # shengji.md §House rules: followers of a four-of-a-kind play any four cards
    suit, eff = lead.suit, ctx.eff
    played_n = 0
    for card, k in cards.items():
        if eff[card] == suit:
            played_n += k
    if played_n < n and played_n < sum(k for c, k in hand.items() if eff[c] == suit):
        return f"you must follow {_suit_name(suit)} with every card of it you can"
    if lead.size == len(lead.shape):
        return None  # singles only: nothing more to follow
    held = Counter({c: k for c, k in hand.items() if eff[c] == suit})
    played = Counter({c: k for c, k in cards.items() if eff[c] == suit})
    reason = sets_error(played, held, lead.shape, suit)
    if reason is None and tractors:
        return _tractor_error(played, held, lead.shape, suit, ctx)
    return reason


def holds(hand: Counter[str], cards: Counter[str]) -> bool:
    """True if ``hand`` holds every card of ``cards`` (as often)."""
    get = hand.get
    for card, n in cards.items():  # noqa: SIM110 (a loop: no generator on the busiest path)
        if get(card, 0) < n:
            return False
    return True


def tractor_asked(shape: Shape) -> tuple[int, int] | None:
    """The ``(size, length)`` that ``tractor_follow`` asks of a follow: the lead's, when the lead is
    one tractor; a throw asks for none, even one holding a tractor (docs/rules/tractor.md)."""
    if len(shape) != 1 or shape[0][1] < 2:
        return None
    return shape[0]


def _tractor_error(
    played: Counter[str], held: Counter[str], shape: Shape, suit: str, ctx: TrumpContext
) -> str | None:
    asked = tractor_asked(shape)
    if asked is None:
        return None
    size, length = asked
    if not any(True for _ in placements(held, size, length, ctx)):
        return None
    if any(True for _ in placements(played, size, length, ctx)):
        return None
    return (
        f"you must follow with a tractor of {_suit_name(suit)} of {length} {'pairs' if size == 2 else 'sets'}"
    )


def sets_error(played: Counter[str], held: Counter[str], shape: Shape, suit: str) -> str | None:
    demands: dict[int, int] = {}
    for size, length in shape:
        if size > 1:
            demands[size] = demands.get(size, 0) + length
    held, played = Counter(held), Counter(played)
    for size in sorted(demands, reverse=True):
        need = min(demands[size], count_sets(held, size))
        if count_sets(played, size) < need:
            word = "pairs" if size == 2 else f"sets of {size}"
            return f"you must follow with {need} {word} of {_suit_name(suit)}"
        taken = 0
        for card in sorted(played, key=lambda c: -played[c]):
            while taken < need and played[card] >= size:
                played[card] -= size
                held[card] -= size
                taken += 1
    return None


def _suit_name(suit: str) -> str:
    return {"T": "trumps", "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(suit, suit)


Strength = tuple[int, int]  # (1 if a trump beats a side suit else 0, top): ``play_strength``


def play_strength(cards: Counter[str], lead: Lead, ctx: TrumpContext) -> tuple[int, int] | None:
    """``(1 if trump else 0, top)`` if ``cards`` could win against ``lead``, else ``None``."""
    if lead.is_quad:
        value = quad_value(cards, ctx)
        return None if value is None else (0, value)
    suits = {ctx.eff[c] for c in cards}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if suit != lead.suit and suit != TRUMP:
        return None
    top = match_shape(cards, lead.shape, ctx)
    if top is None:
        return None
    return (1 if suit != lead.suit else 0, top)


def trick_winner(
    plays: list[Counter[str]], ctx: TrumpContext, quads: bool = False, every_unit: bool = False
) -> int:
    """Index in ``plays`` (lead first) of the play that wins the trick; ties go to the earlier.
    ``every_unit``: the ``ruff_every_unit`` option (``beats_every_unit``)."""
    return trick_best(plays, ctx, quads, every_unit)[0]


def trick_best(
    plays: list[Counter[str]], ctx: TrumpContext, quads: bool = False, every_unit: bool = False
) -> tuple[int, Strength]:
    """``trick_winner`` and the winning play's strength (``play_strength``; the lead's: ``(0, top)``)."""
    lead = read_lead(plays[0], ctx, quads)
    assert lead is not None
    best, best_strength = 0, (0, lead.top)
    for i in range(1, len(plays)):
        strength = _strength(plays[i], lead, ctx)
        if strength is not None and strength > best_strength:
            if every_unit and not _outranks(strength, best_strength, plays[i], plays[best], lead, ctx):
                continue
            best, best_strength = i, strength
    return best, best_strength


def overtakes(
    play: tuple[str, ...], lead: Lead, best: Strength, ctx: TrumpContext, beaten: Counter[str] | None = None
) -> bool:
    """True if ``play`` (sorted cards), played next, would win a trick whose best so far is ``best``
    (``trick_best``): the same as ``trick_winner`` with it appended, without rebuilding the trick.
    ``beaten``: with ``ruff_every_unit``, the standing best's cards, each unit of which it must beat."""
    if len(play) > 1 and not lead.is_quad:  # a mixed play, or one whose highest card cannot do, loses
        eff, suit = ctx.eff, ctx.eff[play[0]]
        if (suit != lead.suit and suit != TRUMP) or any(eff[c] != suit for c in play):
            return False
        if (int(suit != lead.suit), max(ctx.order[c] for c in play)) <= best:
            return False  # a play's top is one of its cards
    strength = _strength(play, lead, ctx)
    if strength is None or strength <= best:
        return False
    return beaten is None or _outranks(strength, best, Counter(play), beaten, lead, ctx)


def _outranks(
    strength: Strength,
    best: Strength,
    cards: Counter[str],
    beaten: Counter[str],
    lead: Lead,
    ctx: TrumpContext,
) -> bool:
    """With ``ruff_every_unit``, whether a play already stronger by its largest unit also beats the
    standing best unit by unit: always for a single unit or a first ruff of a side suit's play."""
    if len(lead.shape) == 1 or lead.is_quad or strength[0] > best[0]:
        return True
    return beats_every_unit(cards, beaten, lead.shape, ctx)


def beats_every_unit(cards: Counter[str], beaten: Counter[str], shape: Shape, ctx: TrumpContext) -> bool:
    """True if ``cards`` can be arranged as ``shape`` so that each unit beats one unit of the same
    size of ``beaten`` (arranged as strongly as it can be), every unit a different one
    (tractor.md §Winning a trick, option ``ruff_every_unit``)."""
    standing = max(unit_tops(beaten, shape, ctx), default=None)
    if standing is None:
        return True
    return any(
        all(
            mine > theirs
            for group, other in zip(tops, standing, strict=True)
            for mine, theirs in zip(group, other, strict=True)
        )
        for tops in unit_tops(cards, shape, ctx)
    )


def unit_tops(cards: Counter[str], shape: Shape, ctx: TrumpContext) -> list[tuple[tuple[int, ...], ...]]:
    """Every way to arrange ``cards`` as ``shape``: per run of units of one size, their tops, highest
    first (the order in which two plays' units are matched one to one)."""
    out = []
    for tops in _arrangements(Counter(cards), shape, ctx):
        groups: dict[tuple[int, int], list[int]] = {}
        for unit, top in zip(shape, tops, strict=True):
            groups.setdefault(unit, []).append(top)
        out.append(tuple(tuple(sorted(group, reverse=True)) for group in groups.values()))
    return out


def _arrangements(counts: Counter[str], shape: Shape, ctx: TrumpContext) -> Iterator[tuple[int, ...]]:
    """The tops of ``shape``'s units, in its order, for every way ``counts`` fills it."""
    if not shape:
        yield ()
        return
    (size, length), tail = shape[0], shape[1:]
    if (size, length) == (1, 1):  # the shape is largest first: only singles are left
        yield tuple(sorted((ctx.order[c] for c in counts.elements()), reverse=True))
        return
    for part in placements(counts, size, length, ctx):
        rest = Counter(counts)
        for card in part:
            rest[card] -= size
        top = max(ctx.order[c] for c in part)
        for more in _arrangements(+rest, tail, ctx):
            yield (top, *more)


def _strength(cards: Counter[str] | tuple[str, ...], lead: Lead, ctx: TrumpContext) -> tuple[int, int] | None:
    """``play_strength``, a single card against a single lead without the shapes (the busiest case)."""
    if len(cards) != 1 or lead.size != 1 or lead.is_quad:
        return play_strength(cards if isinstance(cards, Counter) else Counter(cards), lead, ctx)
    card = next(iter(cards))
    suit = ctx.eff[card]
    if suit == lead.suit:
        return (0, ctx.order[card])
    return (1, ctx.order[card]) if suit == TRUMP else None
