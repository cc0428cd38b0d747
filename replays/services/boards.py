"""A duplicate board across tables: who may see its deals, and the same board's other deals.

A finished deal of a duplicate board is public like any other deal once its round is over;
before that, other tables may still have to play the board, so only the players of that table
and the club's directors see it (league/boards.py, docs/duplicate.md).
"""

from __future__ import annotations

from typing import Any

from engine.core.result import DealResult, LevelsResult
from league import access
from league.duplicate import plus_score
from league.models import Deal
from league.services import archive, typed_rows


def levels_after(result: DealResult) -> list[str] | None:
    """The levels a level game's deal ended at (``None``: not stored, or another game)."""
    if isinstance(result, LevelsResult) and result.has("levels_after"):
        return list(result.levels_after)
    return None


def same_board(deal: Deal, user: Any) -> list[dict[str, Any]]:
    """The other finished deals of ``deal``'s board that ``user`` may see, with their results."""
    if deal.board_id is None:
        return []
    others = (
        Deal.objects.filter(board_id=deal.board_id, status=Deal.Status.FINISHED)
        .exclude(pk=deal.pk)
        .select_related("match__club", "match__round", "match__tournament")
        .order_by("match__stage", "match__table_number")
    )
    rows = []
    for other in others:
        if not access.can_view_deal(user, other):
            continue
        result = typed_rows.deal_result(other) or DealResult()
        rows.append(
            {
                "deal": other,
                "match": other.match,
                "seats": [str(s.get("name") or "") for s in archive.seats(other)],
                "defender_points": result.defender_points,
                "levels_after": levels_after(result),
                "plus": plus_score(result),
            }
        )
    return rows
