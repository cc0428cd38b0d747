"""The board as it would have been after the better move of a judged decision.

Built by the engine alone: the record replayed to the decision, then the review's ``best``
applied for the seat that decided, drawn as the viewer draws any step from the same perspective
(``frames.make_frame``), so it shows nothing the replay's own frames would not.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import EngineError
from engine.core.record import start_state
from engine.core.registry import get_game
from league.models import Deal
from replays.models import ReviewLine
from replays.services.frames import ALL, Frame, make_frame
from replays.services.records import deal_record
from replays.services.steps import hand_order


def better_frame(deal: Deal, line: ReviewLine, perspective: int | str) -> dict[str, Any]:
    """``{"frame", "orders"}``: step ``line.index + 1`` had ``line.best`` been played instead."""
    record = deal_record(deal)
    game = get_game(record.game)
    state = start_state(record)
    for seat, text in record.actions[: line.index]:
        state.apply(seat, game.parse_action(text))
    if record.actions[line.index][0] != line.seat:
        raise EngineError(f"action {line.index} is not seat {line.seat}'s")
    state.apply(line.seat, game.parse_action(line.best))
    orders: dict[str, dict[str, Any]] = {}
    hand_order(state, orders)
    viewer = None if perspective == ALL else int(perspective)
    zones = state.zones() if viewer is None else None
    frame: Frame = make_frame(record.game, state.view(viewer), zones, len(record.seats))
    return {"frame": frame, "orders": orders}
