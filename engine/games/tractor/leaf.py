"""Tractor's leaf evaluation: the defenders' final points expected from a position between tricks.

A linear model, one per stretch of the deal (``engine/games/tractor/leaf_weights.py``, fitted by
``bench/train_leaf.py`` on positions of heuristic play and the points the defenders went on to
make). It reads the whole position (every hand: the search calls it inside a sampled world, never
on the table's own state) through the ``features`` below, and predicts the defenders' points
still to come; ``estimate`` turns the defenders' expected total into the expected result in
levels, a normal spread around it with the stretch's residual deviation, so that points near 80
(where the deal changes hands) weigh more than points far from any threshold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from engine.family.cards import CARD_POINTS, SUITS
from engine.family.levels import TRACTOR_PIVOT, tractor_outcome
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TRUMP, TrumpContext
from engine.family.units import remember
from engine.games.tractor.leaf_weights import STRETCHES

# What each side's hands hold (the declarer's side first, then the defenders'):
SIDE_FEATURES = (
    "points",  # card points still in hand
    "trumps",
    "high trumps",  # jokers and rank cards
    "trump pairs",
    "side aces",
    "side ace pairs",
    "side kings",
    "side pairs",
    "voids",  # plain suits a seat holding trumps has none of (a ruff waiting)
)
FEATURES = (
    "one",
    "defenders' points taken",
    "kitty points",
    "points in hands",
    "cards left a hand",
    "defenders lead",
    *(f"declarers' {name}" for name in SIDE_FEATURES),
    *(f"defenders' {name}" for name in SIDE_FEATURES),
    "points in hands × defenders' share of trumps",
    "points in hands × defenders' share of high trumps",
    "points in hands × defenders' share of side aces and kings",
    "points in hands × defenders lead",
    "kitty points × defenders' share of trumps",
    "kitty points × defenders' share of high trumps",
    "kitty points × defenders hold more trumps",
    "defenders' points in hand × defenders' share of trumps",
    "declarers' points in hand × defenders' share of trumps",
    "trumps the defenders hold more, a card left",
    "high trumps the defenders hold more, a card left",
    "defenders' points taken × defenders' share of trumps",
)
_KINDS = ("tractorleaf", "kinds")  # the trump memo's key for ``card_kinds``
HIGH, TRUMP_CARD, ACE, KING, PLAIN = range(5)  # what a card counts as in ``side_counts``


def card_kinds(trump: TrumpContext) -> dict[str, tuple[int, int, str]]:
    """Card → (points, kind, plain suit or ""), once per trump: high trumps are the jokers and
    rank cards (the four strongest orders of trumps)."""
    found: dict[str, tuple[int, int, str]] | None = trump.memo.get(_KINDS)
    if found is None:
        orders = sorted({trump.order[c] for c in trump.suit_cards[TRUMP]}, reverse=True)
        high = orders[min(3, len(orders) - 1)]
        found = {}
        for card, suit in trump.eff.items():
            if suit == TRUMP:
                kind, plain = (HIGH if trump.order[card] >= high else TRUMP_CARD), ""
            else:
                kind, plain = {"A": ACE, "K": KING}.get(card[0], PLAIN), suit
            found[card] = (CARD_POINTS[card], kind, plain)
        remember(trump, _KINDS, found)
    return found


def side_counts(deal: TrickDeal) -> list[list[float]]:
    """``SIDE_FEATURES`` for the declarer's side [0] and the defenders [1]."""
    trump = deal.trump
    kinds = card_kinds(trump)
    plain_suits = [s for s in SUITS if s != trump.suit]
    assert deal.dealer is not None
    sides = [[0.0] * len(SIDE_FEATURES) for _ in range(2)]
    for seat, hand in enumerate(deal.hands):
        f = sides[deal.side_of(seat)]
        held: set[str] = set()
        trumps = False
        for card, n in hand.items():
            points, kind, plain = kinds[card]
            f[0] += points * n
            pair = n >= 2
            if kind <= TRUMP_CARD:
                trumps = True
                f[1] += n
                if kind == HIGH:
                    f[2] += n
                f[3] += pair
                continue
            held.add(plain)
            if kind == ACE:
                f[4] += n
                f[5] += pair
            elif kind == KING:
                f[6] += n
            f[7] += pair
        if trumps:
            f[8] += sum(1 for s in plain_suits if s not in held)
    return sides


