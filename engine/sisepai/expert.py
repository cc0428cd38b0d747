"""Si Se Pai's expert bot (高手): a determinized search from what its seat knows.

The seat knows its own hand, every exposed meld and discard, the shown card, the sizes of the other
hands and of the stock, and its own answer in an open window. Everything else (the other hands, the
stock's order, the other seats' pending answers) is sampled: the unseen pieces are the pack less
what the seat can see, shuffled and dealt into the hidden zones (``worlds``). Each candidate action
is played on the same worlds, with the same random streams for the playouts, so the comparison is
between actions rather than between worlds; a playout runs the deal to its end under the heuristic
policy and scores the seat's payment. Effort is counted in playouts (``PLAYOUTS``), never seconds.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

from engine.game import Action, Bot, DealState
from engine.sisepai.actions import Discard, Draw, Hu, Pass, Redeal, Tsumo
from engine.sisepai.bots import best_claim, best_discards, hand_value
from engine.sisepai.pieces import pack, sorted_pieces
from engine.sisepai.state import Phase, SiSePaiDeal

PLAYOUTS = {"fast": 24, "strong": 400}
"""Playouts per decision at each budget, shared among the candidates (fast: under 50 ms)."""

DISCARDS = {"fast": 3, "strong": 5}
"""How many of the heuristic's best discards are searched at each budget."""

TURNS = {"fast": 4, "strong": 8}
"""How many draws a playout looks ahead before it values the seat's hand instead of a result."""

PROGRESS = 0.25  # a point of hand value gained, against a point of payment
CONFIDENCE = 1.5  # standard errors a gain must clear to overrule the heuristic
RESAMPLE = 20  # tries at a world before giving up on one that fits the seat's own answer
DRAW, PASS = Draw(), Pass()


def unseen(deal: SiSePaiDeal, seat: int) -> list[str]:
    """The pieces ``seat`` cannot see (other hands and the stock), in display order."""
    pool = Counter(pack(deal.seats))
    pool -= deal.hands[seat]
    for s in range(deal.seats):
        pool -= Counter(c for meld in deal.exposed[s] for c in meld.cards)
        pool -= Counter(deal.discards[s])
    if deal.shown is not None:
        pool[deal.shown.card] -= 1
    return sorted_pieces(pool.elements())


def known_part(deal: SiSePaiDeal, seat: int) -> SiSePaiDeal:
    """A copy without the other seats' pending answers in an open window: they are not ``seat``'s
    to know (the answers stay private until the last one arrives), so the playouts ask again."""
    known = deal.copy()
    known.answers = {s: a for s, a in deal.answers.items() if s == seat}
    return known


def worlds(deal: SiSePaiDeal, seat: int, count: int, rng: random.Random) -> Iterator[SiSePaiDeal]:
    """``count`` deals ``seat`` cannot tell from ``deal``: the unseen pieces dealt at random into
    the other hands and the stock, each of known size."""
    known = known_part(deal, seat)
    pool = unseen(deal, seat)
    hidden = [s for s in range(deal.seats) if s != seat]
    for _ in range(count):
        yield _world(known, hidden, pool, rng)


def _world(known: SiSePaiDeal, hidden: list[int], pool: list[str], rng: random.Random) -> SiSePaiDeal:
    for _ in range(RESAMPLE):
        cards = pool[:]
        rng.shuffle(cards)
        zones: dict[str, list[str]] = {}
        for s in hidden:
            size = known.hand_size(s)
            zones[f"hand:{s}"], cards = sorted_pieces(cards[:size]), cards[size:]
        zones["stock"] = cards
        try:
            return known.replace_hidden(zones)
        except ValueError:
            continue  # an answer kept in the window no longer fits: draw another world
    raise ValueError("no world fits what the seat has answered")


