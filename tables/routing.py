"""WebSocket routes of the live tables."""

from django.urls import URLPattern, URLResolver, path

from tables.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
