"""Celery tasks of the live tables: each takes ids (and an expected version) and calls a service.

Every one is idempotent, so the sweep (``tables.sweep``, run by Celery beat) may send any of them
again whenever the rows say it is overdue (tables/services/sweep.py).
"""

from __future__ import annotations

from celery import shared_task
from django.db import IntegrityError

from cardclub.celery import retrying
from tables.services import settle, steps, sweep


@shared_task(name="tables.advance", ignore_result=True, **retrying())  # type: ignore[untyped-decorator]  # Celery ships no type hints
def advance(deal_id: int, version: int) -> None:
    """Take the deal's next server step (draw, bot move, clock run out) unless it moved past ``version``."""
    steps.advance(deal_id, version)


# Two matches of one tournament or rating family settling at once serialise on row locks; the
# loser of a race to create the first standings rows gets an IntegrityError and runs again.
@shared_task(name="tables.settle", ignore_result=True, **retrying(IntegrityError))  # type: ignore[untyped-decorator]  # Celery ships no type hints
def settle_match(match_id: int) -> None:
    """Record a finished live match's result, standings and ratings unless already recorded."""
    settle.settle(match_id)


@shared_task(name="tables.sweep", ignore_result=True)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def sweep_steps() -> int:
    """Send again every server step the live tables owe that is overdue (Celery beat runs this)."""
    return len(sweep.sweep())
