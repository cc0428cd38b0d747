"""Reviewing a whole event in one step: a director queues the review of every finished deal of a
round or a tournament, and the tournament page shows how far the reviews have got.

Each deal's review is the ordinary one (``reviews.request_review``): one row per deal and budget,
on the reviews' own queue (``REVIEWS_QUEUE``), so the live tables' steps never wait behind it, and
a deal already reviewed by the current engine is left as it is. Kept apart from a single deal's
request path, which may limit how often one person asks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet

from engine import review as engine_review
from league import access
from league.models import Deal, Round, Tournament
from replays.models import Review
from replays.services import reviews


@dataclass(frozen=True)
class EventProgress:
    """How many of an event's finished deals have a current review at a budget, and in what state."""

    deals: int
    done: int
    running: int
    queued: int
    failed: int

    @property
    def waiting(self) -> int:
        """Reviews not finished yet (queued or running)."""
        return self.running + self.queued


def event_deals(tournament: Tournament, rnd: Round | None = None) -> QuerySet[Deal]:
    """The finished deals with moves of ``tournament`` (or of its round ``rnd``)."""
    deals = Deal.objects.filter(match__tournament=tournament, status=Deal.Status.FINISHED, has_moves=True)
    if rnd is not None:
        deals = deals.filter(match__round=rnd)
    return deals.order_by("match__round__number", "match_id", "number")


def request_event_review(
    tournament: Tournament, user: Any, budget: str = engine_review.DEFAULT_BUDGET, rnd: Round | None = None
) -> int:
    """Queue the review of every finished deal of the event (or of one round) for a director;
    returns how many deals were asked for. Anyone else: ``PermissionDenied``, nothing queued."""
    if not access.manages(user, tournament.club):
        raise PermissionDenied
    if budget not in engine_review.BUDGETS:
        raise ValueError(f"unknown budget {budget!r}")
    deals = list(event_deals(tournament, rnd))
    for deal in deals:
        reviews.request_review(deal, user, budget)
    return len(deals)


# A deal with several current reviews (other budgets) counts by the furthest one.
ORDER = (Review.Status.DONE, Review.Status.RUNNING, Review.Status.QUEUED, Review.Status.FAILED)


def event_progress(tournament: Tournament) -> EventProgress:
    """The state of the event's deals' reviews by the current engine (at any budget)."""
    deals = event_deals(tournament)
    state: dict[int, str] = {}
    rows = Review.objects.filter(deal__in=deals, engine_version=engine_review.ENGINE_VERSION)
    for deal_id, status in rows.values_list("deal_id", "status"):
        if deal_id not in state or ORDER.index(status) < ORDER.index(state[deal_id]):
            state[deal_id] = status
    counts = Counter(state.values())
    return EventProgress(
        deals=deals.count(),
        done=counts[Review.Status.DONE],
        running=counts[Review.Status.RUNNING],
        queued=counts[Review.Status.QUEUED],
        failed=counts[Review.Status.FAILED],
    )
