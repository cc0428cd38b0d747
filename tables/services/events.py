"""The small event that tells a table's (or a lobby's) sockets to re-read, and the loop that serves them.

Every socket of a table joins the table's channel group; after a commit the writer sends one
``{"type": "table.updated"}`` event and each socket fetches its own seat's view. The event loop
serving sockets in this process is remembered here, so that a worker thread hands the send to it
(and the asyncio back end of ``pacing`` runs its timers on it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tables import timings

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None


def register_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves sockets in this process."""
    global _loop
    _loop = loop


def forget_loop() -> None:
    """Forget the serving loop (tests: the last test's loop is closed)."""
    global _loop
    _loop = None


def registered_loop() -> asyncio.AbstractEventLoop | None:
    """The serving loop of this process while it is open, else ``None``."""
    loop = _loop
    return None if loop is None or loop.is_closed() else loop


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


def notify(
    group: str,
    deal_id: int,
    version: int,
    move: dict[str, Any] | None = None,
    *,
    soon: bool = False,
    elsewhere: bool = False,
) -> None:
    """Send the small group event that makes every socket of the table fetch its own view
    (``move``: the committed move that made ``version``, for ``LiveDeal.catch_up``; ``soon``: hand
    it to the layer's publisher thread instead of waiting for Redis, on a web node; ``elsewhere``:
    this process's sockets are handed their frames by the caller, see ``send``)."""
    message: dict[str, Any] = {"type": "table.updated", "deal": deal_id, "version": version}
    if move is not None:
        message["move"] = move
    if timings.ENABLED:
        message["published"] = time.time()  # for the fan-out figure of bench/live.py
    send(group, message, soon=soon, elsewhere=elsewhere)


def send(group: str, message: dict[str, Any], *, soon: bool = False, elsewhere: bool = False) -> None:
    """Send one event to every socket of ``group`` from any thread (``soon``: see ``notify``;
    ``elsewhere``: the sockets of this process are told without it, so a layer that can tell its
    own messages apart does not deliver it here; any other delivers it, and each socket's version
    drops what it already shows)."""
    layer = get_channel_layer()
    if layer is None:
        return
    if soon and hasattr(type(layer), "group_send_soon"):
        layer.group_send_soon(group, message, elsewhere=elsewhere)
        return
    if hasattr(type(layer), "group_send_blocking"):
        # cardclub.layers.PubSubLayer: one PUBLISH from this thread; the loop only fans out.
        try:
            with timings.measure("publish"):
                layer.group_send_blocking(group, message)
        except Exception:  # the move is committed: versions and sync bring the sockets up to date
            log.exception("a table event was not sent")
        return
    loop = serving_loop()
    if loop is not None:
        # Called from a worker thread of the process serving the sockets: hand the send to its
        # loop without waiting (blocking on it costs milliseconds per move); versions order events.
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        future.add_done_callback(_log_failure)
        return
    if serving_loop_gone():
        # A server step that outlived the loop serving this process's sockets: async_to_sync would
        # wait on that loop forever. Dropping the event is safe: versions and sync catch up.
        return
    async_to_sync(layer.group_send)(group, message)


def _log_failure(future: Any) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a table event was not sent", exc_info=future.exception())
