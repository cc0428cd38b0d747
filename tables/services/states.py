"""Engine states of live deals, cached per process and rebuilt from the move log when missing.

The cache holds one entry per deal: the state at some version and the time that version was
reached. A node that misses a version catches up by applying only the Move rows it lacks, so a
second node (or a node that restarted) never needs more than one query per event.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from engine import get_game
from engine.core.errors import EngineError
from engine.core.game import DealState
from league.models import Deal, Move

MAX_DEALS = 5000  # entries kept per process; a table in play touches its entry every move


@dataclass
class Cached:
    """A deal's engine state at ``version``, reached at ``since`` (epoch seconds)."""

    version: int
    state: DealState
    since: float
    deal: Deal | None = None  # the row the state belongs to (game, seed, match), kept in step


_cache: OrderedDict[int, Cached] = OrderedDict()
_lock = threading.Lock()
# Per-deal locks, striped so their number stays fixed: several threads of a process serve sockets
# at once, and a state must not be read while a move is applied to it (nor shown before commit).
_deal_locks = tuple(threading.RLock() for _ in range(256))


def lock_of(deal_id: int) -> threading.RLock:
    """The lock to hold while applying a move to, or reading, a deal's cached state in this process.

    Hold only one at a time: two deals may share a stripe.
    """
    return _deal_locks[deal_id % len(_deal_locks)]


def peek(deal_id: int) -> Cached | None:
    """The cached entry of a deal, if any (not removed)."""
    with _lock:
        entry = _cache.get(deal_id)
        if entry is not None:
            _cache.move_to_end(deal_id)
        return entry


def take(deal_id: int) -> Cached | None:
    """Remove and return the cached entry: the caller mutates the state and puts it back after commit."""
    with _lock:
        return _cache.pop(deal_id, None)


def put(deal_id: int, entry: Cached) -> None:
    """Store a deal's state unless a newer version is already cached."""
    with _lock:
        current = _cache.get(deal_id)
        if current is not None and current.version > entry.version:
            return
        _cache[deal_id] = entry
        _cache.move_to_end(deal_id)
        while len(_cache) > MAX_DEALS:
            _cache.popitem(last=False)


def clear() -> None:
    """Forget every cached state (tests)."""
    with _lock:
        _cache.clear()


def catch_up(deal_id: int, version: int, seat: int, action: str, at: float) -> None:
    """Bring the cached state to ``version`` with the committed move that made it, when the cache
    is exactly one move behind (the move was applied on another node); otherwise do nothing and
    let the next reader rebuild from the move log."""
    with lock_of(deal_id):
        entry = peek(deal_id)
        if entry is None or entry.deal is None or entry.version != version - 1:
            return
        take(deal_id)
        try:
            entry.state.apply(seat, get_game(entry.deal.game).parse_action(action))
        except EngineError:
            return  # not the move this state expects: drop the entry, the database knows
        entry.version, entry.since = version, at
        entry.deal.version = version
        put(deal_id, entry)


def fresh_state(deal: Deal) -> DealState:
    """The deal's state before its first move."""
    game = get_game(deal.game)
    return game.start(game.rules_from_json(deal.rules), len(deal.seats), deal.deck, deal.situation)


def replay(deal: Deal, upto: int) -> Cached:
    """The state after the first ``upto`` moves, rebuilt from the Move rows (no cache)."""
    game = get_game(deal.game)
    state = fresh_state(deal)
    since = deal.started_at.timestamp()
    for move in Move.objects.filter(deal=deal, seq__lt=upto).order_by("seq"):
        state.apply(move.seat, game.parse_action(move.action))
        since = move.created.timestamp()
    return Cached(upto, state, since, deal)


def state_of(deal: Deal, *, keep: bool = True) -> Cached:
    """The state at ``deal.version``: from the cache, caught up from the Moves it lacks, or replayed.

    With ``keep=False`` the entry is taken out of the cache (the caller is about to apply a move).
    """
    entry = take(deal.pk) if not keep else peek(deal.pk)
    if entry is not None and entry.version == deal.version:
        entry.deal = deal
        return entry
    if entry is not None and entry.version < deal.version:
        if keep:
            # Catch up on a private copy's behalf: take it so no other thread sees it half-updated.
            entry = take(deal.pk) or replay(deal, 0)
        game = get_game(deal.game)
        for move in Move.objects.filter(deal=deal, seq__gte=entry.version, seq__lt=deal.version).order_by(
            "seq"
        ):
            entry.state.apply(move.seat, game.parse_action(move.action))
            entry.version = move.seq + 1
            entry.since = move.created.timestamp()
        if entry.version != deal.version:
            entry = replay(deal, deal.version)
        entry.deal = deal
    else:
        # Nothing cached, or the cache is ahead of the row we read (a newer commit): replay exactly.
        entry = replay(deal, deal.version)
    if keep:
        put(deal.pk, entry)
    return entry


def now() -> float:
    """Epoch seconds (the clock the cache stamps versions with)."""
    return time.time()
