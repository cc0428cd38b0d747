"""The fuzz walk (tests/league_site/fuzzing.py) over every page: each query and path parameter."""

from __future__ import annotations

from league.models import Tournament
from tests.league_site import fuzzing

pytestmark = fuzzing.MARKS


def test_no_query_or_path_parameter_gives_a_5xx(tractor_round: Tournament) -> None:
    """Each query parameter a page reads and each path segment, with each nasty value."""
    fuzzing.walk_queries(tractor_round)
