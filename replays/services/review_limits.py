"""How many reviews one requester may ask for: a review costs the reviews worker seconds to minutes
of CPU, so asking is limited per user and per client address (``league.services.ratelimit``), and
one requester may have at most ``REVIEWS_QUEUED_PER_USER`` reviews queued or running at once.

Only asking for new work counts against the queue cap: asking again for a review that is queued,
running or done (the button pressed twice) queues nothing and is always let through that cap.
Reviews a club queues by itself (``auto_review``) have no requester and are not limited here.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Deal
from league.services import ratelimit
from replays.models import Review
from replays.services.reviews import outdated

WAITING = (Review.Status.QUEUED, Review.Status.RUNNING)


def refusal(request: HttpRequest, deal: Deal, budget: str) -> str | None:
    """Why this request for ``deal``'s review at ``budget`` is refused, or ``None`` to let it through."""
    if not queues_work(deal, budget):
        return None
    limit, window = settings.REVIEWS_REQUESTS_PER_USER
    if not ratelimit.hit(f"review:user:{request.user.pk}", limit, window):
        return too_often(limit, window)
    limit, window = settings.REVIEWS_REQUESTS_PER_ADDRESS
    if not ratelimit.hit(f"review:address:{ratelimit.client_address(request)}", limit, window):
        return too_often(limit, window)
    cap = settings.REVIEWS_QUEUED_PER_USER
    if waiting_for(request.user) >= cap:
        return ngettext(
            "You already have %(n)s review waiting; ask for another once it is done.",
            "You already have %(n)s reviews waiting; ask for another once one is done.",
            cap,
        ) % {"n": cap}
    return None


def queues_work(deal: Deal, budget: str) -> bool:
    """Whether asking would queue a review (none yet, or a failed or outdated one made again)."""
    review = Review.objects.filter(deal=deal, budget=budget).first()
    return review is None or review.status == Review.Status.FAILED or outdated(review)


def waiting_for(user: Any) -> int:
    """How many of the reviews ``user`` asked for are queued or running."""
    return Review.objects.filter(requested_by=user, status__in=WAITING).count()


def too_often(limit: int, window: int) -> str:
    """The refusal of one request too many within ``window`` seconds."""
    return _(
        "Too many review requests: at most %(limit)s in %(minutes)s minutes. Try again in a few minutes."
    ) % {"limit": limit, "minutes": max(1, window // 60)}
