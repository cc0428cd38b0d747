"""升级 Shengji: the one-deck partnership level game (docs/rules/shengji.md).

``game`` holds the rules, the deal and the registered game.
"""

from __future__ import annotations

from engine.games.shengji.game import GAME, ShengjiGame, ShengjiRules, shengji_outcome

__all__ = ["GAME", "ShengjiGame", "ShengjiRules", "shengji_outcome"]