def features(deal: TrickDeal) -> list[float]:
    """``FEATURES`` of a position between tricks (every hand read: a sampled world's)."""
    declarers, defenders = side_counts(deal)
    assert deal.dealer is not None
    left = sum(deal.hands[0].values())
    taken = deal.side_points()[1]
    kitty = sum(CARD_POINTS[c] for c in deal.kitty)
    in_hands = declarers[0] + defenders[0]
    lead = float(deal.side_of(deal.leader))
    trumps = (defenders[1] + 0.5) / (defenders[1] + declarers[1] + 1.0)
    highs = (defenders[2] + 0.5) / (defenders[2] + declarers[2] + 1.0)
    tops = (defenders[4] + defenders[6] * 0.5 + 0.5) / (
        defenders[4] + declarers[4] + 0.5 * (defenders[6] + declarers[6]) + 1.0
    )
    return [
        1.0,
        taken,
        kitty,
        in_hands,
        left,
        lead,
        *declarers,
        *defenders,
        in_hands * trumps,
        in_hands * highs,
        in_hands * tops,
        in_hands * lead,
        kitty * trumps,
        kitty * highs,
        kitty * (defenders[1] > declarers[1]),
        defenders[0] * trumps,
        declarers[0] * trumps,
        (defenders[1] - declarers[1]) / max(1, left),
        (defenders[2] - declarers[2]) / max(1, left),
        taken * trumps,
    ]


def stretch(tricks_done: int) -> tuple[float, Sequence[float]]:
    """The residual deviation and the weights of the model for a position after ``tricks_done`` tricks."""
    for first, last, deviation, weights in STRETCHES:
        if first <= tricks_done <= last:
            return deviation, weights
    return STRETCHES[-1][2], STRETCHES[-1][3]


def expected_points(deal: TrickDeal) -> tuple[float, float]:
    """The defenders' expected final points (the kitty's share included) and the model's deviation."""
    deviation, weights = stretch(deal.tricks_done)
    seen = features(deal)
    return seen[1] + sum(w * x for w, x in zip(weights, seen, strict=True)), deviation  # seen[1]: taken


def declarers_levels(
    points: float, deviation: float, step: int = 40, zero: int = 3, dead: int = 1, pivot: int = TRACTOR_PIVOT
) -> float:
    """The declarer's side's expected levels (its rise minus the defenders') when the defenders'
    final points are spread normally around ``points``, by the results table of ``step`` points a
    level, ``zero`` for a defence without a point, a dead zone of ``dead`` steps and the ``pivot``
    of its decks; kept per point and unit of deviation."""
    return _spread_levels(round(points), max(1, round(deviation)), step, zero, dead, pivot)


@cache
def _spread_levels(points: int, deviation: int, step: int, zero: int, dead: int, pivot: int) -> float:
    total = weight = 0.0
    for final in range(0, 600 + 4 * (pivot - TRACTOR_PIVOT), 5):  # 600 for two decks: past every deal
        density = math.exp(-0.5 * ((final - points) / deviation) ** 2)
        keeps, rise = tractor_outcome(final, step, zero, dead, pivot)
        total += density * (rise if keeps else -rise)
        weight += density
    return round(total / weight, 9) if weight else 0.0


def estimate(deal: TrickDeal, seat: int, pivot: int) -> tuple[float, float]:
    """``seat``'s expected levels and card-point margin (from ``pivot``) for the rest of the deal."""
    points, deviation = expected_points(deal)
    rules = deal.rules  # Tractor's results table options, the defaults for any other game
    table = getattr(rules, "level_step", 40), getattr(rules, "zero_rise", 3), getattr(rules, "dead_zone", 1)
    levels = declarers_levels(points, deviation, *table, pivot)
    if deal.side_of(seat) == 0:
        return levels, pivot - points
    return -levels, points - pivot
