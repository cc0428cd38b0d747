"""A seated person presses "Next deal": their seat is ready to leave the finished deal.

The wait itself is ``tables.services.between``'s, read from the rows; this records the press and
plans the step that starts the next deal at the moment it is now due.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from league.models import Deal, Match
from tables.models import LiveTable
from tables.services import between, pacing, publish, states
from tables.services.errors import NotPlaying, NotYourSeat


def press(table_id: int, user: Any) -> None:
    """A seated person is ready for the next deal; when nobody else is waiting it starts at once."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    table = LiveTable.objects.filter(pk=table_id).only("match_id").first()
    if table is None or table.match_id is None:
        raise NotPlaying()
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=table.match_id)
        deal = Deal.objects.filter(match=match).order_by("-number").first()
        if match.status != Match.Status.PLAYING or deal is None or deal.status != Deal.Status.FINISHED:
            raise NotPlaying()
        if not between.seated_people(match.pk).filter(user_id=user_id).update(ready_after=deal.number):
            raise NotYourSeat()
        wait = between.wait_of(deal)
    # Everybody sees who is ready (an event without a version: each socket reads its view again).
    publish.table_event(table_id)
    pacing.schedule(deal.pk, deal.version, max(0.0, wait.due - states.now()))
