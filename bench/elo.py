"""The ratings at a federation's size: a full Elo recompute of every family, and one new result.

    .venv/bin/python bench/elo.py [--matches 100000] [--deals 1] [--new 20] [--profile] [--keep]
    .venv/bin/python bench/elo.py --database elo_1234    # time again on a database a --keep run built
    .venv/bin/python bench/elo.py --database scale_copy --recompute-only   # any built database

Builds ``--matches`` synthetic rated matches straight into a PostgreSQL database of its own
(``elo_<pid>`` on the server of ``DATABASE_URL``, else ``postgres://postgres@127.0.0.1:5432``;
created and dropped as ``bench/scale.py`` does): 10,000 players in 50 clubs, the matches shared
equally by the five games (Shengji, Tractor, San Da Ha by their places; Zhao Pengyou and Si Se Pai
rated deal by deal, each match with ``--deals`` finished deals whose results name the winners, 5%
of Si Se Pai's void), spread over ten years, in finished tournaments of six rounds of two tables.
Match and deal results are JSON of the shape the engine stores (the fields the ratings and
standings read, and a deal's per-seat lists), not played deals: ``bench/scale.py`` times a
federation of real bot records.

Then, printing one JSON line each:

- ``recompute``: ``league.services.ratings.recompute_family`` for every family, twice: first over
  a new database's empty rating tables (every change written), then again with every change
  stored (the case of a correction: the fold reruns, only what differs is written). Wall seconds
  per family and in total, this process's CPU seconds and the PostgreSQL backend's (read from
  ``/proc`` when the server runs on this machine), the changes stored before and after, and how
  many rows it wrote (a changed row is written again; over unchanged stored changes, none).
- ``new_result``: ``--new`` new results, cycling over the games, each a finished match at the end
  of the history in a tournament's last round: ``standings.update`` and ``ratings.rate_match``
  (which must apply it incrementally) in one transaction, p50 and worst in ms, this process's
  CPU ms (p50), and the queries each ran (none reads the family's other rows:
  ``tests/league_site/test_rating_queries.py``).

``--recompute-only`` (with ``--database``) runs one recompute over the database's stored changes
and nothing else, so that it may time a federation ``bench/scale.py --keep`` built (whose tables
the new results would disturb).

``--profile`` prints the 25 costliest functions (cumulative) of the second recompute.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scale import bench_database, load  # noqa: E402

SEATS = {"shengji": 4, "tractor": 4, "sandaha": 4, "zhaopengyou": 6, "sisepai": 4}
PER_DEAL = ("zhaopengyou", "sisepai")
CLUBS, PLAYERS, ROUNDS, TABLES, YEARS = 50, 10_000, 6, 2, 10
BATCH = 5_000
SEED = 2026


def match_result(game: str, seats: int, rng: random.Random, deals: int) -> dict[str, Any]:
    """A finished match's result JSON (``typed_rows.MatchResult``): places, score and winners by seat."""
    if game in ("shengji", "tractor"):
        team = rng.randrange(2)
        places = [1 if s % 2 == team else 2 for s in range(seats)]
    else:
        places = [1 + rng.randrange(seats) for _ in range(seats)]
        places = [1 + sorted(places).index(p) for p in places]  # competition ranking, ties shared
    score = [rng.randrange(-20, 40) for _ in range(seats)]
    out: dict[str, Any] = {
        "winners": [s for s in range(seats) if places[s] == 1],
        "score": score,
        "places": places,
        "deals": deals,
    }
    if game == "zhaopengyou":
        out["levels"] = [rng.randrange(0, 6) for _ in range(seats)]
        out["game_points"] = [rng.randrange(0, 200) for _ in range(seats)]
    return out


def deal_result(game: str, seats: int, rng: random.Random) -> dict[str, Any]:
    """A finished deal's result JSON of a game rated deal by deal (``league/deal_ratings.py``)."""
    score = [rng.randrange(-12, 13) for _ in range(seats)]
    if game == "sisepai":
        winner = None if rng.random() < 0.05 else rng.randrange(seats)
        return {
            "outcome": "void" if winner is None else "win",
            "winner": winner,
            "deal_winners": [] if winner is None else [winner],
            "score": score,
            "payments": [[rng.randrange(0, 8) for _ in range(seats)] for _ in range(seats)],
            "melds": [[rng.randrange(0, 30) for _ in range(4)] for _ in range(seats)],
        }
    declarer = rng.randrange(seats)
    team = {declarer, *rng.sample(range(seats), rng.randrange(0, 3))}
    made = rng.random() < 0.5
    winners = sorted(team if made else set(range(seats)) - team)
    return {
        "outcome": "played",
        "declarer": declarer,
        "friends": sorted(team - {declarer}),
        "deal_winners": winners,
        "score": score,
        "defenders_points": rng.randrange(0, 200),
        "levels_up": [rng.randrange(0, 3) for _ in range(seats)],
        "kitty": [rng.randrange(0, 108) for _ in range(8)],
        "tricks": [[rng.randrange(0, seats), rng.randrange(0, 30)] for _ in range(17)],
    }


