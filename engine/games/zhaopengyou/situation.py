"""The situation between two Zhao Pengyou deals, as ``ZhaoGame.next_situation`` writes it.

Situation JSON: ``{"deal": n, "ranks": [one per seat], "last_winners": [seats] or null,
"provisional_dealer": seat or null, "winners": [seats] or null}``. ``last_winners`` null means
everyone counts as a winner (a match's first deal, and after a redeal: docs/rules/zhaopengyou.md
§Declaring trumps); ``provisional_dealer`` null means it is drawn for (``scoring.dealer_draw``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import JSON


def first_situation(seats: int) -> dict[str, JSON]:
    """The situation of a match's first deal: everyone at rank 2 and counted as a winner."""
    return {
        "deal": 1,
        "ranks": ["2"] * seats,
        "last_winners": None,
        "provisional_dealer": None,
        "winners": None,
    }


def situation_or_first(situation: Mapping[str, JSON] | None, seats: int) -> dict[str, JSON]:
    """``situation`` with defaults filled in, or the first deal's."""
    out = first_situation(seats)
    if situation:
        out.update({k: v for k, v in situation.items() if k in out})
    return out
