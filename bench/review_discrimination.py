"""Does the game review tell weak play from strong? Bots of three kinds play deals together, the
review judges every decision, and each kind's mean loss per decision is compared.

    nice -n 5 .venv/bin/python bench/review_discrimination.py [--games tractor shengji ...]
        [--deals 50] [--review-budget fast] [--play-budget fast] [--seed 1] [--jobs 2]

In deal ``n`` seat ``s`` is played by ``KINDS[(s + n) % 3]`` (random, heuristic, expert at
``--play-budget``), so every kind sits in every seat and on both sides. A deal gives each kind
the mean loss over its seats' decisions; the table reports, per game and kind, the mean of those
per-deal figures, their standard deviation and the mean's standard error, plus the kind's mean
accuracy, and the gaps random - heuristic and heuristic - expert paired deal by deal (every deal
seats all three kinds): mean, standard error, deals where the gap is positive. Zhao Pengyou is
played at 6 seats. One JSON line per game; ``--out FILE`` also keeps every deal's line (records
included), and ``--summarize FILE`` prints the tables of such a file again.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KINDS = ("random", "heuristic", "expert")
SEATS = {"zhaopengyou": 6}
GAMES = ("tractor", "shengji", "sandaha", "zhaopengyou", "sisepai")


def kinds_of(seats: int, n: int) -> list[str]:
    """The bot kind of every seat in deal ``n``: the three kinds in turn, rotated by the deal."""
    return [KINDS[(s + n) % len(KINDS)] for s in range(seats)]


def one_deal(job: tuple[str, int, int, str, str]) -> dict[str, Any]:
    """Play deal ``n`` of ``name`` (a redealt deal is dealt again from the next seed) and review it."""
    from engine.match import play_deal
    from engine.record import new_salt, start_record
    from engine.registry import get_game
    from engine.review import review_record

    name, seed, n, play_budget, review_budget = job
    game = get_game(name)
    rules = game.rules_from_json({})
    seats = SEATS.get(name, game.default_seats)
    kinds = kinds_of(seats, n)
    rng = random.Random(f"discrimination {name} {seed} {n}")
    for _ in range(20):
        deck = game.shuffled_deck(rules, seats, rng)
        names = [{"name": f"{kinds[s]} bot {s}", "id": None} for s in range(seats)]
        record = start_record(game, rules.to_json(), names, deck, None, new_salt(rng))
        bots = [game.bot(kinds[s], random.Random(rng.getrandbits(64)), play_budget) for s in range(seats)]
        state = game.start(rules, seats, deck, None)
        record.actions = play_deal(state, bots)
        record.result = state.result()
        if (record.result or {}).get("outcome") != "redeal":
            break
    review = review_record(record, review_budget, seed)
    per_kind: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        mine = [j for j in review.judgements if kinds[j.seat] == kind]
        if mine:
            per_kind[kind] = {
                "decisions": len(mine),
                "loss": statistics.fmean(j.loss for j in mine),
                "accuracy": statistics.fmean(s.accuracy for s in review.per_seat if kinds[s.seat] == kind),
            }
    return {"game": name, "deal": n, "kinds": kinds, "per_kind": per_kind, "record": record.dumps()}


def table(name: str, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """Each kind's mean loss per decision over the deals, with its spread."""
    out: dict[str, Any] = {"game": name, "deals": len(deals)}
    for kind in KINDS:
        losses = [d["per_kind"][kind]["loss"] for d in deals if kind in d["per_kind"]]
        accuracy = [d["per_kind"][kind]["accuracy"] for d in deals if kind in d["per_kind"]]
        sd = statistics.stdev(losses) if len(losses) > 1 else 0.0
        out[kind] = {
            "loss": round(statistics.fmean(losses), 2),
            "sd": round(sd, 2),
            "se": round(sd / len(losses) ** 0.5, 2),
            "accuracy": round(statistics.fmean(accuracy), 1),
            "decisions": sum(d["per_kind"][kind]["decisions"] for d in deals if kind in d["per_kind"]),
        }
    for weaker, stronger in zip(KINDS, KINDS[1:], strict=False):
        both = [d["per_kind"] for d in deals if weaker in d["per_kind"] and stronger in d["per_kind"]]
        gaps = [kinds[weaker]["loss"] - kinds[stronger]["loss"] for kinds in both]
        sd = statistics.stdev(gaps) if len(gaps) > 1 else 0.0
        out[f"{weaker}-{stronger}"] = {
            "gap": round(statistics.fmean(gaps), 2),
            "se": round(sd / len(gaps) ** 0.5, 2),
            "deals_wider": sum(g > 0 for g in gaps),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--review-budget", default="fast")
    parser.add_argument("--play-budget", default="fast", help="the expert seats' budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", help="also write every deal's line here (NDJSON)")
    parser.add_argument("--summarize", metavar="FILE", help="only print the tables of an --out file")
    args = parser.parse_args()
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as fh:
            kept = [json.loads(line) for line in fh if line.strip()]
        for name in dict.fromkeys(d["game"] for d in kept):
            print(json.dumps(table(name, [d for d in kept if d["game"] == name])))
        return 0
    keep = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    with get_context("spawn").Pool(args.jobs) as pool:
        for name in args.games:
            jobs = [(name, args.seed, n, args.play_budget, args.review_budget) for n in range(args.deals)]
            deals = []
            for deal in pool.imap(one_deal, jobs):
                deals.append(deal)
                if keep:
                    keep.write(json.dumps(deal) + "\n")
                    keep.flush()
            line = table(name, deals)
            line.update(review_budget=args.review_budget, play_budget=args.play_budget, seed=args.seed)
            print(json.dumps(line), flush=True)
    if keep:
        keep.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
