"""Pacing and clocks: which server step a deal waits for, when it is due, and where it will run.

The server draws cards at a set speed, bots move, and clocks run out. This module decides
(``delay_of``, ``choose_step``) and plans (``plan``, ``schedule``); ``steps.advance(deal_id,
version)`` takes the step through the move writer. A step does nothing if the deal has moved
past ``version``, so it may be scheduled any number of times (after each commit, when a socket
joins) and still acts at most once per version. Where the step runs depends on the back end:

- ``celery`` (``REDIS_URL`` set): the task ``tables.advance`` (``tables/tasks.py``), sent by name
  with a countdown, so clocks survive the loss of the web node that scheduled them. That is only
  the fast path: Celery beat's sweep (``sweep.py``) sends again every step the rows say is overdue.
- ``asyncio`` (the embedded default, whose eager Celery cannot wait): a timer on the event loop
  of the process serving the sockets; a socket joining a table re-plans its next step.
- ``manual`` (tests): steps wait in a list until ``run_pending`` runs them.
- ``off`` (load tests): no server steps at all; clients make every move.

A finished match's results are recorded by ``settle_soon`` (``settle.py``), in a Celery task or here.

The asyncio and manual back ends run the step taker the app hands in at start
(``TablesConfig.ready`` → ``run_steps_with(steps)``): the move writer plans through this
module, so this module may not import the step taker, which applies moves.

A bot's choice (``Step.decide``) is made on a private copy of the state, outside the deal's lock:
the expert bot searches for up to a second at its ``strong`` budget. Under Celery it runs in the
worker that took the step; on the asyncio back end in a thread of its own (``THINKERS``), between
the step's two database calls, so neither the event loop nor the sockets' database thread waits
for it. A seat whose clock runs out is played by ``timeout_bot``: the ``fast`` expert.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import Context
from dataclasses import dataclass
from typing import Any, Protocol

from celery import current_app
from channels.db import database_sync_to_async
from django.conf import settings

from engine import get_game
from engine.core.errors import EngineError
from engine.core.game import Action, Bot, DealState, Game
from league.models import Deal
from tables.services import between, events, info, settle, states
from tables.services.paces import pace

THINKERS = 1  # threads for the bots' choices on the asyncio back end (the search is pure Python)


@dataclass(frozen=True)
class Step:
    """The server's step at a version: ``seat`` plays ``action``, or what ``bot`` chooses from
    ``state`` (a private copy); ``auto`` when a person's clock ran out."""

    seat: int
    auto: bool
    action: Action | None = None
    bot: Bot | None = None
    state: DealState | None = None

    def decide(self) -> Action:
        """The step's action: the one given, or the bot's choice (a search may take a second)."""
        if self.action is not None:
            return self.action
        assert self.bot is not None and self.state is not None
        return self.bot.choose(self.state, self.seat)


class StepTaker(Protocol):
    """What takes the server's steps (``tables.services.steps``), handed in at start."""

    def advance(self, deal_id: int, version: int, *, expire_clocks: bool = False) -> None: ...

    def prepare(self, deal_id: int, version: int, expire_clocks: bool = False) -> Step | None: ...

    def finish(self, deal_id: int, version: int, step: Step, action: Action) -> None: ...


_tasks: set[asyncio.Future[Any]] = set()
_pending: list[tuple[int, int]] = []
_stopped = False
_running = 0
_taker: StepTaker | None = None
_thinkers: ThreadPoolExecutor | None = None
_thinkers_lock = threading.Lock()


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


def stopped() -> bool:
    """True after ``stop``: this process takes no more server steps."""
    return _stopped


@contextmanager
def running() -> Iterator[None]:
    """Count a server step in flight, for ``stop`` to wait on."""
    global _running
    _running += 1
    try:
        yield
    finally:
        _running -= 1


def run_steps_with(taker: StepTaker) -> None:
    """The step taker the asyncio and manual back ends call."""
    global _taker
    _taker = taker


def backend() -> str:
    """Where paced steps run: "celery", "asyncio" or "manual"."""
    chosen = getattr(settings, "TABLES_PACING", "")
    if chosen:
        return str(chosen)
    return "asyncio" if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) else "celery"


def schedule(deal_id: int, version: int, delay: float) -> None:
    """Run ``advance(deal_id, version)`` after ``delay`` seconds on the configured back end."""
    mode = backend()
    if mode == "off" or _stopped:
        return  # load tests where clients make every move, draws included
    loop = events.registered_loop()
    if mode == "celery":
        # By name: the task module (an edge) calls the step taker, which calls the move writer,
        # which plans here. A longer clock is a chain of countdowns (a step taken early plans the
        # rest), so no task waits in a worker longer than the broker's visibility timeout allows.
        countdown = min(max(0.0, delay), float(settings.TABLES_LONGEST_COUNTDOWN))
        current_app.send_task("tables.advance", (deal_id, version), countdown=countdown)
    elif mode == "asyncio" and loop is not None:
        # A fresh context: the caller's (a sync worker thread's) would make asgiref refuse the call.
        loop.call_soon_threadsafe(_start_timer, loop, max(0.0, delay), deal_id, version, context=Context())
    else:
        _pending.append((deal_id, version))


def settle_soon(match_id: int) -> None:
    """Record a finished live match's result, standings and ratings: in a Celery task where steps
    run there (the sweep sends it again should it be lost), else here and now."""
    if backend() == "celery":
        current_app.send_task("tables.settle", (match_id,))
    else:
        settle.settle(match_id)


