"""How long the server waits before a paced step: a draw, a bot's move, the pause between deals of
a table of bots only. From ``settings.TABLES_PACE``, else the environment's ``TABLES_PACE``."""

from __future__ import annotations

import os

from django.conf import settings

DEFAULT_PACE = {"draw": 0.35, "bot": 0.8, "between_deals": 4.0}


def pace(kind: str) -> float:
    """Seconds before a paced step of ``kind`` ("draw", "bot", "between_deals").

    From ``settings.TABLES_PACE`` (a dict), else the environment's ``TABLES_PACE``
    ("draw=0.35,bot=0.8,between_deals=4"), else the defaults.
    """
    configured = getattr(settings, "TABLES_PACE", None)
    if configured is None:
        configured = _env_pace()
    return float(configured.get(kind, DEFAULT_PACE[kind]))


def _env_pace() -> dict[str, float]:
    pairs = (item.partition("=") for item in os.environ.get("TABLES_PACE", "").split(",") if "=" in item)
    return {key.strip(): float(value) for key, _, value in pairs}
