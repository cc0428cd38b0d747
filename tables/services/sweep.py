"""The sweep: every server step the live tables owe, read from the database, sent again when overdue.

A table that waits for the server waits for one step, and the rows say which and since when
(docs/architecture.md, "Background steps heal themselves"):

- a live deal at version V: its Move rows give the state, hence whose turn it is (a paced draw, a
  bot, or a person whose clock runs), and the last move's time; the step is due that long after
  it (``pacing.wait_of``);
- a finished deal whose match goes on and has no deal after it: the next deal, due when every
  person seated pressed "Next deal" or the table's countdown ran out (``between.wait_of``);
- a finished table whose results are not recorded (``LiveTable.settled_at`` empty): the match's
  end, due when the match finished;
- a table in play with nobody at it (``lifecycle.sweep``): with no person seated a casual match
  ends, with no seated person connected for five minutes it pauses (``LiveTable.deserted_at``).
  A paused table owes nothing: resuming plans its next step.

The Celery countdown sent after each commit is the fast path; Celery beat runs ``sweep`` every
``TABLES_SWEEP_SECONDS`` and sends again each step more than ``GRACE`` seconds overdue, whatever
lost it: a worker killed while it held the task, a Redis restart that emptied the queues, a node
killed between its commit and its send. A step sent twice acts once: ``steps.advance`` does
nothing unless the deal is still at V, ``deals.next_deal`` nothing once the next deal exists,
``settle.settle`` nothing once the table is settled.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from django.db.models import OuterRef, Subquery

from league.models import Deal, Match, Move
from tables.models import LiveTable
from tables.services import between, lifecycle, live, paces, pacing, states

log = logging.getLogger(__name__)

# Seconds a step may be late before the sweep sends it again: its countdown may still be queued
# behind others on a busy worker (a duplicate would only be refused by the version check).
GRACE = 5.0


@dataclass(frozen=True)
class Owed:
    """A step a live table owes: a deal's next ``move``, its ``next_deal``, or to ``settle`` its
    match (``target`` is then the match); ``due`` in epoch seconds."""

    kind: str
    target: int
    version: int
    due: float


def sweep(now: float | None = None) -> list[Owed]:
    """Send again every step more than ``GRACE`` seconds overdue at ``now``; returns those sent."""
    if pacing.backend() == "off":
        return []  # load tests: clients make every move
    now = states.now() if now is None else now
    for table_id, what in lifecycle.sweep(now):
        log.info("sweep: table %s %s: nobody at it", table_id, what)
    late = [step for step in owed(now) if step.due + GRACE <= now]
    for step in late:
        if step.kind == "settle":
            pacing.settle_soon(step.target)
        else:
            pacing.schedule(step.target, step.version, 0.0)
    if late:
        shown = [f"{s.kind} {s.target}@{s.version} ({now - s.due:.1f} s late)" for s in late[:10]]
        more = ", …" if len(late) > 10 else ""
        log.warning("sweep: %d overdue server steps sent again: %s%s", len(late), ", ".join(shown), more)
    return late


def owed(now: float) -> Iterator[Owed]:
    """The steps owed that may be overdue at ``now`` (a live deal moved within the shortest pace
    plus ``GRACE`` cannot be, and its state is not rebuilt)."""
    soonest = min(paces.pace("draw"), paces.pace("bot"))
    for deal in _latest_deals():
        if deal.status == Deal.Status.FINISHED:
            yield Owed("next_deal", deal.pk, deal.version, between.wait_of(deal).due)
            continue
        since = (getattr(deal, "moved", None) or deal.started_at).timestamp()
        if since + soonest + GRACE > now:
            continue
        step = _move_owed(deal, since)
        if step is not None:
            yield step
    for match_id, finished_at in _unsettled():
        yield Owed("settle", match_id, 0, finished_at.timestamp() if finished_at else 0.0)


def _latest_deals() -> list[Deal]:
    """The latest deal of every match in play at a live table, with its last move's time (``moved``)."""
    latest = Deal.objects.filter(match=OuterRef("match")).order_by("-number").values("pk")[:1]
    last_move = Move.objects.filter(deal=OuterRef("pk"), seq=OuterRef("version") - 1).values("created")[:1]
    # Read at once (one row per table in play): the loop queries again for each state it rebuilds.
    return list(
        Deal.objects.filter(
            match__live_table__status=LiveTable.Status.PLAYING,
            match__status=Match.Status.PLAYING,
            pk=Subquery(latest),
        ).annotate(moved=Subquery(last_move))
    )


def _move_owed(deal: Deal, since: float) -> Owed | None:
    """The live deal's next server step, due its pace or its clock after ``since``."""
    table = live.table_of_match(deal.match_id)
    if table is None:
        return None
    held = live.deal(deal.pk)
    with held.lock:
        entry = held.state_at(deal)
        if entry.state.is_over():
            return None
        # offers=False: a bot's optional move (a declaration) is offered again by the next step.
        wait, _ = pacing.wait_of(entry.state, table, deal.game, offers=False)
    return Owed("move", deal.pk, deal.version, table.clock_since(deal.pk, deal.version, since) + wait)


def _unsettled() -> Iterator[tuple[int, datetime | None]]:
    """(match id, finished at) of every finished table whose results are not recorded yet."""
    rows = LiveTable.objects.filter(
        status=LiveTable.Status.FINISHED, settled_at=None, match__isnull=False
    ).values_list("match_id", "match__finished_at")
    yield from rows