def build(matches: int, deals: int, rng: random.Random) -> dict[str, int]:
    """Clubs, players, finished tournaments and their matches (and rated deals) in bulk."""
    from django.db import transaction
    from django.utils import timezone

    from league.models import Club, Deal, Entry, Match, MatchSeat, Player, Round, Tournament

    with transaction.atomic():
        clubs = Club.objects.bulk_create(
            Club(name=f"Club {i:03}", slug=f"club-{i:03}", is_public=True) for i in range(CLUBS)
        )
        per_club = PLAYERS // CLUBS
        players = Player.objects.bulk_create(
            (Player(club=c, name=f"Player {c.pk}-{k:04}") for c in clubs for k in range(per_club)),
            batch_size=BATCH,
        )
        by_club = [players[i * per_club : (i + 1) * per_club] for i in range(CLUBS)]
    start = timezone.now() - timedelta(days=365 * YEARS + 1)
    step = timedelta(days=365 * YEARS) / max(1, matches)
    games = list(SEATS)
    per_tournament = ROUNDS * TABLES
    made = 0
    k = 0
    while made < matches:
        with transaction.atomic():
            # A few hundred tournaments at a time: each model's rows in one bulk statement.
            plans = []
            while made < matches and len(plans) < 400:
                game = games[k % len(games)]
                club = k % CLUBS
                count = min(per_tournament, matches - made)
                plans.append((k, game, club, count, made))
                made += count
                k += 1
            tournaments = Tournament.objects.bulk_create(
                Tournament(
                    club=clubs[club],
                    name=f"{game} {n}",
                    slug=f"{game}-{n}",
                    game=game,
                    format="individual",
                    entry_kind="individual",
                    status=Tournament.Status.FINISHED,
                    rounds_planned=ROUNDS,
                    table_size=SEATS[game],
                )
                for n, game, club, _count, _first in plans
            )
            rounds = Round.objects.bulk_create(
                Round(tournament=t, number=r + 1, status=Round.Status.FINISHED)
                for t in tournaments
                for r in range(ROUNDS)
            )
            field = {}
            for t, (_n, game, club, _count, _first) in zip(tournaments, plans, strict=True):
                field[t.pk] = rng.sample(by_club[club], SEATS[game] * TABLES)
            entries = Entry.objects.bulk_create(
                Entry(tournament=t, name=p.name, seed=i + 1)
                for t in tournaments
                for i, p in enumerate(field[t.pk])
            )
            entry_of = {(e.tournament_id, e.name): e for e in entries}
            match_rows: list[Any] = []
            seat_plan: list[list[tuple[Any, Any]]] = []
            for t, (_n, game, _club, count, first) in zip(tournaments, plans, strict=True):
                seats = SEATS[game]
                for i in range(count):
                    number = i // TABLES
                    finished = start + step * (first + i)
                    match_rows.append(
                        Match(
                            club_id=t.club_id,
                            tournament=t,
                            round_id=None,
                            table_number=i % TABLES + 1,
                            game=game,
                            kind=Match.Kind.OFFLINE,
                            status=Match.Status.FINISHED,
                            deals_target=deals,
                            result=match_result(game, seats, rng, deals),
                            started_at=finished - timedelta(minutes=40),
                            finished_at=finished,
                        )
                    )
                    match_rows[-1]._round_number = number  # type: ignore[attr-defined]
                    table = rng.sample(field[t.pk], seats)
                    seat_plan.append([(p, entry_of[(t.pk, p.name)]) for p in table])
            round_of = {(r.tournament_id, r.number): r.pk for r in rounds}
            for m in match_rows:
                m.round_id = round_of[(m.tournament_id, m._round_number + 1)]
            made_matches = Match.objects.bulk_create(match_rows, batch_size=BATCH)
            MatchSeat.objects.bulk_create(
                (
                    MatchSeat(match=m, seat=s, player=p, entry=e)
                    for m, plan in zip(made_matches, seat_plan, strict=True)
                    for s, (p, e) in enumerate(plan)
                ),
                batch_size=BATCH,
            )
            Deal.objects.bulk_create(
                (
                    Deal(
                        match=m,
                        number=d + 1,
                        game=m.game,
                        status=Deal.Status.FINISHED,
                        has_moves=False,
                        result=deal_result(m.game, SEATS[m.game], rng),
                        finished_at=m.finished_at - timedelta(minutes=4 * (deals - d)),
                    )
                    for m in made_matches
                    if m.game in PER_DEAL
                    for d in range(deals)
                ),
                batch_size=BATCH,
            )
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # the planner's statistics, as autovacuum keeps them on a live server
    return {"matches": Match.objects.count(), "deals": Deal.objects.count(), "players": len(players)}


