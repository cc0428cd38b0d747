"""Si Se Pai's expert bot (高手): the search core (``engine.search``) with Si Se Pai's knowledge.

The seat knows its own hand, every exposed meld and discard, the shown card, the sizes of the other
hands and of the stock, and its own answer in an open window. Everything else is sampled: the
unseen pieces (the pack less what the seat can see) are dealt into the other hands and the stock,
and the other seats' pending answers in a window are dropped (they stay private until the last
one arrives), so the playouts ask those seats again.

A world looks ``TURNS`` draws ahead: its stock holds only the next ``TURNS`` pieces, so a playout
ends in a win within that horizon or in a void deal (0). A whole deal's payment swings by tens of
points on luck far beyond the decision, and the core takes a candidate over the heuristic's only
on clear evidence: looking a few turns ahead is what makes the evidence appear at all. The margin
is how much the seat's hand is worth at the end (``progress``), a small tie-breaker.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.core.game import Action, Bot, DealState
from engine.games.sisepai.actions import Discard, Draw, Hu, Pass, Redeal, Tsumo
from engine.games.sisepai.bots import best_claim, best_discards, hand_value
from engine.games.sisepai.expertplay import WideBot, unseen_counts
from engine.games.sisepai.pieces import sorted_pieces
from engine.games.sisepai.state import Phase, SiSePaiDeal
from engine.search.expert import ExpertBot
from engine.search.policy import Policy, same_bots
from engine.search.worlds import Hidden, Zones

TURNS = 6
"""How many draws a world's stock holds: the playouts' horizon."""

PROGRESS = 0.25  # one point of hand value (heuristic scale) against one point of payment
DRAW, PASS = Draw(), Pass()


def _deal(state: DealState) -> SiSePaiDeal:
    assert isinstance(state, SiSePaiDeal)
    return state


def unseen(deal: SiSePaiDeal, seat: int) -> list[str]:
    """The pieces ``seat`` cannot see (other hands and the stock), in display order."""
    return sorted_pieces(unseen_counts(deal, seat).elements())


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


class PlayoutBot(Bot):
    """``policy`` as a bot, for the core's playouts."""

    def choose(self, state: DealState, seat: int) -> Action:
        return policy(_deal(state), seat, self.rng)


def progress(deal: SiSePaiDeal, seat: int) -> float:
    """What ``seat``'s cards are worth towards a win on the heuristic's scale: melds held and
    exposed, near-melds."""
    exposed = sum(2 * len(meld.cards) + meld.points for meld in deal.exposed[seat])
    return hand_value(deal.hands[seat]) + exposed


class SiSePaiKnowledge:
    """What a Si Se Pai seat knows, and how its worlds are played and valued (``Knowledge``)."""

    margin_weight = PROGRESS

    def __init__(self, turns: int = TURNS) -> None:
        self.turns = turns  # the worlds' horizon in draws (the game review looks further, REVIEW_TURNS)
        self.policy: Policy = same_bots(PlayoutBot)

    def hidden(self, state: DealState, seat: int) -> Hidden:
        """The unseen pieces, to be dealt into the other hands and the stock (sizes are public)."""
        deal = _deal(state)
        sizes = {f"hand:{s}": deal.hand_size(s) for s in range(deal.seats) if s != seat}
        return Hidden(tuple(unseen(deal, seat)), {**sizes, "stock": deal.stock_left()})

    def world(self, state: DealState, zones: Zones) -> DealState:
        """The deal with ``zones`` dealt, the pending answers of the seats dealt again dropped, and
        a stock cut to the next ``turns`` draws. The hands are sorted (a hand's order means
        nothing); the stock keeps the random order it was dealt in: sorted, a world would draw
        its stock's lowest pieces first (a bug until 2026-11-26)."""
        deal = _deal(state)
        known = deal.copy()
        known.answers = {s: a for s, a in deal.answers.items() if f"hand:{s}" not in zones}
        dealt = {name: cards if name == "stock" else sorted_pieces(cards) for name, cards in zones.items()}
        world = known.replace_hidden(dealt)
        world.deck = world.deck[: world.stock_pos + self.turns]
        return world

    def seats(self, state: DealState) -> int:
        """The number of seats at the table."""
        return _deal(state).seats

    def length(self, state: DealState) -> int:
        """A playout's steps: up to ``turns`` turns of a draw, a discard and two windows' answers."""
        deal = _deal(state)
        return (2 * deal.seats + 1) * max(1, min(self.turns, deal.stock_left()))

    def value(self, end: DealState, seat: int) -> float:
        """The seat's payment (0 for a void deal, which is also how a playout's horizon ends)."""
        result = end.result()
        assert result is not None
        payments: list[int] = result["payments"]
        return float(payments[seat])

    def margin(self, end: DealState, seat: int) -> float:
        """What the seat's hand is worth when the playout stops (``progress``)."""
        return progress(_deal(end), seat)

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        """The heuristic's choice first; then every other answer in a window, or the next best
        discards by the heuristic's hand value. A sure win is never searched."""
        deal = _deal(state)
        legal = list(deal.legal_actions(seat))
        sure = [a for a in legal if isinstance(a, (Tsumo, Hu))]
        if sure or len(legal) == 1:
            return sure[:1] or legal
        first = fallback.choose(deal, seat)
        if deal.phase is Phase.DISCARD:
            hand = deal.hands[seat]
            ranked = sorted(sorted_pieces(hand), key=lambda card: -hand_value(hand - Counter([card])))
            legal = [Discard(card) for card in ranked]
        return [first, *(a for a in legal if a != first)][:limit]

    def fallback(self, rng: random.Random) -> Bot:
        """The expert's one-ply bot: the heuristic, discarding for the widest hand (``WideBot``)."""
        return WideBot(rng, "fast")


class SiSePaiExpertBot(ExpertBot):
    """The expert bot of Si Se Pai."""

    knowledge = SiSePaiKnowledge()
