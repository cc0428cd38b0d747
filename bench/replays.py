"""Replay viewer benchmark: server build time, first paint in Chromium, bytes per Tractor deal.

    .venv/bin/python bench/replays.py [--deals 40] [--paints 10]
    nice -n 5 .venv/bin/python bench/replays.py --review 10 [--budget strong]

Runs on a scratch database of its own (PostgreSQL when DATABASE_URL names one, else SQLite) and
prints one JSON object. Targets: building the viewer's data for a Tractor deal < 50 ms (median
and p99), first contentful paint of the viewer page < 1 s.

``--review N`` instead times the game review (``python -m engine review``) at the review's
default budget (or ``--budget``) on N Tractor and N one-deck Shengji deals of the demo's kind:
heuristic bots playing matches from seed 1, as ``manage.py demo_data`` does (made here with the
engine alone, without a database). CPU seconds of one process (one core), median and worst,
with the load average. Targets: Tractor < 60 s, Shengji < 20 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def summary(values: list[float]) -> dict[str, float]:
    """Median, p99 and max in milliseconds."""
    ms = [v * 1000 for v in values]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


def build_times(deal_ids: list[int]) -> dict[str, Any]:
    """Time the viewer's data per deal: from the rows (query + replay) and the replay alone."""
    from league.models import Deal
    from replays.services.frames import ALL
    from replays.services.records import deal_record
    from replays.services.steps import build, build_many

    out: dict[str, Any] = {}
    build(deal_record(Deal.objects.get(pk=deal_ids[0])), ALL)  # warm imports and the engine's caches
    for label, perspective in (("all_hands", ALL), ("one_seat", 2)):
        from_rows, replay_only = [], []
        for pk in deal_ids:
            started = time.perf_counter()
            record = deal_record(Deal.objects.get(pk=pk))
            loaded = time.perf_counter()
            build(record, perspective)
            done = time.perf_counter()
            from_rows.append(done - started)
            replay_only.append(done - loaded)
        out[label] = {"from_rows": summary(from_rows), "replay_and_frames": summary(replay_only)}
    records = [deal_record(Deal.objects.get(pk=pk)) for pk in deal_ids]
    every = []
    for record in records:
        started = time.perf_counter()
        build_many(record, [ALL, 0, 1, 2, 3])
        every.append(time.perf_counter() - started)
    out["every_perspective_in_one_replay"] = summary(every)
    return out


def stored_bytes(deal_ids: list[int]) -> dict[str, Any]:
    """Bytes of a Tractor deal as stored (packed once finished: league/packing.py; PostgreSQL's own
    sizes when on it) and as exported JSON."""
    from django.db import connection

    from league.models import Deal
    from replays.services.records import deal_record

    deals = list(Deal.objects.filter(pk__in=deal_ids))
    raw = [len(deal_record(d).dumps().encode()) for d in deals]
    gz = [len(gzip.compress(deal_record(d).dumps().encode())) for d in deals]
    out: dict[str, Any] = {
        "deals": len(raw),
        "moves_per_deal": round(statistics.mean(d.version for d in deals), 1),
        "export_json_bytes": round(statistics.mean(raw)),
        "export_json_gzip_bytes": round(statistics.mean(gz)),
        "packed_bytes": round(statistics.mean(len(d.packed or b"") for d in deals)),
    }
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            rows_sql = "SELECT sum(pg_column_size(d.*)) FROM league_deal d WHERE id = ANY(%s)"
            cursor.execute(rows_sql, [deal_ids])
            deal_rows = cursor.fetchone()[0]
            cursor.execute("SELECT count(*) FROM league_move WHERE deal_id = ANY(%s)", [deal_ids])
            move_rows = cursor.fetchone()[0]
        out["rows_bytes_postgresql"] = {
            "deal_row": round(deal_rows / len(raw)),
            "move_rows_left": move_rows,
            "note": "pg_column_size of whole rows, without index entries or page overhead",
        }
    return out


PAINT_JS = """() => new Promise(done => {
  const nav = performance.getEntriesByType('navigation')[0];
  const report = fcp => done({fcp, ttfb: nav.responseStart, dcl: nav.domContentLoadedEventEnd});
  const e = performance.getEntriesByName('first-contentful-paint');
  if (e.length) return report(e[0].startTime);
  new PerformanceObserver(l => report(l.getEntries()[0].startTime)).observe({type: 'paint', buffered: true});
})"""


