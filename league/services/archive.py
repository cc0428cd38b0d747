"""Finished deals are archives: Move rows while a deal is live, one packed record once it is over.

A live deal's moves are ``Move`` rows (the one writer's exactly-once log, ``unique (deal, seq)``)
and its record's header is columns of the ``Deal`` row. When the deal finishes, ``pack_deal``
packs the header, the deck and every move (seat, action, auto-played, time) into ``Deal.packed``
(``league.packing``), blanks those columns and deletes the Move rows, in one transaction: a deal
is read whole from its rows or whole from its pack, never half of each. It runs in the
transaction that finishes the deal; a deal it missed (a crash, a failure, older rows) is packed
by ``pack_due``, which the sweep runs. Packing twice changes nothing.

Every reader of a deal's record goes through ``head``, ``deck``, ``seats`` and ``moves`` here (or
``replays.services.records.deal_record``, built on them): they read rows or the pack alike.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import QuerySet

from engine.core.record import commitment
from league.models import Deal, Move
from league.packing import Packed, PackError, Played, header_of, pack, unpack, with_header

logger = logging.getLogger(__name__)

# The Deal columns a pack holds, and what each is left as once packed.
PACKED_COLUMNS: dict[str, Any] = {
    "rules": dict,
    "seats": list,
    "situation": lambda: None,
    "deck": list,
    "salt": str,
    "commitment": str,
    "seed": str,
}
HEADER = ("rules", "seats", "situation", "salt", "commitment", "seed")
# A packed move's time is kept to a tenth of a second: what a person sees of a card play, and at
# a millisecond the times of people playing cost half the pack (docs/record-format.md §Packed deals).
TIME_STEP = timedelta(milliseconds=100)
DUE_BATCH = 200  # deals packed per sweep: a backlog (a migration's) drains over a few sweeps


class PackMismatch(RuntimeError):
    """A deal whose pack would not give back its rows exactly: it is left as rows."""


@dataclass(frozen=True)
class Head:
    """A deal's record apart from its moves: rules, seats, starting situation, deck and secrets."""

    rules: dict[str, Any]
    seats: list[dict[str, Any]]
    situation: dict[str, Any] | None
    deck: list[str]
    salt: str
    commitment: str
    seed: str


@dataclass(frozen=True)
class StoredMove:
    """One move of a deal as stored: its place, seat, action, whether the clock bot played it, when."""

    seq: int
    seat: int
    action: str
    auto: bool
    created: datetime


# -- reading ------------------------------------------------------------------------------------------


def is_packed(deal: Deal) -> bool:
    """Whether the deal's record is packed (else it is its columns and Move rows)."""
    return deal.packed is not None


def head(deal: Deal) -> Head:
    """The deal's record apart from its moves, from its columns or its pack."""
    return _packed_head(_unpacked(deal, moves=False)) if is_packed(deal) else _column_head(deal)


def _column_head(deal: Any) -> Head:
    return Head(
        dict(deal.rules or {}),
        [dict(s) for s in deal.seats],
        deal.situation,
        list(deal.deck),
        deal.salt,
        deal.commitment,
        deal.seed,
    )


def _packed_head(unpacked: Packed) -> Head:
    fields = unpacked.header
    salt, stored = str(fields.get("salt", "")), fields.get("commitment")
    return Head(
        dict(fields.get("rules") or {}),
        [dict(s) for s in fields.get("seats") or []],
        fields.get("situation"),
        list(unpacked.deck),
        salt,
        # Left out of the pack when the salt and deck give it (docs/record-format.md §Packed deals).
        commitment(salt, unpacked.deck) if stored is None else str(stored),
        str(fields.get("seed", "")),
    )


def seats(deal: Deal) -> list[dict[str, Any]]:
    """The deal's seats (names, player ids, bot kinds)."""
    return head(deal).seats


def deck(deal: Deal) -> list[str]:
    """The deal's deck in drawing order."""
    return head(deal).deck


