"""What the replays app does when the league stores a deal's move log (league/signals.py)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from league.models import Deal
from replays.services import reviews


def offer_for_review(sender: Any, deal: Deal, **kwargs: Any) -> None:
    """An uploaded or imported record is offered for automatic review once it is committed, like
    a deal finished at a live table (a club's ``auto_review`` decides)."""
    deal_id = deal.pk
    transaction.on_commit(lambda: reviews.deal_finished(deal_id), robust=True)
