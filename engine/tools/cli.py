"""``python -m engine``: selfplay, check, review, bench and playthrough, for every registered game.

* ``selfplay --game G [--ruleset NAME] [--players P] [--deals N] [--seed S] [--bot KIND ...]
  [--rules k=v ...]``: bots play N deals as consecutive matches; one JSON record per line, then a
  summary line. ``--ruleset`` starts from a shipped rule set (and names it in each record, unless
  ``--rules`` change it).
  Seat ``s`` gets the bot ``--bot`` number ``s % count`` (so ``--bot heuristic --bot random``
  puts heuristic bots on seats 0 and 2).
* ``check FILE``: replays a record or an NDJSON file of records; prints each result as JSON, or
  the index and reason of the first illegal action and exits 1.
* ``bench [--deals N]``: decisions and actions per second per game beside RLCard's raw Dou Dizhu
  engine (when installed) with the ratio, the cost of ``copy()`` and of a seat's frame, the
  median legality check of a mid-deal Tractor play, and the load average (``docs/engine.md``).
* ``review FILE [--budget fast|strong] [--seed S]``: the game review of a record or an NDJSON
  file of records: one JSON line per judged decision, then a summary line per record with the
  seconds it took (``engine/review``, ``replays/README.md``).
* ``playthrough [--regen] [--game G ...] [--players P]``: checks the golden playthrough files of
  every game against a replay of their own deals (``--regen`` rewrites them; a game or seat count
  with no file yet gets a new bot-played deal), ``engine/tools/playthrough.py``.
* ``duel --game G --a KIND --b KIND --deals N --seed S [--players P] [--budget fast|strong]
  [--jobs J] [--rules k=v ...]``: duplicate play, each deck twice with the kinds swapping seats;
  one JSON line per deck, then the summary (``engine/tools/duel.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any, TextIO

from engine.core.errors import BadSetup, EngineError
from engine.core.game import BUDGETS
from engine.core.match import Match, selfplay_deal
from engine.core.record import DealRecord, ReplayError, check_record
from engine.core.registry import game_names, get_game
from engine.core.rulesets import RuleSet, shipped


def _rules_json(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        out[key.strip()] = json.loads(value) if value.strip().lstrip("-").isdigit() else value.strip()
    return out


def _selfplay_rules(args: argparse.Namespace) -> tuple[str, dict[str, Any], RuleSet | None]:
    """The game, its options and the shipped rule set named by ``--ruleset`` (``--rules`` on top)."""
    ruleset = shipped(args.ruleset) if args.ruleset else None
    game_name = args.game or (ruleset.game if ruleset else None)
    if game_name is None:
        raise BadSetup("selfplay needs --game or --ruleset")
    if ruleset is not None and ruleset.game != game_name:
        raise BadSetup(f"rule set {ruleset.name} is for {ruleset.game}, not {game_name}")
    options = {**(ruleset.options if ruleset else {}), **_rules_json(args.rules or [])}
    return game_name, options, ruleset if ruleset and not args.rules else None


def selfplay(args: argparse.Namespace, out: TextIO) -> int:
    """Bots play ``args.deals`` deals; records and a summary go to ``out``."""
    game_name, options, ruleset = _selfplay_rules(args)
    game = get_game(game_name)
    rules = game.rules_from_json(options)
    seats = args.players or game.seats_for(rules) or game.default_seats
    kinds = args.bot or ["heuristic"]
    rng = random.Random(args.seed)
    match = Match(game.name, rules, seats)
    tally: Counter[str] = Counter()
    for _ in range(args.deals):
        record = selfplay_deal(game, rules, seats, match.situation, rng, kinds)
        record.ruleset = ruleset.label() if ruleset else None
        if not args.quiet:
            out.write(record.dumps() + "\n")
        _count(record, kinds, tally)
        match.add(record)
        if match.over:
            tally["matches won"] += 1
            match = Match(game.name, rules, seats)
    summary = {"game": game.name, "deals": args.deals, "seed": args.seed, "bots": kinds, **dict(tally)}
    if len(set(kinds)) > 1 and tally["played"]:
        summary["win_rate"] = {
            k: round(tally[f"won by {k}"] / tally["played"], 4) for k in sorted(set(kinds))
        }
    out.write(json.dumps({"summary": summary}) + "\n")
    return 0


def _count(record: DealRecord, kinds: Sequence[str], tally: Counter[str]) -> None:
    result = record.result or {}
    tally["actions"] += len(record.actions)
    if result.get("outcome") == "redeal":
        tally["redeals"] += 1
        return
    tally["played"] += 1
    winners = result.get("deal_winners") or []
    won_by = {kinds[s % len(kinds)] for s in winners}
    if len(won_by) == 1:
        tally[f"won by {won_by.pop()}"] += 1
    elif won_by:
        tally["won by mixed sides"] += 1


def record_lines(path: str) -> list[tuple[int, str]]:
    """The records of a file holding one record or NDJSON records, numbered by line (summary
    lines of ``selfplay`` and blank lines left out)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    lines = [text] if text.lstrip().startswith("{") and "\n{" not in text.strip() else text.splitlines()
    return [(n, line) for n, line in enumerate(lines) if line.strip() and '"summary"' not in line[:12]]


