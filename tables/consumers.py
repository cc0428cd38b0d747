"""The table socket: translate protocol frames to table-service calls and views back (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from cardclub import engine_errors
from engine.core.errors import EngineError
from tables import timings
from tables.lobby_consumer import page_language
from tables.services import access, events, moves, presence, ready, views
from tables.services.errors import BadMessage, TableError
from tables.workers import db

MAX_FRAME = 4096  # bytes; a move in notation is a few dozen


_shared: dict[tuple[int, int, int], asyncio.Future[views.EncodedViews]] = {}


async def shared_frames(table_id: int, deal_id: int, version: int, move: Any = None) -> views.EncodedViews:
    """The encoded frames of every seat after an event, computed once for all sockets of this process."""
    ready = views.rendered(table_id, deal_id, version)
    if ready is not None:
        return ready  # made by the thread that applied the move: no thread hop at all
    key = (table_id, deal_id, version)
    future = _shared.get(key)
    if future is None:
        future = asyncio.ensure_future(db(views.encoded_views)(table_id, deal_id, version, move))
        _shared[key] = future
        # Kept briefly: every socket of the table on this node asks within milliseconds.
        asyncio.get_running_loop().call_later(5, _shared.pop, key, None)
    return await future


def act_and_render(
    table_id: int, deal_id: int, seat: int, action: str, version: int, user_id: int | None
) -> moves.Applied:
    """Apply a seat's move and make the new frames of every seat in the same thread call, before
    the table's event goes out (the second call finds them made, or makes them for a table whose
    facts were not at hand)."""
    applied = moves.apply_move(deal_id, seat, action, version, user_id=user_id, render=True)
    views.encoded_views(table_id, applied.deal_id, applied.version)
    return applied


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One socket at one table, as a seat or a spectator; sends only that seat's view."""

    table_id: int
    seat: int | None = None
    group: str = ""
    shown: tuple[int, int] = (-1, -1)
    counted = False
    language = "en"  # the page's (``?lang=``): a socket has no locale middleware

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Hand a message to its handler.

        Channels first runs ``close_old_connections`` on its shared sync thread for every message
        (a thread hop per frame and per group event); this consumer touches the database only
        through ``workers.db``, which closes old connections around each call itself.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        """Accept members and visitors who may watch, sitting the user in their seat if they hold one;
        close anyone else with 4401 or 4404."""
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = page_language(self.scope.get("query_string", b""))
        user = self.scope.get("user")
        joined = await db(access.join)(self.table_id, user)
        if joined is None:
            await self.accept()  # then close with a code the page can read (access.refusal)
            await self.close(code=access.refusal(user))
            return
        self.group, self.seat = joined
        events.register_loop(asyncio.get_running_loop())
        timings.start_probe()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_view(force=True)
        await db(access.arrived)(self.table_id, user)
        self.counted = True

    async def disconnect(self, code: int) -> None:
        """Leave the table's group; the seat is held and its clock keeps running."""
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.counted:
            await db(presence.leave)(self.table_id)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Refuse oversized, binary or non-JSON frames with an error; the socket stays open."""
        if text_data is None or len(text_data) > MAX_FRAME:
            await self.send_error(BadMessage("send one JSON object of at most 4 KB as text"))
            return
        try:
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            await self.send_error(BadMessage("the frame is not JSON"))
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Dispatch one message: ``act``, ``sync``, ``join`` or ``next``, in the page's language."""
        with translation.override(self.language):
            await self.dispatch_json(content)

    async def dispatch_json(self, content: Any) -> None:
        """Run one message's handler; a refusal becomes an error frame."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            if kind == "act":
                await self.act(content)
            elif kind == "sync":
                await self.send_view(force=True)
            elif kind == "join":
                await self.join(content)
            elif kind == "next":
                await self.ready_for_next()
            else:
                raise BadMessage('"type" must be "act", "sync", "join" or "next"')
        except (TableError, EngineError) as exc:
            await self.send_error(exc)

    async def act(self, content: dict[str, Any]) -> None:
        """Apply the seat's move through the table service, then answer with the seat's view."""
        action, version = content.get("action"), content.get("version")
        if not isinstance(action, str) or not 0 < len(action) <= 200:
            raise BadMessage('"action" must be a move in notation')
        if type(version) is not int:
            raise BadMessage('"version" must be an integer')
        if self.seat is None:
            raise access.spectator_error()
        user_id = getattr(self.scope.get("user"), "pk", None)
        deal_id = self.shown[0] if self.shown[0] > 0 and "deal" not in content else None
        if deal_id is None:
            deal_id = await db(access.current_deal)(self.table_id, content.get("deal"))
        try:
            applied = await db(act_and_render)(self.table_id, deal_id, self.seat, action, version, user_id)
        except (TableError, EngineError) as exc:
            await self.send_error(exc)
            await self.send_view(force=True)
            return
        await self.send_shared(applied.deal_id, applied.version)

    async def ready_for_next(self) -> None:
        """The seated person pressed "Next deal"; every socket of the table then shows who is ready."""
        if self.seat is None:
            raise access.spectator_error()
        await db(ready.press)(self.table_id, self.scope.get("user"))

    async def join(self, content: dict[str, Any]) -> None:
        """Switch between watching and the user's own seat."""
        wanted = content.get("seat")
        if wanted is not None and type(wanted) is not int:
            raise BadMessage('"seat" must be an integer or null')
        user = self.scope.get("user")
        self.seat = await db(access.seat_for)(self.table_id, user, wanted)
        await self.send_view(force=True)

    async def table_updated(self, event: dict[str, Any]) -> None:
        """A move was committed (or the lobby changed): send this socket's own view."""
        deal, version = event.get("deal", 0), event.get("version", 0)
        if not deal:
            await self.send_view(force=True)
            return
        if (deal, version) <= self.shown:
            return  # already showing this version or a newer one
        await self.send_shared(deal, version, event.get("move"))
        if "published" in event:
            timings.record("fanout", time.time() - event["published"])

    async def send_shared(self, deal: int, version: int, move: Any = None) -> None:
        """Send this seat's entry of the frames computed once per event for the whole node."""
        frames = await shared_frames(self.table_id, deal, version, move)
        shown, text = frames.get(self.seat, frames[None])
        if shown <= self.shown:
            return
        self.shown = shown
        await self.send(text_data=text)

    async def send_view(self, *, deal_id: int | None = None, version: int = -1, force: bool = False) -> None:
        """Send the seat's view unless the socket already shows that version."""
        frame = await db(views.table_view)(self.table_id, self.seat, deal_id=deal_id, version=version)
        shown = (frame.get("deal") or 0, frame.get("version") or 0)
        if not force and shown <= self.shown:
            return
        self.shown = max(self.shown, shown) if frame["type"] == "view" else self.shown
        await self.send_json(frame)

    async def send_error(self, exc: TableError | EngineError) -> None:
        """Send a typed error frame, its message in the page's language."""
        with translation.override(self.language):
            frame = engine_errors.as_dict(exc) if isinstance(exc, EngineError) else exc.as_dict()
        await self.send_json({"type": "error", **frame})
