"""Imports every game module so that each registers itself; one line per game, in the order the
site lists the games (``registry.games``)."""

from __future__ import annotations

GAME_MODULES: tuple[str, ...] = (
    "engine.shengji",
    "engine.tractor",
    "engine.sandaha",
    "engine.zhaopengyou",
    "engine.sisepai",
)
