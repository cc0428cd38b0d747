"""Every endpoint ``bench/scale.py`` times runs as many queries on a larger federation as on a small one.

The federation is built with the bench's own loader (a bot-played pool of every format, copied
into clubs) at two sizes: a query count that grows with the data is an N+1 and fails here.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from bench import scale
from bench.scale_build import Loader, build_pool, derive, templates

SMALL, LARGE = (1, 8, 20), (3, 24, 90)  # (clubs, players, deals) copied from the pool


def counts(loader_size: tuple[int, int, int], seed: int) -> dict[str, int]:
    """Copy the pool into more clubs, derive standings and ratings, then count each endpoint's queries."""
    import random

    clubs, players, deals = loader_size
    loader = Loader(random.Random(seed), deals)
    loader.fill(loader.clubs(clubs, players, prefix=f"s{seed}"), templates())
    derive(loader.tournaments)
    subjects = scale.subjects()
    client = Client()
    out = {}
    for name, url in scale.ENDPOINTS.items():
        scale.get(client, url(subjects, 0))  # the first request fills per-process caches
        out[name] = scale.queries(client, url(subjects, 1))
    return out


@pytest.mark.django_db
def test_no_endpoint_runs_more_queries_on_a_larger_federation(settings: Any) -> None:
    """Each endpoint's queries are the same once the federation has more clubs, players and deals."""
    settings.LEAGUE_API_RATE = (10**9, 60)
    build_pool(deals_per_match=2, reviewed_games=1)
    small = counts(SMALL, 1)
    large = counts(LARGE, 2)
    grown = {name: (small[name], large[name]) for name in scale.ENDPOINTS if large[name] != small[name]}
    assert grown == {}
