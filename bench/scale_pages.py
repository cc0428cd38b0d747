"""Time some of ``bench/scale.py``'s endpoints again on a federation it kept, and explain their queries.

    .venv/bin/python bench/scale.py --scale 0.02 --keep        # prints nothing of the name: scale_<pid>
    .venv/bin/python bench/scale_pages.py --database scale_<pid> [ENDPOINT ...] [--repeat 20] [--explain]

Migrates the kept database (so a new index is there), then prints each named endpoint's line as
``bench/scale.py`` does (every endpoint when none is named: ``{"endpoint", "p50_ms", "p95_ms",
"cold_ms", "queries"}``) and a last line with the load average. ``--explain`` also prints, for
each endpoint, every query of a warm request with its milliseconds in the request, its execution
time and shared buffers (8 KB pages read, a cost the machine's load does not stretch) from
``EXPLAIN (ANALYZE, BUFFERS)``, and the whole plan of the slowest. The database is never dropped here.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import scale  # noqa: E402  # after the path, as a script


def plan(sql: str) -> dict[str, Any]:
    """``EXPLAIN (ANALYZE, BUFFERS)`` of one captured query, as PostgreSQL's JSON."""
    from django.db import connection

    if sql.startswith("DECLARE "):  # a server-side cursor's query: explain the query itself
        sql = sql.split(" FOR ", 1)[1]
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}")
        return cursor.fetchone()[0][0]  # type: ignore[no-any-return]


def explain(client: Any, url: str) -> None:
    """Print each query of a warm request (its time in the request, its execution time and buffers
    in PostgreSQL, the start of its SQL), then the whole plan of the one that took longest."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    scale.get(client, url)
    with CaptureQueriesContext(connection) as captured:
        scale.get(client, url)
    timed = [(float(q["time"]) * 1000, q["sql"]) for q in captured.captured_queries]
    for ms, sql in timed:
        found = plan(sql)
        top = found["Plan"]
        buffers = top.get("Shared Hit Blocks", 0) + top.get("Shared Read Blocks", 0)
        print(f"  {ms:7.1f} ms  exec {found['Execution Time']:7.2f} ms  {buffers:6d} buffers  {sql[:150]}")
    slowest = max(timed)[1]
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS) {slowest.split(' FOR ', 1)[-1]}")
        print("\n".join("    " + row[0] for row in cursor.fetchall()))


def main() -> int:
    """Time (and explain) the endpoints named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("endpoints", nargs="*", help=f"of: {', '.join(scale.ENDPOINTS)}")
    parser.add_argument("--database", required=True, help="a database bench/scale.py --keep built")
    parser.add_argument("--repeat", type=int, default=20, help="warm requests per endpoint")
    parser.add_argument("--explain", action="store_true", help="print each query and the slowest's plan")
    args = parser.parse_args()
    unknown = set(args.endpoints) - set(scale.ENDPOINTS)
    if unknown:
        parser.error(f"unknown endpoints: {', '.join(sorted(unknown))}")
    scale.setup_django(args.database)
    from django.test import Client

    s = scale.subjects()
    for name in args.endpoints or scale.ENDPOINTS:
        print(json.dumps(scale.measure(name, s, args.repeat)), flush=True)
        if args.explain:
            explain(Client(), scale.ENDPOINTS[name](s, 0))
    print(json.dumps({"load": scale.load()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
