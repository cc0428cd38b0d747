"""Zhao Pengyou's one-ply bot for the expert: its heuristic, declaring at once and burying for voids.

The expert keeps this bot's choice wherever it does not search (declarations, burials, calls,
the opening plays at ``fast``) and lists it first among the searched plays. ``ZhaoHeuristicBot``,
the duels' opponent, is kept as it is; this bot differs from it in two decisions only:

* It declares (亮主) at the first chance, with the card of its longest suit, where the heuristic
  waits for a long suit late in the draw. The first declaration stands and the declarer takes
  the kitty and calls its friends: with the heuristic's play the declarer's side wins about two
  deals in three, so the seat is worth taking even on a short suit (docs/engine.md, "Zhao
  Pengyou's expert (h/zpy)").
* It buries whole short side suits for voids (``engine.expertplay.void_burial``).
"""

from __future__ import annotations

from engine.actions import Bury, Declare
from engine.expertplay import void_burial
from engine.trickdeal import TrickDeal
from engine.zhaopengyou.bots import ZhaoHeuristicBot
from engine.zhaopengyou.deal import ZhaoDeal


class ZhaoExpertPlayBot(ZhaoHeuristicBot):
    """The heuristic, declaring at the first chance and burying for voids: the expert's one-ply bot."""

    def _declaration(self, deal: TrickDeal, seat: int) -> Declare | None:
        assert isinstance(deal, ZhaoDeal)
        return self._best_declaration(deal, seat) if deal.may_declare(seat) else None

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(void_burial(deal.hands[seat], deal.trump, deal.setup.kitty_size))
