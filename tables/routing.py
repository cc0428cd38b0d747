"""WebSocket routes of the live tables and the club lobbies."""

from django.urls import URLPattern, URLResolver, path

from tables.consumers import TableConsumer
from tables.lobby_consumer import LobbyConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/clubs/<slug:slug>/tables/", LobbyConsumer.as_asgi()),
]
