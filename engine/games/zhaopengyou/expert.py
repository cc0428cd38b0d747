"""Zhao Pengyou's expert bot: the family's knowledge with Zhao Pengyou's bots.

The calls and the friends revealed so far are public facts the deal state carries into every
world. The calls tell more: a declarer calls a copy it lacks (``call 2nd AS`` holding one AS),
so the worlds leave the declarer the ``nth - 1`` copies it held at the call and give the
kitty and the declarer no other copy; who else holds a called card is hidden, so the worlds
deal it among the other hands (dealt like any other card, as until 2026-11-26, the declarer held a wrong
number of called copies in about 30% of the worlds, and a declarer playing its own called copy
is a short team in the playout).

It searches only once every call is fulfilled (the teams are known) or in the last ``LATE`` cards:
before that the playouts misjudge who is on whose side and the search lost the one-ply bot's gain
(bench/results/2026-11-26-expert.md, "Zhao Pengyou at strong"). The one-ply bot (declarations,
burials, calls, unsearched plays, the first candidate) is ``ZhaoExpertPlayBot``; the playouts are
the heuristic's.
"""

from __future__ import annotations

from collections import Counter

from engine.core.game import DealState
from engine.family.expert import PLAYOUT_SAMPLE, TrickKnowledge, played_by
from engine.games.zhaopengyou.bots import ZhaoHeuristicBot
from engine.games.zhaopengyou.deal import ZhaoDeal
from engine.games.zhaopengyou.expertplay import ZhaoExpertPlayBot
from engine.search.expert import ExpertBot
from engine.search.worlds import Hidden

LATE = 44  # cards left in the hands from which it searches anyway (where `fast` starts to search)


class ZhaoPlayout(ZhaoHeuristicBot):
    """The playout policy: Zhao Pengyou's heuristic, looking at fewer candidate plays."""

    sample = PLAYOUT_SAMPLE


class ZhaoKnowledge(TrickKnowledge):
    """The family's knowledge, with what the declarer's calls tell of its hand."""

    def hidden(self, state: DealState, seat: int) -> Hidden:
        """The family's, the declarer holding ``nth - 1`` copies of each called card at its call."""
        assert isinstance(state, ZhaoDeal)
        return called_hidden(state, super().hidden(state, seat))


def called_hidden(deal: ZhaoDeal, base: Hidden) -> Hidden:
    """``base`` with the declarer's hand holding the copies its calls imply, the kitty none."""
    if deal.dealer is None or not deal.calls:
        return base
    hand = f"hand:{deal.dealer}"
    if hand not in base.sizes:
        return base  # the seat is the declarer: it sees its own hand
    held: dict[str, int] = {}
    for call in deal.calls:
        held[call.card] = min(held.get(call.card, call.nth - 1), call.nth - 1)
    played = played_by(deal)[deal.dealer]
    pool = Counter(base.pool)
    group = dict(base.group)
    barred = {name: set(groups) for name, groups in base.barred.items()}
    fixed = {name: list(cards) for name, cards in base.fixed.items()}
    for card, copies in held.items():
        tag = f"called {card}"
        suit = group.get(card)
        group[card] = tag
        for groups in barred.values():
            if suit in groups:
                groups.add(tag)
        for name in (hand, "kitty"):
            if name in base.sizes:
                barred.setdefault(name, set()).add(tag)
        keep = min(max(0, copies - played[card]), pool[card])
        fixed.setdefault(hand, []).extend([card] * keep)
    frozen = {name: frozenset(groups) for name, groups in barred.items()}
    return Hidden(base.pool, base.sizes, fixed, frozen, group)


class ZhaoExpertBot(ExpertBot):
    """The expert bot of Zhao Pengyou."""

    knowledge = ZhaoKnowledge(ZhaoExpertPlayBot, ZhaoPlayout)

    def searches(self, state: DealState, seat: int) -> bool:
        """Once every call is fulfilled, or in the deal's last ``LATE`` cards."""
        assert isinstance(state, ZhaoDeal)
        return all(done is not None for done in state.fulfilled) or self.knowledge.length(state) <= LATE
