"""拖拉机 Tractor: the two-deck partnership level game (docs/rules/tractor.md).

``game`` (rules, deal, the registered game), ``expert`` (its expert bot), ``leaf`` (the search's
leaf evaluation) and ``leaf_weights`` (its fitted weights, written by ``bench/train_leaf.py``).
"""

from __future__ import annotations

from engine.games.tractor.game import GAME, TractorGame, TractorRules, settle

__all__ = ["GAME", "TractorGame", "TractorRules", "settle"]
