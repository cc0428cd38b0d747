"""Between two deals: the result stays on the felt until the next deal starts.

The next deal starts once every person seated has pressed "Next deal" (bots are always ready), or
when the table's countdown (``LiveTable.next_deal_seconds``) runs out after the deal ended. Both are
rows: the deal's ``finished_at``, the table's countdown and each seat's ``ready_after`` (the deal
number its person is ready to leave). So the moment the next deal is due is read from the database
(``due``), by the step that starts it and by the sweep, which sends it again when it is lost
(docs/architecture.md); ``deals.next_deal`` starts it once.

A table of bots only (one that people watch) waits the pace's short ``between_deals`` pause.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from league.models import Deal
from tables.models import LiveTable, TableSeat
from tables.services import paces, states


@dataclass(frozen=True)
class Wait:
    """What a finished deal waits for: the seats of people who have not pressed "Next deal", the
    countdown, and when the next deal is due (epoch seconds)."""

    waiting: tuple[int, ...]
    ready: tuple[int, ...]
    seconds: int
    due: float


def seated_people(match_id: int) -> Any:
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
    people = list(seated_people(deal.match_id).values_list("seat", "ready_after"))
    waiting = tuple(seat for seat, after in people if after != deal.number)
    ready = tuple(seat for seat, after in people if after == deal.number)
    if waiting:
        due = finished + seconds
    elif people:
        due = finished  # everybody pressed: at once
    else:
        due = finished + paces.pace("between_deals")
    return Wait(waiting, ready, seconds, due)


def is_due(deal: Deal, *, expire_clocks: bool = False) -> bool:
    """True when the next deal may start now (``expire_clocks``: the countdown counts as run out)."""
    return expire_clocks or wait_of(deal).due <= states.now() + 0.05


def delay(deal: Deal) -> float:
    """Seconds from now until the next deal is due."""
    return max(0.0, wait_of(deal).due - states.now())


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
