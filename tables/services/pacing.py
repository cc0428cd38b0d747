"""Pacing and clocks: the server draws cards at a set speed, bots move, and clocks run out.

Every step is ``advance(deal_id, version)``: it does nothing if the deal has moved past
``version``, so a step may be scheduled any number of times (after each commit, when a socket
joins) and still acts at most once per version. Where the step runs depends on the back end:

- ``celery`` (``REDIS_URL`` set): a Celery task with a countdown, so clocks survive the loss of
  the web node that scheduled them.
- ``asyncio`` (the embedded default, whose eager Celery cannot wait): a timer on the event loop
  of the process serving the sockets; a socket joining a table re-plans its next step.
- ``manual`` (tests): steps wait in a list until ``run_pending`` runs them.
- ``off`` (load tests): no server steps at all; clients make every move.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from contextvars import Context
from typing import TYPE_CHECKING, Any

from channels.db import database_sync_to_async
from django.conf import settings

from engine import get_game
from engine.errors import EngineError
from engine.game import Action, DealState

if TYPE_CHECKING:  # annotations only: the other table services are imported where used
    from tables.services.info import TableInfo

log = logging.getLogger(__name__)

DEFAULT_PACE = {"draw": 0.35, "bot": 0.8, "between_deals": 4.0}

_loop: asyncio.AbstractEventLoop | None = None
_tasks: set[asyncio.Future[Any]] = set()
_pending: list[tuple[int, int]] = []
_stopped = False
_running = 0


def stop(grace: float = 5.0) -> None:
    """Take no more server steps in this process and wait for the one in flight (test teardown)."""
    global _stopped
    _stopped = True
    deadline = time.monotonic() + grace
    while _running and time.monotonic() < deadline:
        time.sleep(0.01)


def resume() -> None:
    """Take server steps again after ``stop``."""
    global _stopped
    _stopped = False


def pace(kind: str) -> float:
    """Seconds before a paced step of ``kind`` ("draw", "bot", "between_deals").

    From ``settings.TABLES_PACE`` (a dict), else the environment's ``TABLES_PACE``
    ("draw=0.35,bot=0.8,between_deals=4"), else the defaults.
    """
    configured = getattr(settings, "TABLES_PACE", None)
    if configured is None:
        configured = _env_pace()
    return float(configured.get(kind, DEFAULT_PACE[kind]))


def _env_pace() -> dict[str, float]:
    pairs = (item.partition("=") for item in os.environ.get("TABLES_PACE", "").split(",") if "=" in item)
    return {key.strip(): float(value) for key, _, value in pairs}


def backend() -> str:
    """Where paced steps run: "celery", "asyncio" or "manual"."""
    chosen = getattr(settings, "TABLES_PACING", "")
    if chosen:
        return str(chosen)
    return "asyncio" if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) else "celery"


def register_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves sockets in this process (the asyncio back end's timers)."""
    global _loop
    _loop = loop


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The socket-serving loop of this process when called from another thread, else ``None``."""
    loop = _loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    try:
        if asyncio.get_running_loop() is loop:
            return None
    except RuntimeError:
        pass
    return loop


def serving_loop_gone() -> bool:
    """True when this process served sockets on an event loop that has since stopped (shutdown,
    or the end of a test): nobody here is left to tell, and waiting on that loop never ends."""
    loop = _loop
    return loop is not None and (loop.is_closed() or not loop.is_running())


def schedule(deal_id: int, version: int, delay: float) -> None:
    """Run ``advance(deal_id, version)`` after ``delay`` seconds on the configured back end."""
    mode = backend()
    if mode == "off" or _stopped:
        return  # load tests where clients make every move, draws included
    if mode == "celery":
        from tables.tasks import advance as advance_task

        advance_task.apply_async((deal_id, version), countdown=max(0.0, delay))
    elif mode == "asyncio" and _loop is not None and not _loop.is_closed():
        # A fresh context: the caller's (a sync worker thread's) would make asgiref refuse the call.
        _loop.call_soon_threadsafe(_start_timer, _loop, max(0.0, delay), deal_id, version, context=Context())
    else:
        _pending.append((deal_id, version))


def _start_timer(loop: asyncio.AbstractEventLoop, delay: float, deal_id: int, version: int) -> None:
    def fire() -> None:
        task = loop.create_task(_run(deal_id, version), context=Context())
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)

    loop.call_later(delay, fire, context=Context())


async def _run(deal_id: int, version: int) -> None:
    await database_sync_to_async(advance)(deal_id, version)


def run_pending(*, expire_clocks: bool = False, limit: int = 100_000) -> int:
    """Run the manual back end's queued steps until none is left; returns how many ran."""
    ran = 0
    while _pending and ran < limit:
        deal_id, version = _pending.pop(0)
        advance(deal_id, version, expire_clocks=expire_clocks)
        ran += 1
    return ran


def clear_pending() -> None:
    """Forget queued manual steps (tests)."""
    _pending.clear()


