"""WebSocket URL routes of every app."""

from __future__ import annotations

from django.urls import path

from cardclub.consumers import PulseConsumer
from league.routing import websocket_urlpatterns as league_routes
from tables.routing import websocket_urlpatterns as table_routes

websocket_urlpatterns = [
    path("ws/pulse/", PulseConsumer.as_asgi()),
    *league_routes,
    *table_routes,
]
