"""A live match's end: its league result, standings and ratings, recorded once in one transaction.

The move that ends a match marks its table finished in the same commit and leaves the table's
``settled_at`` empty, so the database says the step is owed. ``settle`` takes the table's row,
records the match's result (``league.services.results.match_finished``), recomputes the
tournament's standings, rates the match and sets ``settled_at``, all in one transaction: a second
call (the fast-path task and the sweep both sent it) finds the table settled, and a call that
died before its commit left nothing behind, so the next one does everything from the start.
Standings and ratings, idempotent recomputes, are thereby applied exactly once in effect.
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils import timezone

from league import tasks
from league.services import ratings, results, standings
from tables.models import LiveTable


def settle(match_id: int) -> bool:
    """Record a finished live match's result, standings and ratings unless already done; True if done now."""
    with transaction.atomic():
        table = (
            LiveTable.objects.select_for_update()
            .filter(match_id=match_id, status=LiveTable.Status.FINISHED, settled_at=None)
            .first()
        )
        if table is None:
            return False
        match = results.match_finished(match_id, derive=False)
        if match.tournament_id is not None:
            version = standings.update(match.tournament_id)
            if version is not None:
                transaction.on_commit(partial(tasks.announce_standings, match.tournament_id, version))
        ratings.rate_match(match_id)
        table.settled_at = timezone.now()
        table.save(update_fields=["settled_at"])
    return True
