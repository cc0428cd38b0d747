"""Celery tasks of the replays: the review of a deal, and the sweep that re-queues stalled ones.

Both are idempotent: a review task for a review that is done does nothing, and one for a review
under way continues from the lines already saved (replays/services/reviews.py).
"""

from __future__ import annotations

from celery import shared_task

from cardclub.celery import retrying
from replays.services import reviews


@shared_task(name="replays.review", ignore_result=True, **retrying())  # type: ignore[untyped-decorator]  # Celery ships no type hints
def review_deal(review_id: int) -> None:
    """Judge the review's decisions not yet stored, then store its per-seat summary."""
    reviews.run(review_id)


@shared_task(name="replays.review_sweep", ignore_result=True)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def sweep_reviews() -> int:
    """Send again every review whose progress stalled (a worker died under it); Celery beat runs this."""
    return len(reviews.sweep())
