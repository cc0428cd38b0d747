"""A federation's years on one PostgreSQL database: every page and API list timed as the server sees it.

    .venv/bin/python bench/scale.py [--scale 1] [--repeat 20] [--database NAME] [--keep]

Builds the federation by bulk loading (``bench/scale_build.py``): by default 50 clubs, 10,000
players, 1,000,000 deals in 100,000 matches of ten deals (``--scale F`` builds the fraction F,
at least one club, eight players and ten deals). Deals are full move records from the engine's
heuristic bots: a pool of bot-played tournaments of every format and game, played once through
the site's services (as ``manage.py demo_data`` plays its own), is copied with PostgreSQL
``COPY`` (``bench/bulk.py``) with the seats renamed to each club's players. Standings and
ratings come from the services; a share of the deals (5%) carries a copy of the real review
(fast budget) of the pool deal it repeats. Below ``--scale 0.01`` only the Si Se Pai pool deal
is reviewed (the review of one deal takes 8-20 s on a loaded machine), at or above it one deal
of each game.

Then every endpoint of ``ENDPOINTS`` is requested in-process with Django's test ``Client``
against the real URL conf, as an anonymous visitor (every club is public): once cold, then
``--repeat`` times warm. Cold means Django's cache cleared and the database connection closed,
so the request opens a new connection with empty per-connection caches; PostgreSQL's shared
buffers and the OS page cache stay warm (the server is shared, and cannot be restarted). Queries
are counted with ``CaptureQueriesContext`` on a warm request. Prints one JSON line per endpoint,
``{"endpoint", "p50_ms", "p95_ms", "cold_ms", "queries"}``, then a summary line ``{"scale":
{...}}``: deals, players, matches, bytes per deal (``pg_total_relation_size`` of the tables
holding a deal's record, ``league_deal`` with its packed records and ``league_move``, indexes
and TOAST included; ``database_bytes_per_deal``: the whole database over the deals), the
worst p95 and its endpoint, the full Elo recompute's seconds (every family, through
``league.services.ratings.recompute_family``), a new match result's standings and rating update
through the services in milliseconds, the build's seconds (``build_steps_s``: playing the pool,
the ``COPY`` of the copies, making the indexes and constraints again, ``VACUUM (ANALYZE)``, the
standings; the Elo recompute is ``elo_recompute_s``) and deals per second, the process's CPU
seconds and the load average.

The database is created (``scale_<pid>`` on the server of ``DATABASE_URL``, else
``postgres://postgres@127.0.0.1:5432``) and dropped at the end, unless ``--database NAME`` names
one to use or ``--keep`` keeps it. Any error, or any endpoint answering other than 200, exits
non-zero. Redis is not used: Celery runs eagerly, as in the embedded default.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
DEAL_TABLES = ("league_deal", "league_move")


def server_url(name: str) -> str:
    """The URL of database ``name`` on the server ``DATABASE_URL`` points at."""
    parts = urlsplit(os.environ.get("DATABASE_URL") or DEFAULT_SERVER)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin(sql: str) -> None:
    """Run one statement on the server's ``postgres`` database, outside a transaction."""
    import psycopg

    with psycopg.connect(server_url("postgres"), autocommit=True) as conn:
        conn.execute(sql)


def setup_django(name: str) -> None:
    """Point Django at database ``name`` (no Redis: eager Celery, local cache) and migrate it."""
    os.environ["DATABASE_URL"] = server_url(name)
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardclub.settings")
    import logging

    import django

    django.setup()
    logging.getLogger("celery").setLevel(logging.WARNING)  # every eager task would log a line
    from django.conf import settings
    from django.core.management import call_command

    # The API's rate limit would answer 429 to the repeated requests of one "client".
    settings.LEAGUE_API_RATE = (10**9, 60)
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", "--noinput", verbosity=0)


# -- what a visitor reaches ---------------------------------------------------------------------------


def subjects() -> dict[str, Any]:
    """The rows the endpoints are about: the busiest player, club and tournament, a reviewed deal."""
    from django.db.models import Count

    from league.models import Club, Deal, Player, Tournament
    from replays.models import Review

    player = Player.objects.annotate(n=Count("seats__match__deals")).order_by("-n", "pk").first()
    club = Club.objects.annotate(n=Count("matches__deals")).order_by("-n", "pk").first()
    tournament = Tournament.objects.annotate(n=Count("matches")).order_by("-n", "pk").first()
    reviewed = Review.objects.filter(status="done").order_by("-pk").values_list("deal_id", flat=True).first()
    deals = list(
        Deal.objects.filter(status="finished", game="tractor")
        .order_by("-pk")
        .values_list("pk", flat=True)[:50]
    )
    assert player and club and tournament and reviewed and deals, "the federation is missing rows"
    return {"player": player, "club": club, "tournament": tournament, "reviewed": reviewed, "deals": deals}


