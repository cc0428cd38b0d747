"""三打哈 San Da Ha: the bidding trick game, one declarer against three (docs/rules/sandaha.md).

``game`` holds the rules, the bidding deal and the registered game.
"""

from __future__ import annotations

from engine.games.sandaha.game import GAME, PERMANENT, TOP_BID, SandahaGame, sandaha_payment

__all__ = ["GAME", "PERMANENT", "TOP_BID", "SandahaGame", "sandaha_payment"]
