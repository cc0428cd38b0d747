"""The server's own steps on a deal: take the step ``pacing`` chose, through the move writer.

``advance(deal_id, version)`` is what every back end runs (the Celery task ``tables.advance``, the
manual list of tests; the asyncio timers run its two halves, ``prepare`` and ``finish``, with the
bot's thinking between them on a thread of its own): it does nothing unless the deal is still at
``version``, so a step planned twice (after a commit, by a socket joining, by the sweep) still
acts once. A finished deal of a match that goes on gets the match's next deal once it is due
(``between.py``: everybody pressed "Next deal", or the countdown ran out).
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Action
from league.models import Deal
from tables.services import between, deals, lifecycle, live, moves, pacing, publish
from tables.services.errors import TableError

log = logging.getLogger(__name__)


def advance(deal_id: int, version: int, *, expire_clocks: bool = False) -> None:
    """Take the deal's next server step if it is still at ``version`` (else do nothing)."""
    with pacing.running():
        step = prepare(deal_id, version, expire_clocks)
        if step is not None:
            finish(deal_id, version, step, step.decide())


def prepare(deal_id: int, version: int, expire_clocks: bool = False) -> pacing.Step | None:
    """The move to make at ``version``, its action still to be decided when a bot plays (``None``:
    nothing to do now). A finished deal whose match goes on gets its next deal here."""
    if pacing.stopped():
        return None
    with pacing.running():
        held = live.deal(deal_id)
        with held.lock:  # no move may change the state while a step is chosen from it
            chosen = _choose(held, version, expire_clocks)
        if isinstance(chosen, Deal):
            new = deals.next_deal(chosen.match_id, chosen.number)
            table = live.table_of_match(chosen.match_id)
            if new is not None and table is not None:
                publish.table_event(table.table_id, new.pk, 0)
                pacing.plan(new.pk, 0)
            return None
        return chosen if isinstance(chosen, pacing.Step) else None


def finish(deal_id: int, version: int, step: pacing.Step, action: Action) -> None:
    """Make the prepared move, unless the deal has moved past ``version`` meanwhile."""
    if pacing.stopped():
        return
    with pacing.running():
        if not _plays(deal_id):
            return  # paused (or ended) while the bot chose: resuming plans the step again
        try:
            moves.apply_move(deal_id, step.seat, str(action), version, auto=step.auto)
        except TableError:
            pass  # somebody moved first: that commit planned the next step
        except EngineError:
            log.exception("a server step was refused by the engine (deal %s, version %s)", deal_id, version)


def _plays(deal_id: int) -> bool:
    """The deal's table still plays. ``prepare`` asked too, but a bot's choice (or a clock's: the
    fast expert) takes up to a second between the two, and a pause in that second must hold."""
    cached = live.deal(deal_id).peek()
    if cached is not None and cached.deal is not None:
        match_id: int | None = cached.deal.match_id
    else:
        match_id = Deal.objects.filter(pk=deal_id).values_list("match_id", flat=True).first()
    table = live.table_of_match(match_id) if match_id is not None else None
    return table is None or lifecycle.runs(table)


def _choose(held: live.LiveDeal, version: int, expire_clocks: bool) -> Any:
    """The step to take at ``version``: a ``pacing.Step``, the finished Deal whose match goes on
    with the next deal, or ``None`` (nothing to do now; a later step may be planned)."""
    deal_id = held.deal_id
    cached = held.peek()
    if cached is not None and cached.version > version:
        return None  # this process already holds a newer version: somebody moved
    deal: Deal | None
    if (
        cached is not None
        and cached.version == version
        and cached.deal is not None
        and not cached.state.is_over()
    ):
        deal = cached.deal  # the hot path: no query; apply_move checks the version under its lock
    else:
        deal = Deal.objects.filter(pk=deal_id).first()
        if deal is None or deal.version != version:
            return None
    table = live.table_of_match(deal.match_id)
    if table is None or not lifecycle.runs(table):
        return None  # paused, finished or ended: resuming plans the step again (lifecycle.py)
    if deal.status == Deal.Status.FINISHED:
        if between.is_due(deal, expire_clocks=expire_clocks):
            return deal
        # The countdown still runs and somebody has not pressed "Next deal": wait for it.
        pacing.schedule(deal_id, version, between.delay(deal))
        return None
    entry = cached if deal is getattr(cached, "deal", None) else held.state_at(deal)
    assert entry is not None
    since = table.clock_since(deal_id, version, entry.since)
    step = pacing.choose_step(entry.state, table, deal, version, since, expire_clocks)
    if step is None:
        # A person's clock has not run out yet (an early duplicate timer): wait for it.
        pacing.schedule(deal_id, version, pacing.delay_of(entry.state, table, since, deal.game, offers=False))
    return step
