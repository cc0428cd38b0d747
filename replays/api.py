"""The review of a deal in the read-only JSON API (mounted with the league's, ``/api/``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.errors import HttpError

from replays.services import reviews
from replays.services.access import viewable_deal_or_none

router = Router(tags=["reviews"])


class JudgementOut(Schema):
    index: int
    seat: int
    kind: str
    played: str
    best: str
    value_played: float
    value_best: float
    loss: float
    se: float
    label: str
    # The payment games' expected result of the dealer (庄家) after the move played.
    value_side: float | None = None
    # The two moves described for a sentence (replays/services/moves.py).
    played_words: dict[str, Any] | None = None
    best_words: dict[str, Any] | None = None


class SeatSummaryOut(Schema):
    seat: int
    decisions: int
    accuracy: float
    loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


class ReviewOut(Schema):
    deal_id: int
    budget: str
    status: str
    done: int
    total: int
    engine_version: str
    outdated: bool
    unit: str
    per_seat: list[SeatSummaryOut]
    lines: list[JudgementOut]
    started_at: str | None = None
    finished_at: str | None
    seconds: int | None = None


@router.get("/deals/{deal_id}/review", response=ReviewOut, summary="A deal's engine review")
def deal_review(request: HttpRequest, deal_id: int) -> Any:
    """The review the viewer shows (deepest budget, done first): progress, per-seat summary and every
    judged decision so far (``index`` is the action's position in the deal's record). 404 when the
    caller may not see the deal, or it has no review."""
    deal = viewable_deal_or_none(request.user, deal_id)
    review = reviews.current_review(deal) if deal is not None else None
    if review is None:
        raise HttpError(404, "not found")
    return {"deal_id": deal_id, **reviews.review_json(review)}
