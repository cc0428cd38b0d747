"""Channels' ``AuthMiddlewareStack`` with the user looked up on the tables' database threads.

Channels reads a socket's session and user through ``database_sync_to_async`` on its one shared
thread, so when the pages of a lost node all reconnect at once their handshakes queue behind one
another's PostgreSQL round trips: 200 sockets on two nodes waited up to 13 s for their user, past
Daphne's handshake timeout, and most failed (docs/deploy.md, "A node's peer lost"). Here the same
lookup, Django's own ``auth.get_user``, runs on ``workers.db``: in parallel on the pool, each thread
keeping its connection, and still on Channels' thread when the pool is off.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.contrib import auth

from tables.workers import db


def session_user(session: Any) -> Any:
    """The user a session is logged in as (``AnonymousUser`` when none), checked as a request's is."""
    return auth.get_user(SimpleNamespace(session=session))  # type: ignore[arg-type]


class PooledAuthMiddleware(AuthMiddleware):  # type: ignore[misc]
    """``scope["user"]`` from the session, looked up on the tables' database threads."""

    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        """Resolve the scope's lazy user before the consumer starts, as Channels' middleware does."""
        scope["user"]._wrapped = await db(session_user)(scope["session"])


class ServerSend:
    """Puts the server's own ``send`` in the scope (``server_send``), for the frames of a move.

    Channels' session middleware wraps every ``send`` of the socket to save the session before an
    HTTP response starts; a socket's frame is never that, so it may go to the server directly.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Serve the connection with ``server_send`` added to its scope."""
        return await self.inner({**scope, "server_send": send}, receive, send)


def socket_auth_stack(inner: Any) -> Any:
    """Cookies, the session and the user in the scope of every socket, as ``AuthMiddlewareStack``."""
    return ServerSend(CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(inner))))
