"""One object per live deal in this process, and the small registry that holds them.

A ``LiveDeal`` owns what this process knows of one deal between two moves: the deal's lock, its
engine state at a version (``Cached``), and what was made from that version, encoded once and
handed to every socket of the table on this node (each seat's frame, the spectators' delayed
view, the facts that stop changing once the deal is over).

Frames are made for the seats that have a socket in this process (``watching``), so a version's
frames may lack a seat whose socket arrived since; asking for them with that seat makes them again.

Lifecycle: the first use of a deal (a move, a socket's view, a server step, the sweep) makes its
object, empty; the state is rebuilt from the move log when first asked for, and after that kept at
the newest committed version: the writer takes it out (``take``) under the lock, applies the move
to its private copy, and puts it back after the commit (``put``), so no other thread sees a
half-applied or uncommitted move. Frames are made once per version, by the thread that committed
the move on the node serving the table's sockets, or by the first socket that asks for them. The
registry keeps the ``MAX_DEALS`` most recently used deals and the facts of ``MAX_TABLES`` tables
(``info.TableInfo``, fixed while a match is played), under one lock; an object dropped while a
thread still uses it costs only a rebuild, because every write is checked against the database's
version (``moves.py``), which is the truth.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from engine import get_game
from engine.core.errors import EngineError
from league.models import Deal
from league.services import archive
from tables.models import LiveTable
from tables.services import info, states
from tables.services.states import Cached

MAX_DEALS = 5000  # deals kept per process; a table in play touches its deal every move
MAX_TABLES = 5000  # tables whose facts are kept per process
DELAYED_KEPT = 4  # spectators' delayed views kept per deal (the target only moves forward)

# Every seat's (``None``: the spectators') encoded frame: ((deal, version) it shows, the JSON text).
EncodedViews = dict[int | None, tuple[tuple[int, int], str]]


@dataclass(frozen=True)
class Frames:
    """The encoded frames of a table's sockets made at ``version`` of the deal."""

    table_id: int
    version: int
    views: EncodedViews


class LiveDeal:
    """A live deal in this process: its lock, its engine state and the frames made from it.

    Hold ``lock`` while reading the state or making frames from it, and while applying a move's
    effects to it; hold only one deal's lock at a time.
    """

    def __init__(self, deal_id: int) -> None:
        self.deal_id = deal_id
        self.lock = threading.RLock()
        self._guard = threading.Lock()  # the slots below change atomically, lock held or not
        self._held: Cached | None = None
        self._frames: Frames | None = None
        self._delayed: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self.meta: dict[str, Any] | None = None  # views.deal_meta: facts for every frame of the deal
        # Frames being made on the event loop, by version: only the loop's own thread touches this.
        self.rendering: dict[int, asyncio.Future[EncodedViews]] = {}

    def __repr__(self) -> str:
        return f"<LiveDeal {self.deal_id} at {self.version}>"

    @property
    def version(self) -> int:
        """The version of the state held (-1: none)."""
        held = self._held
        return -1 if held is None else held.version

    # -- the engine state --------------------------------------------------------------------

    def peek(self) -> Cached | None:
        """The state held, if any (still held: read it under ``lock``)."""
        return self._held

    def take(self) -> Cached | None:
        """Remove and return the state held: the caller changes it and puts it back after commit."""
        with self._guard:
            held, self._held = self._held, None
        return held

    def put(self, entry: Cached) -> None:
        """Hold ``entry`` unless a newer version is already held."""
        with self._guard:
            if self._held is None or self._held.version <= entry.version:
                self._held = entry

    def state_at(self, deal: Deal, *, keep: bool = True) -> Cached:
        """The state at ``deal.version``: the one held, caught up from the Moves it lacks, or replayed.

        With ``keep=False`` the state is taken out (the caller is about to apply a move).
        """
        entry = self.take() if not keep else self.peek()
        if entry is not None and entry.version == deal.version:
            entry.deal = deal
            return entry
        if entry is not None and entry.version < deal.version:
            if keep:
                # Catch up on a private copy: take it so no other thread sees it half-updated.
                entry = self.take() or states.replay(deal, 0)
            entry = _caught_up(entry, deal)
        else:
            # Nothing held, or the state is ahead of the row we read (a newer commit): replay exactly.
            entry = states.replay(deal, deal.version)
        if keep:
            self.put(entry)
        return entry

    def catch_up(self, version: int, seat: int, action: str, at: float) -> None:
        """Bring the state to ``version`` with the committed move that made it, when it is exactly
        one move behind (the move was applied on another node); otherwise do nothing and let the
        next reader rebuild from the move log."""
        with self.lock:
            entry = self.peek()
            if entry is None or entry.deal is None or entry.version != version - 1:
                return
            self.take()
            try:
                entry.state.apply(seat, get_game(entry.deal.game).parse_action(action))
            except EngineError:
                return  # not the move this state expects: drop it, the database knows
            entry.version, entry.since = version, at
            entry.deal.version = version
            self.put(entry)

    # -- what is made from it ----------------------------------------------------------------

    def frames(self, table_id: int, version: int, seats: Iterable[int | None] = ()) -> EncodedViews | None:
        """The table's frames made at ``version`` or later, if any and if they include every one of
        ``seats`` (no query, no thread call)."""
        made = self._frames
        if made is None or made.table_id != table_id or made.version < version:
            return None
        if any(seat not in made.views for seat in seats):
            return None  # made before a socket of that seat arrived on this node
        return made.views

    def keep_frames(self, table_id: int, version: int, views: EncodedViews) -> None:
        """Keep the frames made at ``version`` for every socket of the table that asks next."""
        with self._guard:
            if self._frames is None or self._frames.version <= version or self._frames.table_id != table_id:
                self._frames = Frames(table_id, version, views)

    def forget_frames(self, table_id: int) -> None:
        """Drop the frames made for the table (its seats changed: the next ask makes them again)."""
        with self._guard:
            if self._frames is not None and self._frames.table_id == table_id:
                self._frames = None

    def delayed(self, target: int) -> dict[str, Any] | None:
        """The spectators' view at version ``target``, if made."""
        with self._guard:
            return self._delayed.get(target)

    def keep_delayed(self, target: int, view: dict[str, Any]) -> None:
        """Keep the spectators' view at ``target`` (shared by every spectator of the table)."""
        with self._guard:
            self._delayed[target] = view
            while len(self._delayed) > DELAYED_KEPT:
                self._delayed.popitem(last=False)


