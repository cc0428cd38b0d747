"""The one writer per table: apply a move in one transaction, then tell the table's sockets.

Lock the deal row (``select_for_update``; on SQLite the unique ``(deal, seq)`` does the same
job), check the version, validate with the engine on the cached or replayed state, insert the
Move, bump the version, commit; only after the commit tell the table's group
(``publish.table_event``) and plan the next paced step. Any refusal raises a typed error and
changes nothing.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import get_game
from engine.core.errors import EngineError
from league.models import Deal, Move
from league.services import archive
from tables import timings
from tables.services import deals, info, lifecycle, live, pacing, publish, states
from tables.services.errors import NotPlaying, NotYourSeat, StaleVersion, TableError
from tables.services.live import EncodedViews


@dataclass(frozen=True)
class Applied:
    """A committed move: the deal it belongs to and the version it made."""

    deal_id: int
    match_id: int
    version: int
    over: bool
    match_over: bool
    seat: int = 0
    action: str = ""  # the move in notation
    at: float = 0.0  # when it was made (epoch seconds)
    # Every seat's frame of the new version, when the node that applied it serves the table's
    # sockets (``render``): the mover's socket sends its own from here, without asking again.
    frames: EncodedViews | None = field(default=None, compare=False, repr=False)


def apply_move(
    deal_id: int,
    seat: int,
    text: str,
    version: int,
    *,
    user_id: int | None = None,
    auto: bool = False,
    render: bool = False,
) -> Applied:
    """Apply ``text`` (engine notation) for ``seat`` at ``version``; ``user_id`` must hold the seat.

    ``user_id=None`` is the server itself (paced draws, bots, clocks). ``render``: a node serving
    the table's sockets makes every seat's frame before the event goes out (``after_commit``), and
    they come back in the result, for the caller to hand to the node's sockets.
    """
    held = live.deal(deal_id)
    with held.lock:
        # Taken out, the state is this call's own: threads that were reading it are done (they
        # hold the lock), and nobody sees it changed before the commit puts it back.
        entry = held.take()
    checked: list[info.TableInfo] = []  # the facts the seat was checked against, if it was
    try:
        applied, entry = _apply(held, entry, seat, text, version, user_id, auto, checked)
    except IntegrityError:
        # Another transaction inserted this seq first (SQLite has no row locks): the same as stale.
        held.take()
        raise StaleVersion() from None
    # The table's facts are read once per move (each read asks the shared cache for the table's
    # generation): the seat's check, the bookkeeping below and every frame use the same.
    table = checked[0] if checked else live.table_of_match(applied.match_id)
    if table is not None and (auto or table.away(seat) or table.seats[seat].expiries):
        lifecycle.note_move(table, seat, auto)
    published: list[Applied] = []
    # In autocommit the frames come back to the caller, who hands them to this node's sockets
    # itself (tables/consumers.py): the event is then for the other nodes only.
    handed = render and not connection.in_atomic_block

    def commit() -> None:
        published.append(after_commit(held, applied, entry, render=render, table=table, handed=handed))

    transaction.on_commit(commit, robust=False)
    # In autocommit (a socket's move, a server step) the commit is behind us and so is the event.
    return published[0] if published else applied


def _apply(
    held: live.LiveDeal,
    entry: states.Cached | None,
    seat: int,
    text: str,
    version: int,
    user_id: int | None,
    auto: bool,
    checked: list[info.TableInfo],
) -> tuple[Applied, states.Cached]:
    deal_id = held.deal_id
    try:
        if user_id is not None:
            checked.append(_check_seat(deal_id, seat, user_id, entry))
        if entry is not None and entry.deal is not None and entry.version == version:
            return _apply_cached(entry, entry.deal, seat, text, version, auto)
        with transaction.atomic():
            deal, entry = _claim(held, seat, version, entry)
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
            return _applied(deal, entry, _finish_if_over(deal, entry), seat, str(action)), entry
    except (EngineError, TableError):
        # Refused before anything changed: the engine validates before it mutates the state.
        if entry is not None and entry.deal is not None and entry.version == entry.deal.version:
            held.put(entry)
        raise


def _apply_cached(
    entry: states.Cached, deal: Deal, seat: int, text: str, version: int, auto: bool
) -> tuple[Applied, states.Cached]:
    """The hot path: the cached state is at ``version``. Validate on it, then one statement claims
    the version and inserts the Move (a transaction only for the move that ends the deal)."""
    if deal.status != Deal.Status.LIVE:
        raise NotPlaying()
    with timings.measure("engine"):
        action = get_game(deal.game).parse_action(text)
        entry.state.check(seat, action)
        entry.state.apply(seat, action)  # the entry is out of the cache: nobody sees it before the commit
    created = timezone.now()
    try:
        with (
            timings.measure("database"),
            transaction.atomic() if entry.state.is_over() else contextlib.nullcontext(),
        ):
            if not _claim_and_insert(deal.pk, version, seat, str(action), auto, created):
                raise StaleVersion()
            deal.version = version + 1
            match_over = _finish_if_over(deal, entry)
    except BaseException:
        entry.deal = None  # changed but not stored: this state must never be cached
        raise
    entry.version, entry.since = deal.version, created.timestamp()
    return _applied(deal, entry, match_over, seat, str(action)), entry


def _claim_and_insert(deal_id: int, version: int, seat: int, action: str, auto: bool, created: Any) -> bool:
    """Move the live deal from ``version`` to the next and insert its Move, atomically; False when
    the deal is no longer at ``version`` (somebody moved first, on any node)."""
    if connection.vendor == "postgresql":
        # One statement, one round trip: PostgreSQL runs it atomically even in autocommit mode,
        # and the UPDATE's row lock orders it after any concurrent writer of the deal.
        with connection.cursor() as cursor:
            cursor.execute(
                _CLAIM_AND_INSERT, [deal_id, version, Deal.Status.LIVE, version, seat, action, auto, created]
            )
            return bool(cursor.rowcount == 1)
    with transaction.atomic():
        claimed = Deal.objects.filter(pk=deal_id, version=version, status=Deal.Status.LIVE).update(
            version=version + 1
        )
        if claimed:
            Move.objects.create(deal_id=deal_id, seq=version, seat=seat, action=action, auto=auto)
        return bool(claimed)


_CLAIM_AND_INSERT = f"""
WITH claimed AS (
    UPDATE {Deal._meta.db_table} SET version = version + 1
    WHERE id = %s AND version = %s AND status = %s RETURNING id
)
INSERT INTO {Move._meta.db_table} (deal_id, seq, seat, action, auto, created)
SELECT id, %s, %s, %s, %s, %s FROM claimed
"""


def _finish_if_over(deal: Deal, entry: states.Cached) -> bool:
    """Store the result when the move ended the deal, and pack its record (the Move rows go, in
    this transaction: league/services/archive.py); True when it also ended the match."""
    if not entry.state.is_over():
        return False
    match_over = deals.finish_deal(deal, entry.state)
    deal.save(update_fields=["status", "result", "finished_at"])
    archive.pack_finished(deal)
    return match_over


def _applied(deal: Deal, entry: states.Cached, match_over: bool, seat: int, action: str) -> Applied:
    over = entry.state.is_over()
    return Applied(deal.pk, deal.match_id, deal.version, over, match_over, seat, action, entry.since)


def _check_seat(deal_id: int, seat: int, user_id: int, entry: states.Cached | None) -> info.TableInfo:
    """The user must hold the seat they act for; returns the table's facts it was checked against."""
    if entry is not None and entry.deal is not None:
        match_id: int | None = entry.deal.match_id
    else:
        match_id = Deal.objects.filter(pk=deal_id).values_list("match_id", flat=True).first()
    table = live.table_of_match(match_id) if match_id is not None else None
    if table is None or table.seat_of(user_id) != seat:
        raise NotYourSeat()
    if not lifecycle.runs(table):
        raise NotPlaying(_("The table is paused."))
    return table