def first_match(s: dict[str, Any]) -> int:
    """The busiest tournament's first table."""
    return s["tournament"].matches.order_by("pk").values_list("pk", flat=True).first()  # type: ignore[no-any-return]


def rankings_deep(s: dict[str, Any]) -> str:
    """The API's rankings fifty rows before the end of the list."""
    from league.models import PlayerRating

    rows = PlayerRating.objects.filter(family="tractor").count()
    return f"/api/rankings/tractor?limit=50&offset={max(0, rows - 50)}"


def t_args(s: dict[str, Any]) -> list[str]:
    """The busiest tournament's URL arguments."""
    return [s["tournament"].club.slug, s["tournament"].slug]


URL = Callable[[dict[str, Any], int], str]
# Endpoint → its URL from the subjects and the repetition (a replay's data: a deal never requested before).
ENDPOINTS: dict[str, URL] = {
    "rankings": lambda s, i: reverse("rankings", args=["tractor"]),
    "rankings_filtered": lambda s, i: (
        reverse("rankings", args=["tractor"]) + f"?club={s['club'].pk}&days=3650&min_games=2"
    ),
    "rankings_deep_page": lambda s, i: reverse("rankings", args=["tractor"]) + "?page=last",
    "player": lambda s, i: reverse("player-detail", args=[s["player"].pk]),
    "player_deals": lambda s, i: reverse("player-deals", args=[s["player"].pk]),
    "player_deals_filtered": lambda s, i: reverse("player-deals", args=[s["player"].pk]) + "?game=tractor",
    "player_deals_deep_page": lambda s, i: reverse("player-deals", args=[s["player"].pk]) + "?page=last",
    "club_list": lambda s, i: reverse("club-list"),
    "club": lambda s, i: reverse("club-detail", args=[s["club"].slug]),
    "club_deals": lambda s, i: reverse("club-deals", args=[s["club"].slug]),
    "club_deals_filtered": lambda s, i: (
        reverse("club-deals", args=[s["club"].slug]) + "?game=tractor&since=2017-01-01"
    ),
    "club_deals_deep_page": lambda s, i: reverse("club-deals", args=[s["club"].slug]) + "?page=last",
    "tournament": lambda s, i: reverse("tournament-detail", args=t_args(s)),
    "standings": lambda s, i: reverse("tournament-standings", args=t_args(s)),
    "match": lambda s, i: reverse("match-detail", args=[first_match(s)]),
    "match_replays": lambda s, i: reverse("match-replays", args=[first_match(s)]),
    "replay_page": lambda s, i: reverse("deal-viewer", args=[s["deals"][0]]),
    "replay_data": lambda s, i: reverse("deal-steps", args=[s["deals"][i % len(s["deals"])]]),
    "deal_record": lambda s, i: reverse("deal-export", args=[s["deals"][0]]),
    "review": lambda s, i: reverse("review-status", args=[s["reviewed"]]),
    "api_clubs": lambda s, i: "/api/clubs",
    "api_club_tournaments": lambda s, i: f"/api/clubs/{s['club'].slug}/tournaments",
    "api_tournament": lambda s, i: f"/api/tournaments/{s['tournament'].pk}",
    "api_standings": lambda s, i: f"/api/tournaments/{s['tournament'].pk}/standings",
    "api_rankings": lambda s, i: "/api/rankings/tractor?limit=50",
    "api_rankings_deep": lambda s, i: rankings_deep(s),
    "api_player_ratings": lambda s, i: f"/api/players/{s['player'].pk}/ratings",
    "api_review": lambda s, i: f"/api/deals/{s['reviewed']}/review",
}


def reverse(name: str, args: list[Any] | None = None) -> str:
    """The path of URL ``name``."""
    from django.urls import reverse as django_reverse

    return django_reverse(name, args=args)


def queries(client: Any, url: str) -> int:
    """How many queries one warm GET of ``url`` runs."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        get(client, url)
    return len(captured)


def get(client: Any, url: str) -> float:
    """Seconds one GET took; raises on any status but 200 (streamed bodies read to the end)."""
    started = time.perf_counter()
    response = client.get(url)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"GET {url} answered {response.status_code}: {body[:200]!r}")
    return elapsed


def cold() -> None:
    """Forget what the process and its connection hold: Django's cache and the database session."""
    from django.core.cache import cache
    from django.db import connections

    cache.clear()
    connections.close_all()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def measure(name: str, s: dict[str, Any], repeat: int) -> dict[str, Any]:
    """One endpoint's line: warm p50 and p95, the cold request, and a warm request's queries."""
    from django.test import Client

    client = Client()
    url = ENDPOINTS[name]
    cold()
    cold_s = get(client, url(s, 0))
    warm = [get(client, url(s, i + 1)) for i in range(repeat)]
    count = queries(client, url(s, repeat + 1))
    return {
        "endpoint": name,
        "p50_ms": round(statistics.median(warm) * 1000, 1),
        "p95_ms": round(percentile(warm, 0.95) * 1000, 1),
        "cold_ms": round(cold_s * 1000, 1),
        "queries": count,
    }