def moves(deal: Deal, start: int = 0, stop: int | None = None) -> list[StoredMove]:
    """The deal's moves ``start`` ≤ seq < ``stop`` (default: its version), from rows or its pack.

    A deal packed between reading its row and reading its Move rows (on another connection) is
    read again from its pack, so a reader never sees it without moves.
    """
    stop = deal.version if stop is None else stop
    if not is_packed(deal):
        rows = [
            StoredMove(m.seq, m.seat, m.action, m.auto, m.created)
            for m in Move.objects.filter(deal=deal, seq__gte=start, seq__lt=stop).order_by("seq")
        ]
        if len(rows) >= stop - start or deal.status != Deal.Status.FINISHED:
            return rows
        packed = Deal.objects.filter(pk=deal.pk).values_list("packed", flat=True).first()
        if packed is None:
            return rows
        deal.packed = packed
    return _stored(_unpacked(deal), deal.started_at, start, stop)


def _stored(unpacked: Packed, started: datetime, start: int = 0, stop: int | None = None) -> list[StoredMove]:
    """The pack's moves ``start`` ≤ seq < ``stop``, their times counted from ``started``."""
    return [
        StoredMove(seq, m.seat, m.action, m.auto, cut(started) + m.at * TIME_STEP)
        for seq, m in enumerate(unpacked.moves[start:stop], start=start)
    ]


def _bytes(deal: Deal) -> bytes:
    if deal.packed is None:
        raise PackError(f"deal {deal.pk} is not packed")
    return bytes(deal.packed)  # PostgreSQL hands a bytea back as a memoryview


def _unpacked(deal: Deal, *, moves: bool = True) -> Packed:
    """The deal's pack decoded (``moves=False``: its header and deck), once per instance."""
    data = _bytes(deal)
    cached: tuple[bytes, bool, Packed] | None = deal.__dict__.get("_unpacked")
    if cached is not None and cached[0] == data and (cached[1] or not moves):
        return cached[2]
    unpacked = unpack(data, moves=moves)
    deal.__dict__["_unpacked"] = (data, moves, unpacked)
    return unpacked


# -- packing ------------------------------------------------------------------------------------------


def packable(deal: Deal) -> bool:
    """A finished deal with a move log that is not packed yet (a hand-entered deal has none)."""
    return deal.status == Deal.Status.FINISHED and deal.has_moves and not is_packed(deal)


def packed_of(deal: Any, played: list[Played]) -> bytes:
    """The pack of ``deal``'s columns with ``played`` as its moves."""
    fields: dict[str, Any] = {name: getattr(deal, name) for name in HEADER}
    if fields["commitment"] == commitment(deal.salt, deal.deck):
        del fields["commitment"]  # the salt and the deck give it back
    return pack(Packed(fields, list(deal.deck), played))


def store_packed(deal: Deal, played: list[Played]) -> None:
    """Pack a finished deal being stored from a record (an upload, an import) with ``played``.

    Sets the deal's ``packed`` and blanks the columns it holds; the caller saves the row.
    """
    deal.packed = packed_of(deal, played)
    blank(deal)


def with_seats(deal: Deal, seats: list[dict[str, Any]]) -> bytes:
    """The pack of a packed ``deal`` with ``seats`` instead of its own (copies of a deal)."""
    data = _bytes(deal)
    return with_header(data, {**header_of(data), "seats": seats})


def record_moves(actions: list[tuple[int, str]]) -> list[Played]:
    """A record's actions as moves made by people at the deal's start (records carry no times)."""
    return [Played(seat, text) for seat, text in actions]


def pack_deal(deal_id: int) -> bool:
    """Pack a finished deal's record and delete its Move rows; False when there was nothing to do.

    Idempotent: a deal already packed (or live, or entered by hand) is left as it is. Refuses with
    ``PackMismatch`` (and changes nothing) when the pack would not give the rows back exactly.
    """
    with transaction.atomic():
        deal = Deal.objects.select_for_update().filter(pk=deal_id).first()
        if deal is None or not packable(deal):
            return False
        pack_locked(deal)
        return True


def pack_locked(deal: Deal) -> None:
    """Pack ``deal`` (its row locked by the caller's transaction) and save it; ``deal`` is updated."""
    pack_rows(deal, Move)


