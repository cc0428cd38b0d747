"""WebSocket routes of the league (live standings)."""

from django.urls import URLPattern, URLResolver, path

from league.consumers import StandingsConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/league/tournaments/<int:tournament_id>/standings/", StandingsConsumer.as_asgi()),
]
