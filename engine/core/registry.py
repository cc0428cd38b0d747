"""The game registry: every game is reachable by its name."""

from __future__ import annotations

from engine.core.errors import BadSetup
from engine.core.game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def _load() -> None:
    # Imported lazily so that ``engine.core.registry`` has no import cycle with the game modules.
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib

        from engine.core.games import GAME_MODULES

        for module in GAME_MODULES:
            importlib.import_module(module)


def register(game: Game) -> Game:
    """Add ``game`` under its name (called once by each game module)."""
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The registered game called ``name``, or ``BadSetup``."""
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        raise BadSetup(f"unknown game {name!r}; known: {', '.join(sorted(_GAMES))}") from None


def game_names() -> list[str]:
    """Names of all registered games, sorted."""
    _load()
    return sorted(_GAMES)