# -- the summary ----------------------------------------------------------------------------------------


def bytes_per_deal(tables: tuple[str, ...] = DEAL_TABLES) -> int:
    """Stored bytes of ``tables`` (the deal tables, packed records in ``league_deal``), indexes and
    TOAST included, per deal; ``()``: the whole database."""
    from django.db import connection

    from league.models import Deal

    sizes = " + ".join(f"pg_total_relation_size('{t}')" for t in tables)
    sizes = sizes or "pg_database_size(current_database())"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sizes}")
        (total,) = cursor.fetchone()
    return round(total / max(1, Deal.objects.count()))


def new_result_ms() -> float:
    """A new result at the end of the history: the match finishes, its standings and ratings update."""
    from django.db import transaction

    from league.models import Match
    from league.services import ratings, results, standings

    source = (
        Match.objects.filter(status="finished", tournament__status="finished")
        .exclude(tournament__format__startswith="duplicate")
        .order_by("-finished_at")
        .first()
    )
    assert source is not None
    with transaction.atomic():
        match = clone_unfinished(source)
    started = time.perf_counter()
    with transaction.atomic():
        results.match_finished(match.pk, derive=False)
        standings.update(match.tournament_id)
        outcome = ratings.rate_match(match.pk)
    elapsed = time.perf_counter() - started
    if outcome != "applied":
        raise RuntimeError(f"the new result was {outcome}, not rated incrementally")
    return round(elapsed * 1000, 1)


def clone_unfinished(source: Any) -> Any:
    """A copy of ``source`` as a new table of its round, its deals played and the match not yet finished."""
    from bench.scale_build import copied
    from league.models import Match, MatchSeat

    seats = list(source.seats.all())
    match = copied(
        source,
        table_number=source.table_number + 100,
        status=Match.Status.PLAYING,
        result=None,
        started_at=source.finished_at,
        finished_at=None,
    )
    match.save()
    MatchSeat.objects.bulk_create(copied(s, match_id=match.pk) for s in seats)
    for deal in source.deals.order_by("number"):
        copied(deal, match_id=match.pk).save()  # finished: its record is packed on the row
    return match


def load() -> list[float]:
    """The load average over 1, 5 and 15 minutes."""
    return [round(x, 2) for x in os.getloadavg()]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Build, time every endpoint (printing its line) and return the summary."""
    from bench.scale_build import Size, build
    from league.models import Deal, Match, Player

    size = Size.at(args.scale)
    built = build(size, reviewed_games=5 if args.scale >= 0.01 else 1)
    s = subjects()
    lines = [measure(name, s, args.repeat) for name in ENDPOINTS]
    for line in lines:
        print(json.dumps(line), flush=True)
    worst = max(lines, key=lambda line: line["p95_ms"])
    return {
        "deals": Deal.objects.count(),
        "players": Player.objects.count(),
        "matches": Match.objects.count(),
        "bytes_per_deal": bytes_per_deal(),
        "database_bytes_per_deal": bytes_per_deal(()),
        "worst_p95_ms": worst["p95_ms"],
        "worst_endpoint": worst["endpoint"],
        "elo_recompute_s": built["elo_recompute_s"],
        "new_result_ms": new_result_ms(),
        "build_s": built["build_s"],
        "build_steps_s": {k: built[k] for k in ("pool_s", "copy_s", "index_s", "analyze_s", "standings_s")},
        "build_deals_per_s": built["deals_per_s"],
        # This process's CPU seconds (PostgreSQL's not included): on a shared machine the wall
        # times above stretch with the load, this much less.
        "cpu_s": round(time.process_time(), 1),
        "load": load(),
    }


def main() -> int:
    """Create the database, run, print the summary, drop the database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the default size")
    parser.add_argument("--repeat", type=int, default=20, help="warm requests per endpoint")
    parser.add_argument("--database", help="use (and keep) this existing, empty database")
    parser.add_argument("--keep", action="store_true", help="keep the database made for the run")
    args = parser.parse_args()
    with bench_database("scale", args.database, args.keep):
        summary = run(args)
        print(json.dumps({"scale": summary}), flush=True)
    return 0


@contextmanager
def bench_database(prefix: str, given: str | None, keep: bool) -> Iterator[str]:
    """Django on database ``given`` (kept), or on a new ``<prefix>_<pid>``, dropped unless ``keep``."""
    name = given or f"{prefix}_{os.getpid()}"
    if not given:
        admin(f'CREATE DATABASE "{name}"')
    try:
        setup_django(name)
        yield name
    finally:
        if not (given or keep):
            from django.db import connections

            connections.close_all()
            admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    sys.exit(main())
