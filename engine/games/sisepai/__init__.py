"""四色牌 Si Se Pai: the rummy-like game of 112 xiangqi-piece cards in four colours (docs/rules/sisepai.md).

Modules, one concept each: ``pieces`` (codes and the pack), ``melds`` (meld kinds and points),
``partition`` (the win check), ``actions`` (notation), ``rules`` (options), ``claims`` (who may
claim what, and which claim wins), ``state`` (a deal and what each seat sees of it), ``bots``,
``game`` (the registered game), ``bench`` (the win-check benchmark).
"""

from engine.core.registry import register
from engine.games.sisepai.game import SiSePai

GAME = register(SiSePai())

__all__ = ["GAME", "SiSePai"]
