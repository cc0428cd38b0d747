"""Every shipped rule set played and checked: self-play re-checked record by record, and a duel.

    nice -n 10 .venv/bin/python bench/rulesets.py [--deals 500] [--decks 100] [--seed 1] [--jobs 1]
        [--ruleset NAME ...]

For each rule set of ``engine.core.rulesets.SHIPPED`` (or those named): ``python -m engine
selfplay --ruleset NAME --deals N`` with heuristic bots, every record then replayed by ``python -m
engine check`` (the same functions, run in this process); and ``python -m engine duel`` of
``--decks`` decks, the expert against the heuristic at the ``fast`` budget under the rule set's
options. Prints one line per rule set as it finishes: deals played, check failures, the duel's
mean difference per deck (the expert's result minus the heuristic's, in the game's unit) with its
standard error, and the seconds each part took; then the load average. ``--decks 0`` skips the
duels, ``--deals 0`` the self-play.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.registry import get_game  # noqa: E402
from engine.core.rulesets import SHIPPED, RuleSet, shipped  # noqa: E402
from engine.search.stats import mean, stderr  # noqa: E402
from engine.tools.cli import main as engine_main  # noqa: E402
from engine.tools.duel import duel  # noqa: E402


def selfplay_checked(ruleset: RuleSet, deals: int, seed: int) -> dict[str, Any]:
    """``selfplay`` of ``deals`` deals, then ``check`` of every record: deals, failures, seconds."""
    started = time.perf_counter()
    records = io.StringIO()
    args = ["selfplay", "--ruleset", ruleset.name, "--deals", str(deals), "--seed", str(seed)]
    status = engine_main(args, records)
    lines = [line for line in records.getvalue().splitlines() if '"summary"' not in line[:12]]
    failures = 0 if status == 0 else 1
    with tempfile.TemporaryDirectory() as folder:
        for number, line in enumerate(lines):
            path = os.path.join(folder, f"{number}.json")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(line)
            if engine_main(["check", path, "--quiet"], io.StringIO()) != 0:
                failures += 1
    return {
        "deals": len(lines),
        "check_failures": failures,
        "selfplay_seconds": round(time.perf_counter() - started, 1),
    }


def duel_of(ruleset: RuleSet, decks: int, seed: int, jobs: int) -> dict[str, Any]:
    """``duel --a expert --b heuristic --budget fast`` under the rule set: decks, mean, its error."""
    started = time.perf_counter()
    out = io.StringIO()
    args = argparse.Namespace(
        game=ruleset.game,
        a="expert",
        b="heuristic",
        deals=decks,
        seed=seed,
        players=None,
        budget="fast",
        jobs=jobs,
        rules_json=dict(ruleset.options),
    )
    duel(args, out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    diffs = [float(row["diff"]) for row in rows if "deck" in row]
    return {
        "decks": len(diffs),
        "mean_diff": round(mean(diffs), 3),
        "stderr": round(stderr(diffs), 3),
        "unit": get_game(ruleset.game).result_unit,
        "duel_seconds": round(time.perf_counter() - started, 1),
    }


def main() -> int:
    """Run the chosen rule sets; one JSON line each, then the load average."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--deals", type=int, default=500, help="self-play deals per rule set")
    p.add_argument("--decks", type=int, default=100, help="duel decks per rule set, each played twice")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="the duel's worker processes")
    p.add_argument("--ruleset", action="append", help="only these rule sets (default: every shipped one)")
    args = p.parse_args()
    chosen = [shipped(name) for name in args.ruleset] if args.ruleset else list(SHIPPED)
    for ruleset in chosen:
        row: dict[str, Any] = {"ruleset": ruleset.name, "game": ruleset.game}
        if args.deals:
            row.update(selfplay_checked(ruleset, args.deals, args.seed))
        if args.decks:
            row.update(duel_of(ruleset, args.decks, args.seed, args.jobs))
        print(json.dumps(row), flush=True)
    print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
