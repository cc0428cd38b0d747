"""Between two deals: the result stays on the felt until the next deal starts.

The next deal starts once every person seated has pressed "Next deal" (bots are always ready), or
when the table's countdown (``LiveTable.next_deal_seconds``) runs out after the deal ended. Both are
rows: the deal's ``finished_at``, the table's countdown and each seat's ``ready_after`` (the deal
number its person is ready to leave). So the moment the next deal is due is read from the database
(``due``), by the step that starts it and by the sweep, which sends it again when it is lost
(DESIGN.md, "Background steps that heal themselves"); ``deals.next_deal`` starts it once.

A table of bots only (one that people watch) waits the pace's short ``between_deals`` pause.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q

from league.models import Deal, Match
from tables.models import LiveTable, TableSeat
from tables.services import events, pacing, states
from tables.services.errors import NotPlaying, NotYourSeat


@dataclass(frozen=True)
class Wait:
    """What a finished deal waits for: the seats of people who have not pressed "Next deal", the
    countdown, and when the next deal is due (epoch seconds)."""

    waiting: tuple[int, ...]
    ready: tuple[int, ...]
    seconds: int
    due: float


def _people(match_id: int) -> Any:
    """The seats of the table playing ``match_id`` that a person holds."""
    return TableSeat.objects.filter(table__match_id=match_id).filter(
        Q(user__isnull=False) | Q(player__isnull=False), bot=""
    )


def wait_of(deal: Deal) -> Wait:
    """The finished deal's wait for the next deal, from the rows."""
    finished = deal.finished_at.timestamp() if deal.finished_at else 0.0
    seconds = (
        LiveTable.objects.filter(match_id=deal.match_id).values_list("next_deal_seconds", flat=True).first()
        or 0
    )
    people = list(_people(deal.match_id).values_list("seat", "ready_after"))
    waiting = tuple(seat for seat, after in people if after != deal.number)
    ready = tuple(seat for seat, after in people if after == deal.number)
    if waiting:
        due = finished + seconds
    elif people:
        due = finished  # everybody pressed: at once
    else:
        due = finished + pacing.pace("between_deals")
    return Wait(waiting, ready, seconds, due)


def is_due(deal: Deal, *, expire_clocks: bool = False) -> bool:
    """True when the next deal may start now (``expire_clocks``: the countdown counts as run out)."""
    return expire_clocks or wait_of(deal).due <= states.now() + 0.05


def delay(deal: Deal) -> float:
    """Seconds from now until the next deal is due."""
    return max(0.0, wait_of(deal).due - states.now())


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
        if not _people(match.pk).filter(user_id=user_id).update(ready_after=deal.number):
            raise NotYourSeat()
        wait = wait_of(deal)
    # Everybody sees who is ready (an event without a version: each socket reads its view again).
    events.notify(f"table-{table_id}", 0, 0)
    pacing.schedule(deal.pk, deal.version, max(0.0, wait.due - states.now()))


def frame(deal: Deal, number: int) -> dict[str, Any]:
    """The view's ``next_deal``: who is ready, who is awaited, when the countdown runs out (epoch ms)."""
    wait = wait_of(deal)
    return {
        "number": number + 1,
        "ready": list(wait.ready),
        "waiting": list(wait.waiting),
        "seconds": wait.seconds,
        "deadline": int(wait.due * 1000),
    }
