"""Zhao Pengyou's one-ply bot for the expert: its heuristic, declaring early and burying for voids.

The expert keeps this bot's choice wherever it does not search (declarations, burials, calls,
the opening plays at ``fast``) and lists it first among the searched plays. ``ZhaoHeuristicBot``,
the duels' opponent, is kept as it is; this bot differs from it in two decisions only:

* It declares (亮主) as soon as the suit of its best rank card holds two cards and a quarter of
  the cards it has drawn, where the heuristic waits until 60% of its hand is drawn and then
  needs a long suit. The first declaration stands and the declarer takes the kitty and calls
  its friends: with the heuristic's play the declarer's side wins about two deals in three, so
  the seat is worth taking early; declaring on the very first card (tried) wins the seat as
  often against the heuristic but loses against random players, who rarely contest it
  (bench/results/2026-11-26-expert.md, "Zhao Pengyou's expert").
* It buries whole short side suits for voids (``engine.family.expertplay.void_burial``).
"""

from __future__ import annotations

from engine.family.actions import Bury, Declare
from engine.family.expertplay import void_burial, worth_declaring
from engine.family.trickdeal import TrickDeal
from engine.games.zhaopengyou.bots import ZhaoHeuristicBot
from engine.games.zhaopengyou.deal import ZhaoDeal


class ZhaoExpertPlayBot(ZhaoHeuristicBot):
    """The heuristic, declaring early and burying for voids: the expert's one-ply bot."""

    def _declaration(self, deal: TrickDeal, seat: int) -> Declare | None:
        assert isinstance(deal, ZhaoDeal)
        if not deal.may_declare(seat):
            return None
        best = self._best_declaration(deal, seat)
        return best if worth_declaring(deal.hands[seat], best.cards) else None

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(void_burial(deal.hands[seat], deal.trump, deal.setup.kitty_size))