def policy(deal: SiSePaiDeal, seat: int, rng: random.Random) -> Action:
    """The playouts' fast policy: the heuristic bot's choice, read from the deal directly."""
    if deal.phase is Phase.DRAW:
        return DRAW
    if deal.phase is Phase.DISCARD:
        return Discard(rng.choice(best_discards(deal.hands[seat])[1]))
    if deal.phase is Phase.REDEAL:
        return next((a for a in deal.legal_actions(seat) if isinstance(a, Redeal)), PASS)
    assert deal.shown is not None
    if deal.win_points(seat, deal.shown.card) is not None:
        return Tsumo() if seat == deal.shown.owner else Hu()
    claims = list(deal.meld_claims(seat))
    return (claims and best_claim(claims, deal.hands[seat], deal.shown.card)) or PASS


def playout(deal: SiSePaiDeal, seat: int, rng: random.Random, turns: int) -> float:
    """Play ``deal`` (a world of its own) under ``policy`` for ``turns`` draws or to its end:
    ``seat``'s payment if it ended, else how much its hand has gained meanwhile (``progress``),
    which is small beside any payment: a cut-short playout only breaks ties between results."""
    start = progress(deal, seat)
    while not deal.is_over():
        for s in sorted(deal.to_move()):
            if s not in deal.to_move():
                continue
            action = policy(deal, s, rng)
            if action == DRAW:
                turns -= 1
                if turns < 0:
                    return PROGRESS * (progress(deal, seat) - start)
            deal.apply_trusted(s, action)
    result = deal.result()
    assert result is not None
    payments: list[int] = result["payments"]
    return payments[seat]


def progress(deal: SiSePaiDeal, seat: int) -> float:
    """What ``seat``'s cards are worth towards a win, on the heuristic's scale (melds held and
    exposed, near-melds)."""
    exposed = sum(2 * len(meld.cards) + meld.points for meld in deal.exposed[seat])
    return hand_value(deal.hands[seat]) + exposed


def candidates(deal: SiSePaiDeal, seat: int, legal: list[Action], budget: str, first: Action) -> list[Action]:
    """The actions worth a search, the heuristic's choice ``first`` (ties keep it): every answer
    in a window, the heuristic's best few discards."""
    if deal.phase is Phase.DISCARD:
        hand = deal.hands[seat]
        ranked = sorted(sorted_pieces(hand), key=lambda card: -hand_value(hand - Counter([card])))
        legal = [Discard(card) for card in ranked[: DISCARDS[budget]]]
    return [first, *(a for a in legal if a != first)]


class ExpertBot(Bot):
    """Wins when it can; otherwise plays each candidate out on sampled worlds and takes the best."""

    def choose(self, state: DealState, seat: int) -> Action:
        assert isinstance(state, SiSePaiDeal)
        legal = list(state.legal_actions(seat))
        sure = next((a for a in legal if isinstance(a, (Tsumo, Hu))), None)
        if sure is not None or len(legal) == 1:
            return sure or legal[0]
        options = candidates(state, seat, legal, self.budget, policy(state, seat, self.rng))
        if len(options) == 1:
            return options[0]
        per_option = max(2, PLAYOUTS[self.budget] // len(options))
        scores: list[list[float]] = []
        for world in worlds(state, seat, per_option, self.rng):
            seed = self.rng.getrandbits(64)
            scores.append([_played(world, seat, action, seed, TURNS[self.budget]) for action in options])
        return options[confident_best(scores)]


def _played(world: SiSePaiDeal, seat: int, action: Action, seed: int, turns: int) -> float:
    trial = world.copy()
    trial.apply_trusted(seat, action)
    return playout(trial, seat, random.Random(seed), turns)


def confident_best(scores: list[list[float]]) -> int:
    """The option (column) whose paired gain over option 0 (the heuristic's choice) is largest,
    counting only gains more than ``CONFIDENCE`` standard errors above zero; else 0.

    A payment swings by tens of points from world to world while a good choice gains a few, so a
    handful of playouts alone would pick by chance and play worse than the heuristic."""
    best, best_gain = 0, 0.0
    for k in range(1, len(scores[0])):
        gains = [row[k] - row[0] for row in scores]
        gain = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
        if gain > CONFIDENCE * spread and gain > best_gain:
            best, best_gain = k, gain
    return best