def _claim(
    held: live.LiveDeal, seat: int, version: int, entry: states.Cached | None
) -> tuple[Deal, states.Cached]:
    """Lock the deal's row with ``select_for_update``, rebuild its state and check ``version``;
    the version is bumped in the same transaction."""
    if entry is not None:
        held.put(entry)
    deal = Deal.objects.select_for_update().filter(pk=held.deal_id).first()
    if deal is None or deal.status != Deal.Status.LIVE:
        raise NotPlaying()
    entry = held.state_at(deal, keep=False)
    try:
        _check_version(entry, seat, version, deal.version)
    except StaleVersion:
        held.put(entry)
        raise
    Deal.objects.filter(pk=deal.pk).update(version=deal.version + 1)
    return deal, entry


def _check_version(entry: states.Cached, seat: int, version: int, current: int) -> None:
    """Decisions must name the current version; optional actions (a declaration while the server
    draws) may lag behind, because the pace would otherwise make them always stale."""
    if version == current:
        return
    if 0 <= version < current and seat in entry.state.to_move() and seat not in entry.state.must_move():
        return
    raise StaleVersion()


def after_commit(
    held: live.LiveDeal,
    applied: Applied,
    entry: states.Cached,
    *,
    render: bool = False,
    table: info.TableInfo | None = None,
    handed: bool = False,
) -> Applied:
    """Hold the new state, tell the table's sockets, and plan the next paced step (``render``:
    make every seat's frame first; the result carries them; ``table``: the facts the move used;
    ``handed``: the caller hands the frames to this node's sockets, the event goes to the others)."""
    if table is None:
        table = live.table_of_match(applied.match_id)
    delay = None
    if table is not None and not applied.over:
        # Read the state while it is still this call's own (once held, another move may take it).
        delay = pacing.delay_of(entry.state, table, entry.since, get_game(table.game).name)
    held.put(entry)
    if table is None:
        return applied
    # The move rides along so other nodes catch their cached state up without a query; the event
    # stays between servers (sockets only ever get their own seat's view). Not for a deal's last
    # move: its result is read from the database.
    move = None if applied.over else {"seat": applied.seat, "action": applied.action, "at": applied.at}
    # Rendered before the event: the node's other sockets get it back from Redis within a
    # millisecond, and when the frames were not ready yet each of them cost a second thread call
    # that waited on the deal's lock (about a third of the moves at 200 tables,
    # bench/results/2026-11-25-live-tables.md).
    frames = publish.table_event(
        table.table_id, applied.deal_id, applied.version, move, render=render, facts=table, handed=handed
    )
    if applied.over and not applied.match_over:
        pacing.plan(applied.deal_id, applied.version)  # the next deal, once due (between.py)
    elif delay is not None:
        pacing.schedule(applied.deal_id, applied.version, delay)
    return replace(applied, frames=frames)
