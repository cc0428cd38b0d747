"""The candidates a review compares for the trick games' decisions outside the play.

The expert bot searches only the plays (and San Da Ha's trump naming); a review must also judge
the kitty (burials), the bids, the declarations, the redeals and Zhao Pengyou's friend calls.
Each gets the heuristic's choice and a few sensible alternatives: burials that keep trumps, high
cards or points differently or void a short suit, the bids next to the one made and a pass, the
other suits' calls. The action actually played is added by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core.errors import EngineError
from engine.core.game import Action, Bot, DealState
from engine.family.actions import Bury
from engine.family.bots import card_cost
from engine.family.cards import CARD_POINTS
from engine.family.expert import bids_near
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.games.zhaopengyou.actions import Call

HIGH_FIRST = "AKQJT98765432"
LIMIT_LISTED = 200  # legal actions looked at outside burials (bids and calls are fewer)


def trick_alternatives(deal: TrickDeal, seat: int, fallback: Bot, limit: int) -> list[Action]:
    """At most ``limit`` distinct candidates for a decision outside the play, heuristic's first."""
    first = fallback.choose(deal, seat) if seat in deal.must_move() else fallback.offer(deal, seat)
    if deal.phase is Phase.BURY:
        others: Iterable[Action] = burials(deal, seat)
    elif deal.phase is Phase.BID:
        others = bids_near(deal.sample_actions(seat, LIMIT_LISTED), first)
    elif deal.phase is Phase.CALL:
        others = sorted(deal.sample_actions(seat, LIMIT_LISTED), key=call_order)
    else:
        others = deal.sample_actions(seat, LIMIT_LISTED)
    return legal(deal, seat, distinct([*([first] if first else []), *others]))[:limit]


def legal(state: DealState, seat: int, actions: Iterable[Action]) -> list[Action]:
    """The ``actions`` legal for ``seat`` (the heuristic's choice is a draw for a seat that may
    only declare, for one)."""
    out = []
    for action in actions:
        try:
            state.check(seat, action)
        except EngineError:
            continue
        out.append(action)
    return out


def distinct(actions: Iterable[Action]) -> list[Action]:
    """``actions`` without repeats (by text), in their order."""
    seen: set[str] = set()
    out: list[Action] = []
    for action in actions:
        if str(action) not in seen:
            seen.add(str(action))
            out.append(action)
    return out


def burials(deal: TrickDeal, seat: int) -> list[Action]:
    """Burials by different priorities: the cheapest cards whatever their points, the cheapest
    side cards keeping points out, the shortest side suits first (voids for trumping), and
    points buried on purpose (cheap point cards first)."""
    hand = sorted(deal.hands[seat].elements())
    trump, size = deal.trump, deal.setup.kitty_size

    def length(card: str) -> int:
        return sum(n for c, n in deal.hands[seat].items() if trump.eff[c] == trump.eff[card])

    keys: list[Callable[[str], tuple[int, ...]]] = [
        lambda c: (card_cost(c, trump),),
        lambda c: (trump.is_trump(c), CARD_POINTS[c] > 0, card_cost(c, trump)),
        lambda c: (trump.is_trump(c), length(c), card_cost(c, trump)),
        lambda c: (trump.is_trump(c), -CARD_POINTS[c], card_cost(c, trump)),
    ]
    return [Bury(tuple(sorted(hand, key=lambda c: (*key(c), c))[:size])) for key in keys]


def call_order(call: Action) -> tuple[int, int, str]:
    """Zhao Pengyou's calls, the high ranks of every suit first (aces, then kings ...), first copies
    before later ones."""
    if not isinstance(call, Call):
        return (len(HIGH_FIRST), 0, str(call))
    return (HIGH_FIRST.find(call.card[0]) % (len(HIGH_FIRST) + 1), call.nth, call.card)
