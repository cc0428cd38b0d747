"""After a commit, the one call that tells a table's sockets: ``table_event``.

It sends the small group event (``events.notify``) and, on a node that serves the table's
sockets (``render``), first makes every seat's frame of the new version once, held by the live
deal: the socket that moved gets them back with its move and hands each socket of the table on
this node its own (``handed``: the event is then for the other nodes only), so a version is
rendered once per node. Other nodes render on the event's arrival (``views.encoded_views``); a
worker applying a server step renders nothing.
"""

from __future__ import annotations

from typing import Any

from tables.services import events, views
from tables.services.info import TableInfo
from tables.services.live import EncodedViews


def group_of(table_id: int) -> str:
    """The channel group every socket of the table joins."""
    return f"table-{table_id}"


def table_event(
    table_id: int,
    deal_id: int = 0,
    version: int = 0,
    move: dict[str, Any] | None = None,
    *,
    render: bool = False,
    facts: TableInfo | None = None,
    handed: bool = False,
) -> EncodedViews | None:
    """Tell the table's sockets that ``deal_id`` reached ``version`` (``0, 0``: the seats or the
    lobby changed; each socket reads its view again); with ``render``, the frames made first
    (``facts``: the table's, when the caller has just read them; ``handed``: the caller hands
    them to this node's sockets itself, so the event is for the other nodes)."""
    frames = views.encoded_views(table_id, deal_id, version, facts=facts) if render and deal_id else None
    # Frames first: the event never reaches this node's sockets before they exist, and it is
    # queued for the layer's publisher thread rather than waited for (cardclub/layers.py).
    handed = handed and frames is not None
    events.notify(group_of(table_id), deal_id, version, move, soon=render, elsewhere=handed)
    return frames


def chat_event(table_id: int, line: dict[str, Any], *, hidden_from_players: bool) -> None:
    """Send one chat line to the table's sockets; each socket passes it on to its page unless
    ``hidden_from_players`` and it is a seated person's (services/chat.py)."""
    events.send(group_of(table_id), {"type": "table.chat", "line": line, "hidden": hidden_from_players})