def _caught_up(entry: Cached, deal: Deal) -> Cached:
    """``entry`` (a private copy behind ``deal.version``) with the moves it lacks applied (Move rows,
    or the pack of a deal that finished meanwhile: league/services/archive.py)."""
    game = get_game(deal.game)
    for move in archive.moves(deal, entry.version, deal.version):
        entry.state.apply(move.seat, game.parse_action(move.action))
        entry.version = move.seq + 1
        entry.since = move.created.timestamp()
    if entry.version != deal.version:
        entry = states.replay(deal, deal.version)
    entry.deal = deal
    return entry


class Registry:
    """The live deals and the playing tables' facts of this process: bounded, most recent kept."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._deals: OrderedDict[int, LiveDeal] = OrderedDict()
        self._tables: OrderedDict[int, info.TableInfo] = OrderedDict()
        self._table_of_match: dict[int, int] = {}

    def deal(self, deal_id: int) -> LiveDeal:
        """The deal's object, made empty on first use."""
        with self._lock:
            live = self._deals.get(deal_id)
            if live is None:
                live = self._deals[deal_id] = LiveDeal(deal_id)
                while len(self._deals) > MAX_DEALS:
                    self._deals.popitem(last=False)
            else:
                self._deals.move_to_end(deal_id)
            return live

    def table(self, table_id: int) -> info.TableInfo | None:
        """A playing table's facts, if held."""
        with self._lock:
            facts = self._tables.get(table_id)
            if facts is not None:
                self._tables.move_to_end(table_id)
            return facts

    def table_id_of_match(self, match_id: int) -> int | None:
        """The table playing ``match_id``, if its facts are held."""
        with self._lock:
            return self._table_of_match.get(match_id)

    def keep_table(self, facts: info.TableInfo) -> None:
        """Hold a playing table's facts."""
        with self._lock:
            self._tables[facts.table_id] = facts
            self._tables.move_to_end(facts.table_id)
            if facts.match_id is not None:
                self._table_of_match[facts.match_id] = facts.table_id
            while len(self._tables) > MAX_TABLES:
                _, dropped = self._tables.popitem(last=False)
                if dropped.match_id is not None:
                    self._table_of_match.pop(dropped.match_id, None)

    def forget_table(self, table_id: int) -> None:
        """Drop a table's facts and the frames made for it (its seats changed)."""
        with self._lock:
            facts = self._tables.pop(table_id, None)
            if facts is not None and facts.match_id is not None:
                self._table_of_match.pop(facts.match_id, None)
            deals = list(self._deals.values())
        for live in deals:
            live.forget_frames(table_id)

    def clear(self) -> None:
        """Forget every deal and table (tests)."""
        with self._lock:
            self._deals.clear()
            self._tables.clear()
            self._table_of_match.clear()


registry = Registry()


def deal(deal_id: int) -> LiveDeal:
    """The live deal ``deal_id`` of this process."""
    return registry.deal(deal_id)


def state_of(deal_row: Deal) -> Cached:
    """The deal's state at ``deal_row.version``, read under its lock."""
    live = registry.deal(deal_row.pk)
    with live.lock:
        return live.state_at(deal_row)


def table(table_id: int, *, fresh: bool = False) -> info.TableInfo:
    """The facts of a table; held only once it plays (seats no longer change then)."""
    facts = None if fresh else registry.table(table_id)
    gen = info.generation(table_id)  # bumped by a change of the table's life (lifecycle.py)
    if facts is not None and facts.generation == gen:
        return facts
    facts = info.load(LiveTable.objects.select_related("match").get(pk=table_id), gen)
    if facts.match_id is not None and facts.status != LiveTable.Status.OPEN:
        registry.keep_table(facts)
    return facts


def table_of_match(match_id: int) -> info.TableInfo | None:
    """The facts of the table playing ``match_id``, or ``None`` (an offline match)."""
    table_id = registry.table_id_of_match(match_id)
    if table_id is None:
        table_id = LiveTable.objects.filter(match_id=match_id).values_list("pk", flat=True).first()
        if table_id is None:
            return None
    return table(table_id)


def table_changed(table_id: int) -> None:
    """After the current transaction commits, make every process read the table's facts again."""

    def bump() -> None:
        info.bump_generation(table_id)
        forget_table(table_id)

    transaction.on_commit(bump)


def forget_table(table_id: int) -> None:
    """Drop a table's facts and frames (its seats changed)."""
    registry.forget_table(table_id)


def clear() -> None:
    """Forget every live deal and table of this process (tests)."""
    registry.clear()