def check(args: argparse.Namespace, out: TextIO) -> int:
    """Replay every record of ``args.file``; exit status 1 at the first bad one."""
    count = 0
    for number, line in record_lines(args.file):
        try:
            state = check_record(DealRecord.loads(line))
        except ReplayError as exc:
            out.write(
                json.dumps({"record": number, "index": exc.index, "error": exc.code, "reason": exc.message})
                + "\n"
            )
            return 1
        except EngineError as exc:
            out.write(json.dumps({"record": number, "error": exc.code, "reason": exc.message}) + "\n")
            return 1
        count += 1
        if not args.quiet:
            out.write(json.dumps({"record": number, "result": state.result()}) + "\n")
    out.write(json.dumps({"checked": count, "ok": True}) + "\n")
    return 0


def review(args: argparse.Namespace, out: TextIO) -> int:
    """Review every record of ``args.file``: its judgement lines, then its summary with seconds."""
    from engine.review import BUDGETS, DEFAULT_BUDGET, review_record
    from engine.tools.bench import cpu_seconds

    budget = args.budget or DEFAULT_BUDGET
    if budget not in BUDGETS:
        out.write(json.dumps({"error": "bad_budget", "reason": f"use {' or '.join(BUDGETS)}"}) + "\n")
        return 2
    for _, line in record_lines(args.file):
        record = DealRecord.loads(line)
        done, seconds = cpu_seconds(partial(review_record, record, budget, args.seed))
        lines = done.lines()
        lines[-1]["review"]["seconds"] = round(seconds, 2)
        for item in lines:
            out.write(json.dumps(item) + "\n")
    return 0


def parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = argparse.ArgumentParser(prog="python -m engine", description="Card game engine tools.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("selfplay", help="bots play deals; one JSON record per line")
    s.add_argument("--game", choices=game_names(), help="the game (or the one of --ruleset)")
    s.add_argument("--ruleset", help="a shipped rule set (engine/core/rulesets.py); --rules change it")
    s.add_argument("--players", type=int)
    s.add_argument("--deals", type=int, default=1)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", action="append", help="random or heuristic; repeat to alternate seats")
    s.add_argument("--rules", action="append", metavar="K=V", help="a house-rule option; repeat")
    s.add_argument("--quiet", action="store_true", help="print only the summary")
    c = sub.add_parser("check", help="replay a record or NDJSON file of records")
    c.add_argument("file")
    c.add_argument("--quiet", action="store_true", help="print only the final line")
    b = sub.add_parser("bench", help="decisions per second beside RLCard's Dou Dizhu engine")
    b.add_argument("--deals", type=int, default=200)
    b.add_argument("--seed", type=int, default=1)
    d = sub.add_parser("duel", help="duplicate play between two bot kinds")
    d.add_argument("--game", required=True, choices=game_names())
    d.add_argument("--a", required=True, help="a bot kind (random, heuristic, expert)")
    d.add_argument("--b", required=True, help="the other bot kind")
    d.add_argument("--deals", type=int, default=100, help="decks, each played twice")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--players", type=int)
    d.add_argument("--budget", default="fast", choices=BUDGETS)
    d.add_argument("--jobs", type=int, default=1, help="worker processes")
    d.add_argument("--rules", action="append", metavar="K=V", help="a house-rule option; repeat")
    r = sub.add_parser("review", help="judge every decision of a record (or NDJSON of records)")
    r.add_argument("file")
    r.add_argument("--budget", default=None, help="fast or strong (default: the review's default)")
    r.add_argument("--seed", type=int, default=0)
    t = sub.add_parser("playthrough", help="golden playthrough files")
    t.add_argument("--regen", action="store_true", help="rewrite the files instead of comparing")
    t.add_argument("--game", action="append", choices=game_names(), help="only this game; repeat")
    t.add_argument("--players", type=int, help="only the files of this seat count")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one command; returns the exit status."""
    args = parser().parse_args(argv)
    stream = out or sys.stdout
    try:
        return _run(args, stream)
    except EngineError as exc:
        stream.write(json.dumps({"error": exc.code, "reason": exc.message}) + "\n")
        return 2


def _run(args: argparse.Namespace, stream: TextIO) -> int:
    if args.command == "selfplay":
        return selfplay(args, stream)
    if args.command == "check":
        return check(args, stream)
    if args.command == "duel":
        from engine.tools.duel import duel

        args.rules_json = _rules_json(args.rules or [])
        return duel(args, stream)
    if args.command == "review":
        return review(args, stream)
    if args.command == "bench":
        from engine.tools.bench import bench

        return bench(args, stream)
    from engine.tools.playthrough import playthrough_command

    return playthrough_command(args, stream)
