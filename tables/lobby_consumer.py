"""The club lobby socket: re-reads and sends the lobby's rows whenever a table of the club changes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from league import access
from league.models import Club
from tables.services import events
from tables.services.access import refusal
from tables.services.lobby_rows import lobby_group, lobby_tables


def club_for(slug: str, user: Any) -> Club | None:
    """The club whose lobby ``user`` may watch, or ``None``."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(user, club):
        return None
    return club


def rows_html(club: Club, user: Any, language: str) -> str:
    """The lobby's rows ``user`` may see, rendered with the page's own partial template in ``language``."""
    with translation.override(language):
        return render_to_string("tables/lobby_rows.html", {"tables": lobby_tables(club, user)})


def page_language(query: bytes) -> str:
    """The language the page asked for (``?lang=``), if the site offers it."""
    offered = {code for code, _name in settings.LANGUAGES}
    for part in query.decode("ascii", "replace").split("&"):
        key, _sep, value = part.partition("=")
        if key == "lang" and value in offered:
            return value
    return str(settings.LANGUAGE_CODE)


class LobbyConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """One socket watching a club's lobby; group events are small, the rows are re-read here."""

    club: Club | None = None
    group = ""
    language = "en"
    shown = ""
    dirty = False
    busy = False

    async def connect(self) -> None:
        """Accept anyone who may see the club; send the rows at once."""
        slug = self.scope["url_route"]["kwargs"]["slug"]
        self.club = await database_sync_to_async(club_for)(slug, self.scope.get("user"))
        if self.club is None:
            await self.accept()  # then close with a code the page can read (tables.services.access.refusal)
            await self.close(code=refusal(self.scope.get("user")))
            return
        self.language = page_language(self.scope.get("query_string", b""))
        self.group = lobby_group(self.club.pk)
        # Lobby events are sent from worker threads through the loop that serves this process's sockets.
        events.register_loop(asyncio.get_running_loop())
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.refresh()

    async def disconnect(self, code: int) -> None:
        """Leave the lobby's group."""
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Frames that are not small JSON text are answered like any unknown message."""
        try:
            content = json.loads(text_data) if text_data is not None and len(text_data) <= 1024 else None
        except (ValueError, RecursionError):
            content = None
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The only message a client sends is ``{"type": "sync"}``; anything else gets an error."""
        if isinstance(content, dict) and content.get("type") == "sync":
            self.shown = ""
            await self.refresh()
            return
        await self.send_json({"type": "error", "code": "bad_message", "message": '"type" must be "sync"'})

    async def table_updated(self, event: dict[str, Any]) -> None:
        """A table of the club opened, changed seats, started or finished: re-read the rows."""
        await self.refresh()

    async def refresh(self) -> None:
        """Send the rows if they changed; events arriving meanwhile fold into one more read."""
        self.dirty = True
        if self.busy:
            return
        self.busy = True
        try:
            while self.dirty:
                self.dirty = False
                assert self.club is not None
                html = await database_sync_to_async(rows_html)(
                    self.club, self.scope.get("user"), self.language
                )
                if html != self.shown:
                    self.shown = html
                    await self.send_json({"type": "lobby", "rows": html})
        finally:
            self.busy = False
