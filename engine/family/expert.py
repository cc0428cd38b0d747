"""The expert bot of the Shengji family: what a seat knows, the worlds it samples, the values.

A seat knows its hand, every card played (and by whom), the suits each seat failed to follow
(a void in that suit-in-effect from then on), the cards shown in declarations (still held unless
played since; the dealer's could have been buried), the kitty if it buried it, and the public
facts every deal state carries (bids, trump, Zhao Pengyou's calls and revealed friends). It
searches the plays, San Da Ha's trump naming and San Da Ha's bids (a pass and the bids next to
the heuristic's, played out over whole deals: only ``strong`` pays for enough worlds, and there
the heuristic's bids were its costliest decisions: bench/results/2026-11-26-expert.md, "San Da
Ha's bids searched"); draws,
declarations, the kitty, burials and calls are its one-ply bot's (but Tractor's expert compares
burials where its budget affords whole playouts: engine/games/tractor/expert.py).
Shengji, Tractor and San Da Ha's one-ply bot buries for voids (engine/family/expertplay.py); Zhao
Pengyou's also declares early (engine/games/zhaopengyou/expertplay.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from engine.core.game import Action, Bot, DealState
from engine.family.actions import Bid, Pass, Play, play_of
from engine.family.bots import SAMPLE, HeuristicBot, card_cost
from engine.family.cards import CARD_POINTS, sorted_cards, tally
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.tricks import trick_winner
from engine.search.policy import Policy, same_bots
from engine.search.worlds import Hidden, Zones

T = TypeVar("T")
PLAYOUT_SAMPLE = 40  # candidate plays the playout policy looks at (the heuristic 200; leads rarely pass 40)
MARGIN_WEIGHT = 1 / 20  # one card point beside one unit of a result: 20 points weigh one level


def _deal(state: DealState) -> TrickDeal:
    assert isinstance(state, TrickDeal)
    return state


class FamilyPlayout(HeuristicBot):
    """The playout policy: the heuristic, looking at fewer candidate plays."""

    sample = PLAYOUT_SAMPLE


def pivot(deal: TrickDeal) -> int:
    """The defenders' points from which the declarer's side no longer wins the finished ``deal``
    (``TrickDeal.pivot`` where the table fixes it): one-deck Shengji 40, Tractor 80, Zhao
    Pengyou 40 a deck (its result's ``threshold``), San Da Ha the declarer's bid. Both sides'
    margins count from it, so a decision that moves a seat to the other side (a Zhao Pengyou
    friend's called card) is valued by whether that side wins: from zero, joining a declarer who
    keeps the defenders to 60 of 200 points would count -60 against +60 for staying out, though
    only the declarer's side wins that deal."""
    result = deal.result() or {}
    for key in ("threshold", "bid"):  # Zhao Pengyou's and San Da Ha's, set by the deal
        if key in result:
            return int(result[key])
    return deal.pivot  # fixed by the game's table


class TrickKnowledge:
    """``Knowledge`` (engine.search.knowledge) for the trick games; the bots are parameters."""

    margin_weight = MARGIN_WEIGHT

    def __init__(self, fallback: type[Bot], playout: type[Bot]) -> None:
        self.fallback_kind = fallback
        self.policy: Policy = same_bots(playout)

    def fallback(self, rng: random.Random) -> Bot:
        """The heuristic bot of the game."""
        return self.fallback_kind(rng, "fast")

    def seats(self, state: DealState) -> int:
        """Seats at the table."""
        return _deal(state).setup.seats

    def hidden(self, state: DealState, seat: int) -> Hidden:
        """The cards in the zones hidden from ``seat``, with declarations shown and voids."""
        deal = _deal(state)
        zones = deal.zones()
        names = sorted(deal.hidden_from(seat))
        pool = tuple(sorted_cards(card for name in names for card in zones[name]))
        sizes = {name: len(zones[name]) for name in names}
        return Hidden(pool, sizes, shown_held(deal, names), voids(deal, names), deal.trump.eff)

    def length(self, state: DealState) -> int:
        """The cards still to be played: about one action each (sets and throws take fewer)."""
        deal = _deal(state)
        return sum(sum(hand.values()) for hand in deal.hands) + len(deal.kitty) * (not deal.buried)

    def world(self, state: DealState, zones: Zones) -> DealState:
        """``replace_hidden``, each dealt hand holding its cards in the order dealt."""
        world = _deal(state).replace_hidden(zones)
        for name, cards in zones.items():
            if name.startswith("hand:"):
                world.hands[int(name[5:])] = tally(tuple(cards))
        return world

    def value(self, end: DealState, seat: int) -> float:
        """The result in the game's unit for ``seat`` (0 for a redeal)."""
        deal = _deal(end)
        result = deal.result()
        if result is None or result.get("outcome") != "played":
            return 0.0
        return deal.seat_value(result, seat)

    def margin(self, end: DealState, seat: int) -> float:
        """The defenders' points counted from the ``pivot`` for ``seat``'s side: what they took
        above it for a defender, what the declarer's side kept them under it for that side."""
        deal = _deal(end)
        result = deal.result() or {}
        if result.get("outcome") != "played":
            return 0.0  # a redeal: no points, and no declarer to take sides from
        points = float(result.get("defender_points", 0)) - pivot(deal)
        return points if deal.side_of(seat) == 1 else -points

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        """Plays: the heuristic's, then plays of other kinds (``distinct_plays``); San Da Ha's
        trump naming: every suit; anything else: the heuristic's choice alone."""
        deal = _deal(state)
        choice = fallback.choose(deal, seat)
        if deal.phase is Phase.PLAY:
            plays = deal.sample_plays(seat, SAMPLE)
            trump = deal.trump
            plays.sort(key=lambda cards: (sum(card_cost(c, trump) for c in cards), cards))
            assert isinstance(fallback, HeuristicBot)
            return distinct_plays(deal, seat, choice, fallback, plays, limit)
        if deal.phase is Phase.NAME:
            return [choice, *[a for a in deal.legal_actions(seat) if a != choice]][:limit]
        if deal.phase is Phase.BID:
            near = bids_near(list(deal.legal_actions(seat)), choice)
            return [choice, *[a for a in near if a != choice]][:limit]
        return [choice]


def bids_near(legal: Sequence[Action], first: Action | None) -> list[Action]:
    """A pass (when legal) and the bids just above and below the heuristic's."""
    passes = [a for a in legal if isinstance(a, Pass)]
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.points)
    if not isinstance(first, Bid) or first not in bids:
        return [*passes, *bids[-2:]]  # the lowest bids left after a pass: the ones that change most
    at = bids.index(first)
    return [*passes, *bids[max(0, at - 2) : at + 3]]


def distinct_plays(
    deal: TrickDeal,
    seat: int,
    choice: Action,
    fallback: HeuristicBot,
    plays: list[tuple[str, ...]],
    limit: int,
) -> list[Action]:
    """Up to ``limit`` plays of different kinds, ``choice`` (the heuristic's) first. Leading: the
    heuristic's best lead in each other suit-in-effect, in its order of preference. Following: the
    cheapest play that takes the trick, the cheapest discard (points counted dear), the richest
    (to feed a winning partner), then plays spread by cost. ``plays`` go from cheapest to dearest.
    Spreading by cost alone (the first version) mostly offered the same kind of play twice."""
    trump = deal.trump
    assert isinstance(choice, Play)
    chosen: list[Action] = [choice]
    if deal.lead is None:
        rest, last = plays, choice.cards
        while len(chosen) < limit:
            rest = [p for p in rest if trump.eff[p[0]] != trump.eff[last[0]]]
            if not rest:
                break
            last = fallback.choose_lead(deal, seat, rest)
            chosen.append(play_of(last))
        return chosen
    current = [c for _, c in deal.trick]
    winning = [
        p
        for p in plays
        if trick_winner([*current, Counter(p)], trump, deal.setup.quads, deal.setup.ruff_every_unit)
        == len(current)
    ]
    options = [
        *winning[:1],
        min(plays, key=lambda p: sum(card_cost(c, trump) + 15 * CARD_POINTS[c] for c in p)),
        max(plays, key=lambda p: (sum(CARD_POINTS[c] for c in p), -sum(card_cost(c, trump) for c in p))),
    ]
    for cards in [*options, *spread(plays, limit)]:
        if len(chosen) < limit and play_of(cards) not in chosen:
            chosen.append(play_of(cards))
    return chosen


def spread(items: Sequence[T], count: int) -> list[T]:
    """``count`` items evenly spaced from the first to the last (all of them if fewer)."""
    if len(items) <= count:
        return list(items)
    if count == 1:
        return [items[0]]
    return [items[round(k * (len(items) - 1) / (count - 1))] for k in range(count)]


def played_by(deal: TrickDeal) -> list[Counter[str]]:
    """The cards each seat has played so far, the trick on the felt included."""
    out: list[Counter[str]] = [Counter() for _ in range(deal.setup.seats)]
    for trick in deal.tricks:
        for seat, cards in trick:
            out[seat].update(cards)
    for seat, counts in deal.trick:
        out[seat].update(counts)
    return out


def voids(deal: TrickDeal, names: Sequence[str]) -> dict[str, frozenset[str]]:
    """Hidden hands → the suits-in-effect they failed to follow (so hold none of any more)."""
    eff = deal.trump.eff
    shown: dict[str, set[str]] = {}
    current = [(seat, tuple(counts.elements())) for seat, counts in deal.trick]
    for trick in [*deal.tricks, current]:
        if len(trick) < 2:
            continue
        suit = eff[trick[0][1][0]]
        for seat, cards in trick[1:]:
            if any(eff[card] != suit for card in cards):
                shown.setdefault(f"hand:{seat}", set()).add(suit)
    return {name: frozenset(suits) for name, suits in shown.items() if name in names}


def shown_held(deal: TrickDeal, names: Sequence[str]) -> dict[str, list[str]]:
    """Hidden hands → the cards they showed in declarations and have not played since. A seat that
    buried is left out: a shown card may be in the kitty (or, stolen, in another hand)."""
    shown: dict[int, Counter[str]] = {}
    for seat, declared in deal.shown:
        shown[seat] = shown.get(seat, Counter()) | Counter(declared)
    played, buriers = played_by(deal), deal.buriers()
    out: dict[str, list[str]] = {}
    for seat, counts in shown.items():
        name = f"hand:{seat}"
        if name in names and seat not in buriers:
            out[name] = sorted_cards((counts - played[seat]).elements())
    return out


# The review's; the expert's is in engine.family.expertplay.
FAMILY = TrickKnowledge(HeuristicBot, FamilyPlayout)