def load_times(browser: Any, url: str, runs: int, ready: str | None) -> dict[str, Any]:
    """Paint Timing and Navigation Timing of ``runs`` loads of ``url`` (after one warm-up load)."""
    samples: dict[str, list[float]] = {"fcp": [], "ttfb": [], "dcl": []}
    for i in range(runs + 1):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        if ready:
            page.wait_for_selector(ready)
        timing = page.evaluate(PAINT_JS)
        context.close()
        if i:  # the first load warms the server's code paths and Chromium itself
            for key in samples:
                samples[key].append(timing[key] / 1000)
    return {
        "first_contentful_paint": summary(samples["fcp"]),
        "time_to_first_byte": summary(samples["ttfb"]),
        "dom_content_loaded": summary(samples["dcl"]),
    }


def first_paints(url: str, deal_ids: list[int], runs: int) -> dict[str, Any]:
    """First contentful paint (Paint Timing API) of the viewer page in headless Chromium, with the
    home page as a baseline for what Chromium itself costs here."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS
    from tests.conftest import chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        viewer = load_times(browser, f"{url}/deals/{deal_ids[0]}/?at=120", runs, "#viewer.ready")
        home = load_times(browser, f"{url}/", runs, None)
        browser.close()
    return {
        "viewer": viewer,
        "home_page_baseline": home,
        "runs": runs,
        "note": "each load in a fresh browser context; the deal's steps are cached after the warm-up",
    }


def demo_deals(name: str, count: int, seed: int = 1) -> list[Any]:
    """``count`` played (not redealt) deals of ``name`` by heuristic bots in consecutive matches."""
    import random

    from engine.core.match import Match, selfplay_deal
    from engine.core.registry import get_game

    game = get_game(name)
    rules = game.rules_from_json({})
    rng = random.Random(seed)
    match, records = Match(name, rules, game.default_seats), []
    while len(records) < count:
        record = selfplay_deal(game, rules, game.default_seats, match.situation, rng, ["heuristic"])
        match.add(record)
        if match.over:
            match = Match(name, rules, game.default_seats)
        if (record.result or {}).get("outcome") == "played":
            records.append(record)
    return records


def review_times(count: int, budget: str | None) -> dict[str, Any]:
    """CPU seconds of the game review of ``count`` Tractor and Shengji demo deals."""
    from functools import partial

    from engine.review import DEFAULT_BUDGET, ENGINE_VERSION, review_record
    from engine.tools.bench import cpu_seconds

    budget = budget or DEFAULT_BUDGET
    out: dict[str, Any] = {"budget": budget, "engine_version": ENGINE_VERSION, "load_before": os.getloadavg()}
    for name in ("tractor", "shengji"):
        seconds, decisions = [], []
        for record in demo_deals(name, count):
            review, spent = cpu_seconds(partial(review_record, record, budget))
            seconds.append(spent)
            decisions.append(len(review.judgements))
        out[name] = {
            "deals": count,
            "median_s": round(statistics.median(seconds), 2),
            "worst_s": round(max(seconds), 2),
            "decisions_per_deal": round(statistics.mean(decisions), 1),
        }
    out["load_after"] = os.getloadavg()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=40, help="bot-played Tractor deals to measure")
    parser.add_argument("--paints", type=int, default=10, help="page loads in Chromium")
    parser.add_argument("--review", type=int, default=0, help="time the game review on N deals instead")
    parser.add_argument("--budget", help="the review's budget (default: the review's default)")
    args = parser.parse_args()
    if args.review:
        print(json.dumps(review_times(args.review, args.budget), indent=2))
        return 0

    from tests.servers import daphne, scratch_database

    with scratch_database() as env:
        os.environ.update(env)
        if "DATABASE_URL" not in env:
            os.environ.pop("DATABASE_URL", None)
        import django

        django.setup()
        from django.core.management import call_command

        from league.models import Club
        from replays.services.samples import play_sample_match

        call_command("migrate", "--noinput", verbosity=0)
        club = Club.objects.create(name="Bench", slug="bench")
        deal_ids: list[int] = []
        seed = 0
        while len(deal_ids) < args.deals:
            seed += 1
            match = play_sample_match(club, "tractor", 4, seed)
            # The result is read whole (league/fields.py: PostgreSQL keeps it as json text).
            deal_ids += [d.pk for d in match.deals.all() if (d.result or {}).get("outcome") == "played"]
        deal_ids = deal_ids[: args.deals]
        result: dict[str, Any] = {"database": env.get("DATABASE_URL", "sqlite").split("@")[-1]}
        result["build"] = build_times(deal_ids)
        result["bytes_per_tractor_deal"] = stored_bytes(deal_ids)
        from django.db import connections

        connections.close_all()
        with daphne(env) as url:
            result["page"] = first_paints(url, deal_ids, args.paints)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
