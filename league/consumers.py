"""Live standings: a socket per tournament page that hears when the stored standings changed.

The event carries only the tournament id and the standings version; the page then refetches the
standings fragment over HTTP, where the usual permission rules apply.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from league import access
from league.models import Tournament
from league.tasks import standings_group


@database_sync_to_async  # type: ignore[untyped-decorator]  # Channels ships no type hints
def visible_version(user: Any, tournament_id: int) -> int | None:
    """The standings version if the user may see the tournament, else ``None``."""
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not access.can_view_tournament(user, tournament):
        return None
    return tournament.standings_version


class StandingsConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """Joins the tournament's group; forwards ``standings.updated`` events as they come."""

    async def connect(self) -> None:
        """Refuse tournaments the user may not see; otherwise join and send the current version."""
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        version = await visible_version(self.scope.get("user"), self.tournament_id)
        if version is None:
            await self.close(code=4404)
            return
        self.group = standings_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "standings", "tournament": self.tournament_id, "version": version})

    async def disconnect(self, code: int) -> None:
        """Leave the group."""
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients only listen."""
        await self.send_json({"type": "error", "code": "read_only", "message": "this socket only sends"})

    async def standings_updated(self, event: dict[str, Any]) -> None:
        """Tell the page which version to fetch."""
        await self.send_json(
            {"type": "standings", "tournament": event["tournament"], "version": event["version"]}
        )

    async def round_updated(self, event: dict[str, Any]) -> None:
        """Tell the page that a table of this round changed: it fetches the round's tables again."""
        await self.send_json({"type": "round", "tournament": event["tournament"], "round": event["round"]})
