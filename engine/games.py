"""Imports every game module so that each registers itself; one line per game."""

from __future__ import annotations

GAME_MODULES: tuple[str, ...] = (
    "engine.shengji",
    "engine.tractor",
    "engine.sandaha",
    "engine.sisepai",
    "engine.zhaopengyou",
)