def backend_cpu() -> float | None:
    """CPU seconds the PostgreSQL backend of this connection has used (None unless the server is local)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def recompute(profile: bool = False) -> dict[str, Any]:
    """Every family's full recompute: wall seconds per family and in total, CPU seconds, changes."""
    from league.models import RatingChange
    from league.services import ratings

    per_family = {}
    before = RatingChange.objects.count()
    last_id = RatingChange.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    server = backend_cpu()
    cpu = time.process_time()
    wall = time.perf_counter()
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    for family in ratings.families():
        started = time.perf_counter()
        ratings.recompute_family(family)
        per_family[family] = round(time.perf_counter() - started, 3)
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(25)
    return {
        "total_s": round(time.perf_counter() - wall, 3),
        "cpu_s": round(time.process_time() - cpu, 3),
        "server_cpu_s": None if server is None else round((backend_cpu() or 0) - server, 2),
        "families_s": per_family,
        "changes_before": before,
        "changes": RatingChange.objects.count(),
        "written": RatingChange.objects.filter(pk__gt=last_id).count(),
    }


def new_match(game: str, at: Any) -> Any:
    """A new finished match at the end of the history: a copy of the game's latest table, in its round."""
    from bench.scale_build import copied
    from league.models import Match, MatchSeat
    from league.services import standings

    source = Match.objects.filter(game=game, status="finished").order_by("-finished_at", "-pk").first()
    assert source is not None
    standings.update(source.tournament_id)  # the table as it stood before the new result
    match = copied(source, table_number=source.table_number + 100, finished_at=at, started_at=at)
    match.save()
    MatchSeat.objects.bulk_create(copied(s, match_id=match.pk) for s in source.seats.all())
    for deal in source.deals.order_by("number"):
        copied(deal, match_id=match.pk, finished_at=at).save()
    return match


def new_results(count: int) -> dict[str, Any]:
    """``count`` new results, each rated incrementally and its standings updated: ms and queries."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from league.services import ratings, standings

    times: list[float] = []
    cpu: list[float] = []
    queries: dict[str, set[int]] = {}
    games = list(SEATS)
    for i in range(count):
        game = games[i % len(games)]
        with transaction.atomic():
            match = new_match(game, timezone.now() + timedelta(seconds=i))
        with CaptureQueriesContext(connection) as captured:
            started, process = time.perf_counter(), time.process_time()
            with transaction.atomic():
                standings.update(match.tournament_id)
                outcome = ratings.rate_match(match.pk)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - process)
        if outcome != "applied":
            raise RuntimeError(f"the new {game} result was {outcome}, not rated incrementally")
        queries.setdefault(game, set()).add(len(captured))
    return {
        "count": count,
        "p50_ms": round(statistics.median(times) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
        "cpu_p50_ms": round(statistics.median(cpu) * 1000, 1),
        "queries": {g: sorted(q) for g, q in queries.items()},
    }


def main() -> int:
    """Create the database, build, time, print, drop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument(
        "--deals", type=int, default=1, help="rated deals per Zhao Pengyou or Si Se Pai match"
    )
    parser.add_argument("--new", type=int, default=20, help="new results timed")
    parser.add_argument("--profile", action="store_true", help="profile the second recompute (stderr)")
    parser.add_argument("--keep", action="store_true", help="keep the database")
    parser.add_argument("--database", help="use (and keep) this database, built by a --keep run if not empty")
    parser.add_argument(
        "--recompute-only", action="store_true", help="with --database: one recompute over its stored changes"
    )
    args = parser.parse_args()
    if args.recompute_only:
        if not args.database:
            parser.error("--recompute-only needs --database")
        with bench_database("elo", args.database, True):
            print(json.dumps({"recompute": recompute(args.profile), "load": load()}), flush=True)
        return 0
    with bench_database("elo", args.database, args.keep):
        from league.models import Match

        started = time.perf_counter()
        if not Match.objects.exists():
            built = build(args.matches, args.deals, random.Random(SEED))
            built["build_s"] = round(time.perf_counter() - started, 1)
            print(json.dumps({"built": built, "load": load()}), flush=True)
        else:
            # A kept database: the new results of its earlier runs are removed first.
            Match.objects.filter(table_number__gt=100).delete()
        first = recompute()
        print(json.dumps({"recompute": first, "load": load()}), flush=True)
        again = recompute(args.profile)
        print(json.dumps({"recompute": again, "load": load()}), flush=True)
        print(json.dumps({"new_result": new_results(args.new), "load": load()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
