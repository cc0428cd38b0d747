"""Bots for the Shengji family: random-legal and a simple heuristic, both seeded.

They read only what their seat may know: their hand, the public zones and the trick (through
``TrickDeal`` fields that ``view(seat)`` also shows), never other hands or the stock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from engine.core.game import Action, Bot, DealState
from engine.family.actions import Bid, Bury, Declare, Draw, NameTrump, Pass, Play, Redeal, play_of
from engine.family.cards import CARD_POINTS, SUITS
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.tricks import HiddenSafety, Safety, overtakes, trick_best
from engine.family.trump import TRUMP, TrumpContext
from engine.family.units import decompose_play, remember

DRAW = Draw()  # actions are values: one draw serves every seat
SAMPLE = 200  # at most this many candidate plays are looked at per decision


def _deal(state: DealState) -> TrickDeal:
    assert isinstance(state, TrickDeal)
    return state


class RandomBot(Bot):
    """Picks uniformly among (a sample of) the legal actions; declares now and then."""

    def choose(self, state: DealState, seat: int) -> Action:
        """A random legal action."""
        deal = _deal(state)
        if deal.phase is Phase.BURY:
            cards = list(deal.hands[seat].elements())
            return Bury(tuple(self.rng.sample(cards, deal.setup.kitty_size)))
        if deal.phase is Phase.DRAW and self.rng.random() > 0.1:
            return DRAW
        if deal.phase is Phase.PLAY:  # the same choice as among sample_actions, making one action only
            return play_of(self.rng.choice(deal.sample_plays(seat, SAMPLE)))
        return self.rng.choice(deal.sample_actions(seat, SAMPLE))

    def offer(self, state: DealState, seat: int) -> Action | None:
        """Now and then a random optional declaration or redeal."""
        if self.rng.random() > 0.05:
            return None
        options = list(state.legal_actions(seat))
        return self.rng.choice(options) if options else None


def card_cost(card: str, trump: TrumpContext) -> int:
    """How much a card is worth keeping: trumps and high cards cost more to give away."""
    return (100 if trump.is_trump(card) else 0) + trump.order[card]


def cheapest(cards: Iterable[str], trump: TrumpContext) -> list[str]:
    """Cards in the order a burial gives them away: cheapest first, points counted dear."""
    return sorted(cards, key=lambda c: (card_cost(c, trump) + 30 * (CARD_POINTS[c] > 0), c))


class HeuristicBot(Bot):
    """Declares long suits, buries low side cards, leads safe winners, wins cheaply, feeds partners."""

    sample = SAMPLE  # candidate plays looked at; a search's playout policy looks at fewer

    def offer(self, state: DealState, seat: int) -> Action | None:
        """Redeal a pointless hand; declare when the suit would be long."""
        deal = _deal(state)
        if deal.phase in (Phase.KITTY, Phase.BID) and deal.pointless(seat):
            return Redeal()
        return self._declaration(deal, seat)

    def _declaration(self, deal: TrickDeal, seat: int) -> Declare | None:
        options = deal.declarations(seat)
        if not options:
            return None
        hand = deal.hands[seat]
        size = sum(hand.values())
        late = deal.phase is Phase.KITTY or size >= deal.setup.hand_size * 0.6
        best = strongest(options, hand)
        strong = suit_length(hand, best.cards) >= max(3, size // 4) or best.cards[0] in ("LJ", "BJ")
        return best if late and strong else None

    def choose(self, state: DealState, seat: int) -> Action:
        """The heuristic action for the phase."""
        deal = _deal(state)
        if deal.phase is Phase.DRAW:
            return self._declaration(deal, seat) or Draw()
        if deal.phase is Phase.KITTY:
            return next(iter(deal.kitty_options()))
        if deal.phase is Phase.BURY:
            return self._bury(deal, seat)
        if deal.phase is Phase.STEAL:  # the rule of declaring: steal for a long new trump suit or jokers
            return self._declaration(deal, seat) or Pass()
        if deal.phase is Phase.NAME:
            return NameTrump(_longest_suit(deal.hands[seat], deal.trump))
        if deal.phase is Phase.BID:
            return self._bid(deal, seat)
        return Play(self._play(deal, seat))

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(tuple(cheapest(deal.hands[seat].elements(), deal.trump)[: deal.setup.kitty_size]))

    def _bid(self, deal: TrickDeal, seat: int) -> Action:
        legal = [a for a in deal.legal_actions(seat) if isinstance(a, Bid)]
        hand = deal.hands[seat]
        permanent = sum(n for c, n in hand.items() if deal.trump.is_trump(c))
        longest = max(
            sum(n for c, n in hand.items() if c[1:] == s and not deal.trump.is_trump(c)) for s in SUITS
        )
        target = 80 - 5 * max(0, permanent + longest - 11)
        fitting = [b for b in legal if b.points <= target and b.points >= target - 10]
        if fitting:
            return max(fitting, key=lambda b: b.points)
        if Pass() in list(deal.legal_actions(seat)):
            return Pass()
        return max(legal, key=lambda b: b.points)

    def _play(self, deal: TrickDeal, seat: int) -> tuple[str, ...]:
        if deal.lead is None:  # one safety for the legal leads and their values: the limits found once
            safety = HiddenSafety(deal.deck_counts, deal.played, deal.hands[seat], deal.trump)
            return self.choose_lead(deal, seat, deal.sample_plays(seat, self.sample, safety), safety)
        return self._follow(deal, seat, deal.sample_plays(seat, self.sample))

    def choose_lead(
        self, deal: TrickDeal, seat: int, candidates: list[tuple[str, ...]], safety: Safety | None = None
    ) -> tuple[str, ...]:
        trump = deal.trump
        eff, order = trump.eff, trump.order
        if safety is None:  # tricks.unit_is_safe, one threshold per shape
            safety = HiddenSafety(deal.deck_counts, deal.played, deal.hands[seat], trump)
        limit = safety.limit
        cost = dear_costs(trump)

        def value(play: tuple[str, ...]) -> tuple[int, int, int]:
            suit = eff[play[0]]
            if len(play) == 1:
                safe = order[play[0]] >= limit(suit, 1, 1)
            else:
                safe = all(u.top >= limit(suit, u.size, u.length) for u in decompose_play(play, trump))
            if safe:
                return (2 if suit != TRUMP else 1, len(play), sum(CARD_POINTS[c] for c in play))
            return (0, -1 if suit == TRUMP else 0, -sum(cost[c] for c in play))

        return max(candidates, key=value)

    def _follow(self, deal: TrickDeal, seat: int, candidates: list[tuple[str, ...]]) -> tuple[str, ...]:
        trump = deal.trump
        plays = [c for _, c in deal.trick]
        index, best = trick_best(plays, trump, deal.setup.quads, deal.setup.ruff_every_unit)
        friendly = deal.side_of(deal.trick[index][0]) == deal.side_of(seat)
        at_stake = sum(CARD_POINTS[c] * n for p in plays for c, n in p.items())
        lead = deal.lead
        assert lead is not None
        costs = card_costs(trump)
        if friendly:  # feed the side: points first, the cheapest cards among as many points
            return max(candidates, key=lambda play: sum(10 * CARD_POINTS[c] - costs[c] for c in play))
        last = len(plays) == deal.setup.seats - 1
        beaten = plays[index] if deal.setup.ruff_every_unit else None

        def value(play: tuple[str, ...]) -> tuple[int, int]:
            pts = sum(CARD_POINTS[c] for c in play)
            cost = sum(costs[c] for c in play)
            if (at_stake + pts > 0 or not last) and overtakes(play, lead, best, trump, beaten):
                return (1, -cost)
            return (0, -cost - 15 * pts)

        return max(candidates, key=value)


def card_costs(trump: TrumpContext) -> dict[str, int]:
    """``card_cost`` of every card under ``trump``, computed once per trump (kept in its memo)."""
    table: dict[str, int] | None = trump.memo.get(_COSTS)
    if table is None:
        table = {card: card_cost(card, trump) for card in trump.order}
        remember(trump, _COSTS, table)
    return table


def dear_costs(trump: TrumpContext) -> dict[str, int]:
    """A lead's price of a card given away: ``card_cost`` with its points counted 20 times."""
    table: dict[str, int] | None = trump.memo.get(_DEAR)
    if table is None:
        table = {card: cost + 20 * CARD_POINTS[card] for card, cost in card_costs(trump).items()}
        remember(trump, _DEAR, table)
    return table


_COSTS, _DEAR = ("bots", "costs"), ("bots", "dear costs")  # memo keys


def strongest(options: Sequence[Declare], hand: Counter[str]) -> Declare:
    """The declaration to make of ``options``: pairs before singles, then the longest suit."""
    return max(options, key=lambda d: (len(d.cards), suit_length(hand, d.cards)))


def suit_length(hand: Counter[str], cards: tuple[str, ...]) -> int:
    if cards[0] in ("LJ", "BJ"):
        return sum(n for c, n in hand.items() if c in ("LJ", "BJ")) + 4
    suit = cards[0][1]
    return sum(n for c, n in hand.items() if c[1:] == suit)


def _longest_suit(hand: Counter[str], trump: TrumpContext) -> str:
    def length(suit: str) -> tuple[int, int]:
        held = [c for c in hand.elements() if c[1:] == suit and not trump.is_trump(c)]
        return (len(held), sum(trump.order[c] for c in held))

    return max(SUITS, key=length)
