"""Celery tasks of the live tables: paced steps and clocks, each taking ids and an expected version."""

from __future__ import annotations

from celery import shared_task

from tables.services import steps


@shared_task(name="tables.advance", ignore_result=True)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def advance(deal_id: int, version: int) -> None:
    """Take the deal's next server step (draw, bot move, clock run out) unless it moved past ``version``."""
    steps.advance(deal_id, version)
