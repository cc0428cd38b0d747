"""Values every page's template needs."""

from __future__ import annotations

from django.http import HttpRequest

from cardclub.games import catalogue


def site(request: HttpRequest) -> dict[str, object]:
    """The games shown in the navigation."""
    return {"site_games": catalogue()}
