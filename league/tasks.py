"""Celery tasks of the league: they take ids and call a service (idempotent, safe to run twice)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from celery import shared_task
from channels.layers import get_channel_layer
from django.db import IntegrityError

from cardclub.celery import retrying
from league.services import archive, ratings, standings

logger = logging.getLogger(__name__)


def standings_group(tournament_id: int) -> str:
    """The channel group of one tournament's live standings."""
    return f"league.standings.{tournament_id}"


# Two workers racing on the same tournament or family serialise on row locks; the loser of a
# race to create the first rows gets an IntegrityError and simply runs again; so does a task that
# lost the database.
RETRY = retrying(IntegrityError)


@shared_task(name="league.update_standings", **RETRY)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def update_standings(tournament_id: int) -> int | None:
    """Recompute a tournament's standings; tell the live pages only when something changed."""
    version = standings.update(tournament_id)
    if version is not None:
        announce_standings(tournament_id, version)
    return version


def announce_standings(tournament_id: int, version: int) -> None:
    """Tell a tournament's live standings pages that its standings changed (after the commit)."""
    layer = get_channel_layer()
    if layer is not None:
        event = {"type": "standings.updated", "tournament": tournament_id, "version": version}
        async_to_sync(layer.group_send)(standings_group(tournament_id), event)


def announce_round(tournament_id: int, number: int) -> None:
    """Tell a tournament's live pages that a table of round ``number`` changed (its state, its result)."""
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "round.updated", "tournament": tournament_id, "round": number}
    try:
        async_to_sync(layer.group_send)(standings_group(tournament_id), event)
    except Exception:  # the step is committed; a page that missed it shows it on its next load
        logger.warning("round %s of tournament %s: live pages not told", number, tournament_id, exc_info=True)


@shared_task(name="league.rate_match", **RETRY)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def rate_match(match_id: int) -> str:
    """Rate one finished match (incrementally, or by recomputing its family)."""
    return ratings.rate_match(match_id)


@shared_task(name="league.recompute_ratings", **RETRY)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def recompute_ratings(family: str) -> int:
    """Recompute one family's ratings from every rated match."""
    return ratings.recompute_family(family)


@shared_task(name="league.pack_due", ignore_result=True)  # type: ignore[untyped-decorator]  # Celery ships no type hints
def pack_due() -> int:
    """Pack the finished deals still kept as Move rows (Celery beat runs this)."""
    return archive.pack_due()
