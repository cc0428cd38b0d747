"""The one writer per table: apply a move in one transaction, then tell the table's sockets.

Lock the deal row (``select_for_update``; on SQLite the unique ``(deal, seq)`` does the same
job), check the version, validate with the engine on the cached or replayed state, insert the
Move, bump the version, commit; only after the commit send ``{"type": "table.updated"}`` to the
table's group and plan the next paced step. Any refusal raises a typed error and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction

from engine import get_game
from engine.errors import EngineError
from league.models import Deal, Move
from tables.services import deals, info, pacing, states
from tables.services.errors import NotPlaying, NotYourSeat, StaleVersion, TableError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Applied:
    """A committed move: the deal it belongs to and the version it made."""

    deal_id: int
    match_id: int
    version: int
    over: bool
    match_over: bool


def apply_move(
    deal_id: int, seat: int, text: str, version: int, *, user_id: int | None = None, auto: bool = False
) -> Applied:
    """Apply ``text`` (engine notation) for ``seat`` at ``version``; ``user_id`` must hold the seat.

    ``user_id=None`` is the server itself (paced draws, bots, clocks).
    """
    try:
        applied, entry = _apply(deal_id, seat, text, version, user_id, auto)
    except IntegrityError:
        # Another transaction inserted this seq first (SQLite has no row locks): the same as stale.
        states.take(deal_id)
        raise StaleVersion() from None
    transaction.on_commit(lambda: after_commit(applied, entry), robust=False)
    return applied


def _apply(
    deal_id: int, seat: int, text: str, version: int, user_id: int | None, auto: bool
) -> tuple[Applied, states.Cached]:
    entry = states.take(deal_id)
    try:
        if user_id is not None:
            _check_seat(deal_id, seat, user_id, entry)
        with transaction.atomic():
            deal, entry = _claim(deal_id, seat, version, entry)
            action = get_game(deal.game).parse_action(text)
            try:
                entry.state.check(seat, action)
            except EngineError:
                if deal.version != version:
                    # A lagging version was let through only for an optional move; anything else
                    # it could be is a move on an outdated view.
                    raise StaleVersion() from None
                raise
            entry.state.apply(seat, action)
            Move.objects.create(deal_id=deal_id, seq=deal.version, seat=seat, action=str(action), auto=auto)
            deal.version += 1
            entry.version, entry.since, entry.deal = deal.version, states.now(), deal
            match_over = False
            if entry.state.is_over():
                match_over = deals.finish_deal(deal, entry.state)
                deal.save(update_fields=["status", "result", "finished_at"])
            return Applied(deal_id, deal.match_id, deal.version, entry.state.is_over(), match_over), entry
    except (EngineError, TableError):
        # Refused before anything changed: the engine validates before it mutates the state.
        if entry is not None and entry.deal is not None and entry.version == entry.deal.version:
            states.put(deal_id, entry)
        raise


def _check_seat(deal_id: int, seat: int, user_id: int, entry: states.Cached | None) -> None:
    """The user must hold the seat they act for."""
    if entry is not None and entry.deal is not None:
        match_id: int | None = entry.deal.match_id
    else:
        match_id = Deal.objects.filter(pk=deal_id).values_list("match_id", flat=True).first()
    table = info.of_match(match_id) if match_id is not None else None
    if table is None or table.seat_of(user_id) != seat:
        raise NotYourSeat()


def _claim(deal_id: int, seat: int, version: int, entry: states.Cached | None) -> tuple[Deal, states.Cached]:
    """Take the deal's write lock at ``version`` and its state; the version is bumped in the same step.

    Fast path: the cached state is at ``version``, and a conditional UPDATE both checks the version
    and locks the row. Otherwise lock the row with ``select_for_update`` and rebuild the state.
    """
    if entry is not None and entry.deal is not None and entry.version == version:
        if entry.deal.status != Deal.Status.LIVE:
            raise NotPlaying()
        claimed = Deal.objects.filter(pk=deal_id, version=version, status=Deal.Status.LIVE).update(
            version=version + 1
        )
        if not claimed:
            entry.deal = None  # the database moved on: this cached state is outdated
            raise StaleVersion()
        deal = entry.deal
        deal.version = version
        return deal, entry
    if entry is not None:
        states.put(deal_id, entry)
    deal = Deal.objects.select_for_update().filter(pk=deal_id).first()
    if deal is None or deal.status != Deal.Status.LIVE:
        raise NotPlaying()
    entry = states.state_of(deal, keep=False)
    try:
        _check_version(entry, seat, version, deal.version)
    except StaleVersion:
        states.put(deal_id, entry)
        raise
    Deal.objects.filter(pk=deal_id).update(version=deal.version + 1)
    return deal, entry


def _check_version(entry: states.Cached, seat: int, version: int, current: int) -> None:
    """Decisions must name the current version; optional actions (a declaration while the server
    draws) may lag behind, because the pace would otherwise make them always stale."""
    if version == current:
        return
    if 0 <= version < current and seat in entry.state.to_move() and seat not in entry.state.must_move():
        return
    raise StaleVersion()


def after_commit(applied: Applied, entry: states.Cached) -> None:
    """Cache the new state, tell the table's sockets, and plan the next paced step."""
    states.put(applied.deal_id, entry)
    table = info.of_match(applied.match_id)
    if table is None:
        return
    notify(table.group, applied.deal_id, applied.version)
    if applied.over and not applied.match_over:
        pacing.schedule(applied.deal_id, applied.version, pacing.pace("between_deals"))
    elif not applied.over:
        game = get_game(table.game)
        delay = pacing.delay_of(entry.state, table, entry.since, game.name)
        pacing.schedule(applied.deal_id, applied.version, delay)


def notify(group: str, deal_id: int, version: int) -> None:
    """Send the small group event that makes every socket of the table fetch its own view."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.updated", "deal": deal_id, "version": version}
    loop = pacing.serving_loop()
    if loop is not None:
        # Called from a worker thread of the process serving the sockets: hand the send to its
        # loop without waiting (blocking on it costs milliseconds per move); versions order events.
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        future.add_done_callback(_log_failure)
        return
    async_to_sync(layer.group_send)(group, message)


def _log_failure(future: Any) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a table event was not sent", exc_info=future.exception())
