"""ASGI entry point served by Daphne: HTTP through Django, WebSockets through Channels."""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardclub.settings")
# Django must be set up before the routing (and the models it imports) is loaded.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from cardclub.routing import websocket_urlpatterns  # noqa: E402
from tables.socket_auth import socket_auth_stack  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(socket_auth_stack(URLRouter(websocket_urlpatterns))),
    }
)

# A full garbage collection of a node holding thousands of sockets and deal states stopped the
# event loop for 100-300 ms, every few seconds under load: the round trips' p99 was those pauses
# (docs/performance.md). What start-up made lives for good, so keep it out of every scan, and
# collect less often (almost everything is freed by reference counting, not by the collector).
gc.freeze()
gc.set_threshold(20_000, 50, 100)
