"""Imports every game module so that each registers itself; one line per game."""

from __future__ import annotations

GAME_MODULES: tuple[str, ...] = (
    "engine.games.shengji",
    "engine.games.tractor",
    "engine.games.sandaha",
    "engine.games.sisepai",
    "engine.games.zhaopengyou",
)
