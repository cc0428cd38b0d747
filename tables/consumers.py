"""The table socket: translate protocol frames to table-service calls and views back (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from cardclub import engine_errors
from engine.core.errors import EngineError
from tables import timings
from tables.lobby_consumer import page_language
from tables.services import access, chat, events, lifecycle, live, moves, presence, ready, views, watching
from tables.services.errors import BadMessage, TableError
from tables.services.live import EncodedViews
from tables.workers import db

log = logging.getLogger(__name__)

MAX_FRAME = 4096
# The messages that change a table's life (lifecycle.py), each a function of that module.
LIFE = (
    "pause",
    "resume",
    "end",
    "leave",
    "sit",
    "substitute",
    "back",
)  # bytes; a move in notation is a few dozen


async def shared_frames(
    table_id: int, deal_id: int, version: int, seat: int | None, move: Any = None
) -> EncodedViews:
    """The encoded frames after an event, ``seat``'s among them, made once for all sockets of this
    process."""
    held = live.deal(deal_id)
    ready = held.frames(table_id, version, (seat,))
    if ready is not None:
        return ready  # made by the thread that applied the move: no thread hop at all
    future = held.rendering.get(version)
    if future is None:
        future = asyncio.ensure_future(db(views.encoded_views)(table_id, deal_id, version, move))
        held.rendering[version] = future
        # Kept briefly: every socket of the table on this node asks within milliseconds.
        asyncio.get_running_loop().call_later(5, held.rendering.pop, version, None)
    made = await future
    if seat not in made:  # made before this socket's seat was watched here
        made = await db(views.encoded_views)(table_id, deal_id, version, move, seats=(seat,))
    return made


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One socket at one table, as a seat or a spectator; sends only that seat's view."""

    table_id: int
    seat: int | None = None
    group: str = ""
    shown: tuple[int, int] = (-1, -1)
    counted = False
    person = False  # a seated person's socket (lifecycle.py: the deserted tables' deadline)
    watched: tuple[int | None] | None = None  # the seat counted in ``watching``, once joined
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
        """Accept, then sit members and visitors who may watch in their seat if they hold one, or
        close anyone else with 4401 or 4404.

        The handshake is answered before any database work: when a lost node's pages all reconnect
        to this one, a handshake kept waiting for its join query passed Daphne's connect timeout
        and failed (docs/deploy.md). No frame of the socket is handled before this returns, and a
        refused socket is accepted and closed anyway, so the page reads the close code
        (``access.refusal``)."""
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = page_language(self.scope.get("query_string", b""))
        user = self.scope.get("user")
        await self.accept()
        joined = await db(access.join)(self.table_id, user)
        if joined is None:
            await self.close(code=access.refusal(user))
            return
        self.group, self.seat = joined
        self.watch()
        events.register_loop(asyncio.get_running_loop())
        timings.start_probe()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_view(force=True)
        await db(access.arrived)(self.table_id, user)
        self.counted = True
        opening = await db(chat.history)(self.table_id, user)
        if opening is not None:
            await self.send_json(opening)
        if self.seat is not None:
            self.person = True
            await db(presence.arrive)(self.table_id, "people")

    async def disconnect(self, code: int) -> None:
        """Leave the table's group; the seat is held and its clock keeps running."""
        if self.watched is not None:
            watching.unwatch(self.table_id, self)
            self.watched = None
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.counted:
            await db(presence.leave)(self.table_id)
        if self.person and not await db(presence.leave)(self.table_id, "people"):
            await db(lifecycle.deserted)(self.table_id)

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
            elif kind in LIFE:
                await self.life(kind, content)
            elif kind == "chat":
                await db(chat.post)(self.table_id, self.scope.get("user"), content.get("text"))
            elif kind in ("mute", "unmute"):
                user, person = self.scope.get("user"), content.get("person")
                await self.send_json(await db(chat.mute)(self.table_id, user, person, kind == "mute"))
            else:
                raise BadMessage(
                    '"type" must be "act", "sync", "join", "next", "chat", "mute", "unmute" or one of '
                    + ", ".join(LIFE)
                )
        except chat.ChatRefused as exc:
            await self.send_error(exc, kind="chat_error")
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
            # One thread call applies the move and makes every seat's frame of the new version,
            # before the table's event goes out; this socket's comes back with it.
            applied = await db(moves.apply_move)(
                deal_id, self.seat, action, version, user_id=user_id, render=True
            )
        except (TableError, EngineError) as exc:
            await self.send_error(exc)
            await self.send_view(force=True)
            return
        if applied.frames is None:  # its commit was deferred (an outer transaction): ask as the others do
            await self.send_shared(applied.deal_id, applied.version)
            return
        await self.hand_out(applied.frames, applied.deal_id, applied.version)

    async def hand_out(self, frames: EncodedViews, deal: int, version: int) -> None:
        """Send this socket and the table's other sockets in this process their frames of the move
        this socket applied, straight from here: the move's event went to the other nodes only.

        Publishing it to this node too cost each socket a pass through the layer's receiver,
        Channels' queue and its dispatch (docs/performance.md). A socket whose seat the frames
        lack (it arrived after they were made) has them made again, after the others are sent.
        """
        late: list[TableConsumer] = []
        for socket in (self, *(s for s in watching.sockets(self.table_id) if s is not self)):
            if socket.seat not in frames:
                late.append(socket)
                continue
            try:
                await socket.send_frames(frames)
            except Exception:  # that socket's trouble, not this move's: its sync catches it up
                log.exception("a table frame was not sent")
        for socket in late:
            await socket.send_shared(deal, version)

    async def ready_for_next(self) -> None:
        """The seated person pressed "Next deal"; every socket of the table then shows who is ready."""
        if self.seat is None:
            raise access.spectator_error()
        await db(ready.press)(self.table_id, self.scope.get("user"))

    async def life(self, kind: str, content: dict[str, Any]) -> None:
        """A change of the table's life (lifecycle.py): pause, resume, end, leave, sit, substitute,
        back; every socket then reads its view again."""
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            raise access.spectator_error()
        seat, player = content.get("seat"), content.get("player")
        if kind in ("sit", "substitute") and type(seat) is not int:
            raise BadMessage('"seat" must be an integer')
        if kind == "substitute" and type(player) is not int:
            raise BadMessage('"player" must be an integer')
        seat, player = int(seat or 0), int(player or 0)
        if kind == "sit":
            await db(lifecycle.sit)(self.table_id, user, seat)
        elif kind == "substitute":
            await db(lifecycle.substitute)(self.table_id, user, seat, player)
        else:
            await db(getattr(lifecycle, kind))(self.table_id, user)
        if kind in ("leave", "sit"):
            self.seat = seat if kind == "sit" else None
            self.watch()
            if self.person != (kind == "sit"):
                self.person = kind == "sit"
                await db(presence.arrive if self.person else presence.leave)(self.table_id, "people")
            await self.send_view(force=True)

    async def join(self, content: dict[str, Any]) -> None:
        """Switch between watching and the user's own seat."""
        wanted = content.get("seat")
        if wanted is not None and type(wanted) is not int:
            raise BadMessage('"seat" must be an integer or null')
        user = self.scope.get("user")
        self.seat = await db(access.seat_for)(self.table_id, user, wanted)
        self.watch()
        await self.send_view(force=True)

    def watch(self) -> None:
        """Count this socket's seat in ``watching`` (the seats whose frames this process makes)."""
        if self.watched is not None and self.watched[0] == self.seat:
            return
        watching.watch(self.table_id, self.seat, self)  # a seat it showed before is replaced
        self.watched = (self.seat,)

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

    async def table_chat(self, event: dict[str, Any]) -> None:
        """A chat line was written: pass it on unless it is a spectator's during a deal and this is
        a seated person's socket (services/chat.py)."""
        # A socket opened as a spectator's, of a person seated since, is a player's too.
        if event.get("hidden") and (
            self.person or await db(chat.seated)(self.table_id, self.scope.get("user"))
        ):
            return
        await self.send_json({"type": "chat", "lines": [event["line"]]})

    async def send_shared(self, deal: int, version: int, move: Any = None) -> None:
        """Send this seat's entry of the frames computed once per event for the whole node."""
        await self.send_frames(await shared_frames(self.table_id, deal, version, self.seat, move))

    async def send_frames(self, frames: EncodedViews) -> None:
        """Send this seat's entry of a version's frames unless the socket shows that one or a newer."""
        shown, text = frames[self.seat]
        if shown <= self.shown:
            return
        self.shown = shown
        # Past the session middleware's wrapper, which has nothing to do for a frame (socket_auth.py).
        await self.scope.get("server_send", self.base_send)({"type": "websocket.send", "text": text})

    async def send_view(self, *, deal_id: int | None = None, version: int = -1, force: bool = False) -> None:
        """Send the seat's view unless the socket already shows that version."""
        frame = await db(views.table_view)(self.table_id, self.seat, deal_id=deal_id, version=version)
        shown = (frame.get("deal") or 0, frame.get("version") or 0)
        if not force and shown <= self.shown:
            return
        self.shown = max(self.shown, shown) if frame["type"] == "view" else self.shown
        await self.send_json(frame)

    async def send_error(self, exc: TableError | EngineError, kind: str = "error") -> None:
        """Send a typed error frame (``kind``: "chat_error" for the chat's), in the page's language."""
        with translation.override(self.language):
            frame = engine_errors.as_dict(exc) if isinstance(exc, EngineError) else exc.as_dict()
        await self.send_json({"type": kind, **frame})