def _start_timer(loop: asyncio.AbstractEventLoop, delay: float, deal_id: int, version: int) -> None:
    def fire() -> None:
        task = loop.create_task(_run(deal_id, version), context=Context())
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)

    loop.call_later(delay, fire, context=Context())


async def _run(deal_id: int, version: int) -> None:
    if _taker is None:
        return
    with running():
        step = await database_sync_to_async(_taker.prepare)(deal_id, version)
        if step is None:
            return
        action = step.action
        if action is None:  # a bot thinks on its own thread, holding neither the loop nor the database
            action = await asyncio.get_running_loop().run_in_executor(_thinking(), step.decide)
        await database_sync_to_async(_taker.finish)(deal_id, version, step, action)


def _thinking() -> ThreadPoolExecutor:
    global _thinkers
    with _thinkers_lock:
        if _thinkers is None:
            _thinkers = ThreadPoolExecutor(max_workers=THINKERS, thread_name_prefix="tables-bots")
        return _thinkers


def run_pending(*, expire_clocks: bool = False, limit: int = 100_000) -> int:
    """Run the manual back end's queued steps until none is left; returns how many ran."""
    ran = 0
    while _pending and ran < limit and _taker is not None:
        deal_id, version = _pending.pop(0)
        _taker.advance(deal_id, version, expire_clocks=expire_clocks)
        ran += 1
    return ran


def clear_pending() -> None:
    """Forget queued manual steps (tests)."""
    _pending.clear()


def plan(deal_id: int, version: int) -> None:
    """Schedule the deal's next server step at the time it is due."""
    deal = Deal.objects.filter(pk=deal_id).first()
    if deal is None or deal.version != version:
        return
    if deal.status == Deal.Status.FINISHED:
        schedule(deal_id, version, between.delay(deal))
        return
    table = info.of_match(deal.match_id)
    if table is None:
        return
    with states.lock_of(deal_id):
        entry = states.state_of(deal)
        delay = delay_of(entry.state, table, entry.since, deal.game)
    schedule(deal_id, version, delay)


def delay_of(
    state: DealState, table: info.TableInfo, since: float, game_name: str, *, offers: bool = True
) -> float:
    """Seconds until the next server step: a paced draw, a bot's move or a person's clock running out.

    ``offers=False``: the bots already declined their optional actions at this version.
    """
    wait, paced = wait_of(state, table, game_name, offers=offers)
    return wait if paced else max(0.0, since + wait - states.now())


def wait_of(
    state: DealState, table: info.TableInfo, game_name: str, *, offers: bool = True
) -> tuple[float, bool]:
    """How long the next server step waits once the version is reached, and whether it is paced
    (a draw or a bot, counted from when it is planned) rather than a person's clock."""
    must = sorted(state.must_move())
    if not must:
        return pace("bot"), True
    if is_paced_draw(state, must[0], game_name):
        return pace("draw"), True
    optional = state.to_move() - state.must_move()
    if any(table.bot_of(s) for s in must) or (offers and any(table.bot_of(s) for s in optional)):
        return pace("bot"), True
    return float(table.seconds_per_decision), False


def is_paced_draw(state: DealState, seat: int, game_name: str) -> bool:
    """True when the seat's next step is drawing a card, which the server does at its own pace."""
    try:
        state.check(seat, get_game(game_name).parse_action("draw"))
    except EngineError:
        return False
    return True


def choose_step(
    state: DealState, table: Any, deal: Any, version: int, since: float, expire_clocks: bool
) -> Step | None:
    """The server's step: a bot's optional declaration, a paced draw, a bot's move, or a clock's.

    A bot's move is left to ``Step.decide``, on a copy of ``state``, for the caller to run
    once it has let go of the deal's lock."""
    game = get_game(deal.game)
    must = sorted(state.must_move())
    for seat in sorted(state.to_move() - state.must_move()):
        if table.bot_of(seat):
            offer = _bot(game, table.bot_of(seat), deal, version, seat).offer(state, seat)
            if offer is not None:
                return Step(seat, False, action=offer)
    if not must:
        return None
    if is_paced_draw(state, must[0], deal.game):
        return Step(must[0], False, action=game.parse_action("draw"))
    for seat in must:
        if table.bot_of(seat):
            return Step(
                seat, False, bot=_bot(game, table.bot_of(seat), deal, version, seat), state=state.copy()
            )
    if not expire_clocks and states.now() < since + table.seconds_per_decision - 0.05:
        return None
    seat = must[0]
    return Step(seat, True, bot=timeout_bot(game, deal, version, seat), state=state.copy())


def timeout_bot(game: Game, deal: Any, version: int, seat: int) -> Bot:
    """The bot that plays for a seat whose clock ran out, at the ``fast`` budget: the kind
    ``settings.TABLES_TIMEOUT_BOT`` names (the expert), else the heuristic bot."""
    kind = str(getattr(settings, "TABLES_TIMEOUT_BOT", "") or "expert")
    return _bot(game, kind if kind in game.bot_kinds() else "heuristic", deal, version, seat, budget="fast")


def _bot(game: Game, kind: str, deal: Any, version: int, seat: int, budget: str = "strong") -> Bot:
    # Seeded from the deal's secret so a bot's choices replay, yet nobody can predict them.
    return game.bot(kind, random.Random(f"{deal.seed}:{version}:{seat}"), budget)