def pack_rows(deal: Any, move_model: Any) -> None:
    """Pack ``deal``'s columns and its rows of ``move_model``, save it and delete the rows (a
    migration's models too)."""
    deal.packed = verified_pack(deal, list(move_model.objects.filter(deal=deal).order_by("seq")))
    blank(deal)
    deal.save(update_fields=["packed", *PACKED_COLUMNS])
    move_model.objects.filter(deal=deal).delete()


def verified_pack(deal: Any, rows: list[Any]) -> bytes:
    """The pack of an unpacked deal's columns and its Move ``rows`` (in order), checked to give
    both back exactly; ``PackMismatch`` otherwise. Reads attributes only (a migration's models too)."""
    if [m.seq for m in rows] != list(range(deal.version)):
        raise PackMismatch(f"deal {deal.pk}: {len(rows)} moves do not run 0..{deal.version - 1}")
    played = [Played(m.seat, m.action, m.auto, _steps(m.created, deal.started_at)) for m in rows]
    data = packed_of(deal, played)
    unpacked = unpack(data)
    if _exact(_packed_head(unpacked)) != _exact(_column_head(deal)) or unpacked.moves != played:
        raise PackMismatch(f"deal {deal.pk}: the pack does not give its record back")
    return data


def unpacked_columns(deal: Any) -> tuple[dict[str, Any], list[StoredMove]]:
    """A packed deal's columns and moves as they were before packing (to undo a pack)."""
    unpacked = unpack(bytes(deal.packed))
    return asdict(_packed_head(unpacked)), _stored(unpacked, deal.started_at)


def pack_finished(deal: Deal) -> None:
    """Pack the deal that has just finished, in the caller's transaction; a failure is logged and
    left to the sweep (``pack_due``), never undoing the move that finished the deal."""
    if not packable(deal):
        return
    try:
        with transaction.atomic():
            pack_locked(deal)
    except (PackMismatch, PackError, ValueError, DatabaseError) as exc:
        deal.packed = None
        logger.error("deal %s stays unpacked until the sweep: %s", deal.pk, exc)


def due() -> QuerySet[Deal]:
    """The finished deals with a move log still kept as Move rows (index ``deal_to_pack``)."""
    return Deal.objects.filter(status=Deal.Status.FINISHED, has_moves=True, packed=None)


def pack_due(limit: int = DUE_BATCH) -> int:
    """Pack up to ``limit`` finished deals that still have Move rows; returns how many were packed."""
    done = 0
    for deal_id in due().order_by("pk").values_list("pk", flat=True)[:limit]:
        try:
            done += pack_deal(deal_id)
        except PackMismatch as exc:
            logger.error("%s", exc)
    return done


def unpack_deal(deal: Deal) -> None:
    """Give a packed deal its columns and Move rows back, times included (``deal`` is updated)."""
    with transaction.atomic():
        restore_rows(deal, Move)


def restore_rows(deal: Any, move_model: Any) -> None:
    """Unpack ``deal`` into its columns and rows of ``move_model`` (a migration's models too)."""
    columns, stored = unpacked_columns(deal)
    for name, value in columns.items():
        setattr(deal, name, value)
    deal.packed = None
    deal.save(update_fields=["packed", *columns])
    rows = move_model.objects.bulk_create(
        move_model(deal=deal, seq=m.seq, seat=m.seat, action=m.action, auto=m.auto) for m in stored
    )
    for row, m in zip(rows, stored, strict=True):
        row.created = m.created  # bulk_update leaves auto_now_add alone, unlike bulk_create
    move_model.objects.bulk_update(rows, ["created"])


def blank(deal: Any) -> None:
    """Leave the columns a pack holds as their defaults."""
    for name, empty in PACKED_COLUMNS.items():
        setattr(deal, name, empty())


def _exact(h: Head) -> str:
    """``h`` as text, key order included: a pack must give back the very record it was made of."""
    return json.dumps(asdict(h), ensure_ascii=False)


def _steps(at: datetime, started: datetime) -> int:
    """Tenths of a second from ``started`` to ``at``, both cut to the tenth (a pack keeps times so)."""
    return (cut(at) - cut(started)) // TIME_STEP


def cut(at: datetime) -> datetime:
    """``at`` cut to the tenth of a second, the precision a pack keeps a move's time to."""
    step = TIME_STEP // timedelta(microseconds=1)
    return at.replace(microsecond=at.microsecond // step * step)
