"""Pure-Python rules of every game on the platform; no Django, no clock, no global randomness."""

from engine.core.errors import EngineError
from engine.core.registry import game_names, get_game

__all__ = ["EngineError", "game_names", "get_game"]