def plan(deal_id: int, version: int) -> None:
    """Schedule the deal's next server step at the time it is due."""
    from league.models import Deal
    from tables.services import info, states

    deal = Deal.objects.filter(pk=deal_id).first()
    if deal is None or deal.version != version:
        return
    if deal.status == Deal.Status.FINISHED:
        schedule(deal_id, version, pace("between_deals"))
        return
    table = info.of_match(deal.match_id)
    if table is None:
        return
    with states.lock_of(deal_id):
        entry = states.state_of(deal)
        delay = delay_of(entry.state, table, entry.since, deal.game)
    schedule(deal_id, version, delay)


def delay_of(
    state: DealState, table: TableInfo, since: float, game_name: str, *, offers: bool = True
) -> float:
    """Seconds until the next server step: a paced draw, a bot's move or a person's clock running out.

    ``offers=False``: the bots already declined their optional actions at this version.
    """
    from tables.services import states

    must = sorted(state.must_move())
    if not must:
        return pace("bot")
    if is_paced_draw(state, must[0], game_name):
        return pace("draw")
    optional = state.to_move() - state.must_move()
    if any(table.bot_of(s) for s in must) or (offers and any(table.bot_of(s) for s in optional)):
        return pace("bot")
    return max(0.0, since + table.seconds_per_decision - states.now())


def is_paced_draw(state: DealState, seat: int, game_name: str) -> bool:
    """True when the seat's next step is drawing a card, which the server does at its own pace."""
    try:
        state.check(seat, get_game(game_name).parse_action("draw"))
    except EngineError:
        return False
    return True


def advance(deal_id: int, version: int, *, expire_clocks: bool = False) -> None:
    """Take the deal's next server step if it is still at ``version`` (else do nothing)."""
    global _running
    if _stopped:
        return
    _running += 1
    try:
        _advance(deal_id, version, expire_clocks)
    finally:
        _running -= 1


def _advance(deal_id: int, version: int, expire_clocks: bool) -> None:
    from league.models import Deal
    from tables.services import deals, info, moves, states
    from tables.services.errors import TableError

    with states.lock_of(deal_id):  # no move may change the state while a step is chosen from it
        chosen = _choose(deal_id, version, expire_clocks)
    if isinstance(chosen, Deal):
        new = deals.next_deal(chosen.match_id, chosen.number)
        table = info.of_match(chosen.match_id)
        if new is not None and table is not None:
            moves.notify(table.group, new.pk, 0)
            plan(new.pk, 0)
        return
    if chosen is None:
        return
    seat, action, auto = chosen
    try:
        moves.apply_move(deal_id, seat, str(action), version, auto=auto)
    except TableError:
        pass  # somebody moved first: that commit planned the next step
    except EngineError:
        log.exception("a server step was refused by the engine (deal %s, version %s)", deal_id, version)


def _choose(deal_id: int, version: int, expire_clocks: bool) -> Any:
    """The step to take at ``version``: a (seat, action, auto) move, the finished Deal whose match
    goes on with the next deal, or ``None`` (nothing to do now; a later step may be planned)."""
    from league.models import Deal
    from tables.services import info, states

    cached = states.peek(deal_id)
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
    if deal.status == Deal.Status.FINISHED:
        return deal
    table = info.of_match(deal.match_id)
    if table is None:
        return None
    entry = cached if deal is getattr(cached, "deal", None) else states.state_of(deal)
    assert entry is not None
    step = choose_step(entry.state, table, deal, version, entry.since, expire_clocks)
    if step is None:
        # A person's clock has not run out yet (an early duplicate timer): wait for it.
        schedule(deal_id, version, delay_of(entry.state, table, entry.since, deal.game, offers=False))
    return step


def choose_step(
    state: DealState, table: Any, deal: Any, version: int, since: float, expire_clocks: bool
) -> tuple[int, Action, bool] | None:
    """The server's step: a bot's optional declaration, a paced draw, a bot's move, or a clock's."""
    from tables.services import states

    game = get_game(deal.game)
    must = sorted(state.must_move())
    for seat in sorted(state.to_move() - state.must_move()):
        if table.bot_of(seat):
            offer = _bot(game, table.bot_of(seat), deal, version, seat).offer(state, seat)
            if offer is not None:
                return seat, offer, False
    if not must:
        return None
    if is_paced_draw(state, must[0], deal.game):
        return must[0], game.parse_action("draw"), False
    for seat in must:
        if table.bot_of(seat):
            return seat, _bot(game, table.bot_of(seat), deal, version, seat).choose(state, seat), False
    if not expire_clocks and states.now() < since + table.seconds_per_decision - 0.05:
        return None
    seat = must[0]
    timeout = getattr(state, "timeout_action", None)
    action = (
        timeout(seat)
        if timeout is not None
        else _bot(game, "heuristic", deal, version, seat).choose(state, seat)
    )
    return seat, action, True


def _bot(game: Any, kind: str, deal: Any, version: int, seat: int) -> Any:
    # Seeded from the deal's secret so a bot's choices replay, yet nobody can predict them.
    return game.bot(kind, random.Random(f"{deal.seed}:{version}:{seat}"))
