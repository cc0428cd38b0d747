"""Bots for Zhao Pengyou: the family's random-legal and heuristic bots, taught to declare and call.

They read only what their seat may know: their own hand, the public calls and the revealed team
(``ZhaoDeal.team``, which ``view`` shows), never other hands, the stock or the kitty.
"""

from __future__ import annotations

from collections import Counter

from engine.core.game import Action, DealState
from engine.family.actions import Declare, Draw
from engine.family.bots import HeuristicBot, RandomBot, card_cost
from engine.family.cards import CARD_POINTS, RANKS, SUITS
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.tricks import trick_winner
from engine.games.zhaopengyou.actions import Call
from engine.games.zhaopengyou.deal import ZhaoDeal


def _deal(state: DealState) -> ZhaoDeal:
    assert isinstance(state, ZhaoDeal)
    return state


class ZhaoRandomBot(RandomBot):
    """Random legal actions; declares rather than redealing when it is the last chance."""

    def choose(self, state: DealState, seat: int) -> Action:
        """A random legal action (a declaration, when it could, instead of a forced redeal)."""
        deal = _deal(state)
        if deal.phase is Phase.KITTY and deal.declaration is None and deal.declarations(seat):
            return self.rng.choice(deal.declarations(seat))
        return super().choose(state, seat)


class ZhaoHeuristicBot(HeuristicBot):
    """Declares a long suit, buries low side cards, calls aces it lacks, sides early with the team."""

    def offer(self, state: DealState, seat: int) -> Action | None:
        """Declare when the suit is long, and after the draw whenever nobody else has."""
        deal = _deal(state)
        if deal.phase is Phase.KITTY and deal.declaration is None and deal.declarations(seat):
            return self._best_declaration(deal, seat)
        return super().offer(state, seat)

    def choose(self, state: DealState, seat: int) -> Action:
        """Calls in the call phase; a declaration rather than a redeal; else the family heuristic."""
        deal = _deal(state)
        if deal.phase is Phase.CALL:
            return self._call(deal, seat)
        if deal.phase is Phase.KITTY and deal.declaration is None and deal.declarations(seat):
            return self._best_declaration(deal, seat)
        if deal.phase is Phase.DRAW:
            return self._declaration(deal, seat) or Draw()
        return super().choose(state, seat)

    def _best_declaration(self, deal: ZhaoDeal, seat: int) -> Declare:
        hand = deal.hands[seat]

        def length(d: Declare) -> int:
            return sum(n for c, n in hand.items() if c[1:] == d.cards[0][1])

        return max(deal.declarations(seat), key=length)

    def _call(self, deal: ZhaoDeal, seat: int) -> Call:
        """The first copy nobody else can hold of a high card it lacks: aces first, short suits first.

        Calling the copy after its own (``call 2nd AS`` holding one AS) brings in whoever holds
        another, since the declarer's own copy counts (docs/rules/zhaopengyou.md §Calling friends);
        with ``own_copy_counts`` off its own copies do not, so the first copy is called.
        """
        hand = deal.hands[seat]
        options: list[tuple[tuple[int, int, int, float], Call]] = []
        for suit in SUITS:
            length = sum(n for c, n in hand.items() if c[1:] == suit and not deal.trump.is_trump(c))
            for rank in "AK":
                card = rank + suit
                nth = hand[card] + 1 if deal.rules.own_copy_counts else 1
                call = Call(nth, card)
                if deal.call_error(call) is None:
                    key = (RANKS.index(rank), -nth, -length, self.rng.random())
                    options.append((key, call))
        if options:
            return max(options, key=lambda o: o[0])[1]
        legal = [a for a in deal.sample_actions(seat, 200) if isinstance(a, Call)]
        return self.rng.choice(legal)

    def _follow(self, deal: TrickDeal, seat: int, candidates: list[tuple[str, ...]]) -> tuple[str, ...]:
        """The family's follow, but a holder of a called card sides with the declarer already."""
        zhao = _deal(deal)
        trump, plays = zhao.trump, [c for _, c in zhao.trick]
        every_unit = zhao.setup.ruff_every_unit
        current = zhao.trick[trick_winner(plays, trump, every_unit=every_unit)][0]
        team = believed_team(zhao, seat)
        friendly = (current in team) == (seat in team)
        at_stake = sum(CARD_POINTS[c] * n for p in plays for c, n in p.items())

        def value(play: tuple[str, ...]) -> tuple[int, int]:
            pts = sum(CARD_POINTS[c] for c in play)
            cost = sum(card_cost(c, trump) for c in play)
            if friendly:
                return (0, 10 * pts - cost)
            wins = trick_winner([*plays, Counter(play)], trump, every_unit=every_unit) == len(plays)
            if wins and (at_stake + pts > 0 or len(plays) < zhao.setup.seats - 1):
                return (1, -cost)
            return (0, -cost - 15 * pts)

        return max(candidates, key=value)


def believed_team(deal: ZhaoDeal, seat: int) -> set[int]:
    """The declarer's team as ``seat`` sees it: the revealed team, plus itself if it holds a copy
    of a called card still to be played (it will probably join when it plays it)."""
    team = set(deal.team)
    open_calls = [c.card for c, done in zip(deal.calls, deal.fulfilled, strict=True) if done is None]
    if any(deal.hands[seat][card] for card in open_calls):
        team.add(seat)
    return team
