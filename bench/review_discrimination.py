"""Does the game review tell weak play from strong? Bots of three kinds play deals together, the
review judges every decision, and each kind's mean loss per decision is compared.

    nice -n 5 .venv/bin/python bench/review_discrimination.py [--games tractor shengji ...]
        [--deals 50] [--review-budget fast] [--play-budget fast] [--seed 1] [--jobs 2] [--shadow]

In deal ``n`` seat ``s`` is played by ``KINDS[(s + n) % 3]`` (random, heuristic, expert at
``--play-budget``), so every kind sits in every seat and on both sides. A deal gives each kind the
mean loss over its seats' decisions; the table reports, per game and kind, the mean of those
per-deal figures, their standard deviation and the mean's standard error, plus the kind's mean
accuracy, and the gaps random - heuristic and heuristic - expert paired deal by deal (every deal
seats all three kinds): mean, standard error, deals where the gap is positive. Under
``like_with_like`` the same comparison over the same mix of decisions: per stratum (decision kind ×
the seat's side at the end of the deal) each kind's decisions and mean loss, and each kind's mean
with every stratum the kinds share weighted alike, the gaps' standard errors from resampled deals
(per-decision means mislead when one kind meets the costly decisions more often, as the declaring
side does). Zhao Pengyou is played at 6 seats. One JSON line per game; ``--out FILE`` also keeps
every deal's line (records included), and ``--summarize FILE`` prints the tables of such a file
again.

``--rereview FILE`` reviews the deals of such a file again with the review as it is now (the
same records, the bots not played again), so a change to the review is measured on the very
deals the last table was made from; with the review unchanged it gives that table back.

``--shadow`` looks at where heuristic and expert differ: every heuristic and expert seat also asks
the other bot what it would choose (its answer is not played; the deals are the same), and the
table adds, under ``differed``, per kind the decisions where the two bots' choices differed and the
mean loss over those alone (decisions where both would play the same action cost both the same,
and only add noise to the comparison), whether the review's candidates held the expert's choice
at heuristic seats, and the gain of the expert's choice over the heuristic's at each such
decision, both valued over the worlds and playouts the review judged it with.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KINDS = ("random", "heuristic", "expert")
SEATS = {"zhaopengyou": 6}
GAMES = ("tractor", "shengji", "sandaha", "zhaopengyou", "sisepai")
OTHER = {"heuristic": "expert", "expert": "heuristic"}  # the shadow bot of each kind (``--shadow``)


def kinds_of(seats: int, n: int) -> list[str]:
    """The bot kind of every seat in deal ``n``: the three kinds in turn, rotated by the deal."""
    return [KINDS[(s + n) % len(KINDS)] for s in range(seats)]


class Shadowed:
    """A seat's bot that, with a ``shadow`` (the other one of heuristic and expert), also asks it
    what it would choose wherever the seat must act, without playing it. Every seat is wrapped, so
    ``log`` gets one entry per action of the deal, in the record's order: (seat, the shadow's
    choice, or None for an offer or a seat without a shadow)."""

    def __init__(self, bot: Any, shadow: Any, log: list[tuple[int, str | None]]) -> None:
        self.bot, self.shadow, self.log = bot, shadow, log

    def offer(self, state: Any, seat: int) -> Any:
        action = self.bot.offer(state, seat)
        if action is not None:
            self.log.append((seat, None))
        return action

    def choose(self, state: Any, seat: int) -> Any:
        action = self.bot.choose(state, seat)
        self.log.append((seat, str(self.shadow.choose(state, seat)) if self.shadow else None))
        return action


def one_deal(job: tuple[str, int, int, str, str, bool]) -> dict[str, Any]:
    """Play deal ``n`` of ``name`` (a redealt deal is dealt again from the next seed) and review it."""
    from engine.core.match import play_deal
    from engine.core.record import new_salt, start_record
    from engine.core.registry import get_game
    from engine.review import review_record

    name, seed, n, play_budget, review_budget, shadow = job
    game = get_game(name)
    rules = game.rules_from_json({})
    seats = SEATS.get(name, game.default_seats)
    kinds = kinds_of(seats, n)
    rng = random.Random(f"discrimination {name} {seed} {n}")
    for attempt in range(20):
        deck = game.shuffled_deck(rules, seats, rng)
        names = [{"name": f"{kinds[s]} bot {s}", "id": None} for s in range(seats)]
        record = start_record(game, rules.to_json(), names, deck, None, new_salt(rng))
        bots = [game.bot(kinds[s], random.Random(rng.getrandbits(64)), play_budget) for s in range(seats)]
        log: list[tuple[int, str | None]] = []
        if shadow:  # generators of their own: the deal played is the one played without shadows
            twin = random.Random(f"shadow {name} {seed} {n} {attempt}")
            mirrors = [
                game.bot(OTHER[kinds[s]], random.Random(twin.getrandbits(64)), play_budget)
                if kinds[s] in OTHER
                else None
                for s in range(seats)
            ]
            bots = [Shadowed(bot, mirror, log) for bot, mirror in zip(bots, mirrors, strict=True)]
        state = game.start(rules, seats, deck, None)
        record.actions = play_deal(state, bots)
        record.result = state.result()
        if (record.result or {}).get("outcome") != "redeal":
            break
    review = review_record(record, review_budget, seed)
    out = {
        "game": name,
        "deal": n,
        "kinds": kinds,
        "per_kind": per_kind(review, kinds, roles(state, seats)),
        "record": record.dumps(),
    }
    if shadow:
        assert [seat for seat, _ in log] == [seat for seat, _ in record.actions]
        chosen = {index: text for index, (_, text) in enumerate(log) if text is not None}
        out["differed"] = differed(record, review, kinds, chosen, review_budget, seed)
        out["shadow"] = chosen  # kept, so that ``--rereview`` judges them again
    return out


def roles(end: Any, seats: int) -> list[str]:
    """Every seat's side in a finished deal: ``declarers`` (the dealer's or declarer's side,
    revealed friends included) or ``defenders``; ``-`` for all in Si Se Pai (no sides) and redeals."""
    from engine.family.trickdeal import TrickDeal

    if not isinstance(end, TrickDeal) or (end.result() or {}).get("outcome") != "played":
        return ["-"] * seats
    return ["declarers" if end.side_of(s) == 0 else "defenders" for s in range(seats)]


def per_kind(review: Any, kinds: list[str], sides: list[str]) -> dict[str, dict[str, Any]]:
    """Each kind's decisions, mean loss per decision and mean accuracy in one deal's ``review``,
    and under ``strata`` its decisions and summed loss by stratum: the decision's kind (play,
    bury, ...) and the seat's side at the end of the deal (``roles``)."""
    out: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        mine = [j for j in review.judgements if kinds[j.seat] == kind]
        if mine:
            strata: dict[str, list[float]] = {}
            for j in mine:
                cell = strata.setdefault(f"{j.kind}/{sides[j.seat]}", [0, 0.0])
                cell[0] += 1
                cell[1] += j.loss
            out[kind] = {
                "decisions": len(mine),
                "loss": statistics.fmean(j.loss for j in mine),
                "accuracy": statistics.fmean(s.accuracy for s in review.per_seat if kinds[s.seat] == kind),
                "strata": strata,
            }
    return out


def rereview(job: tuple[dict[str, Any], str, int]) -> dict[str, Any]:
    """A kept deal's line (``--out``) with its record reviewed again by the review as it is now."""
    from engine.core.record import DealRecord, replay
    from engine.review import review_record

    deal, budget, seed = job
    record = DealRecord.loads(deal["record"])
    review = review_record(record, budget, seed)
    sides = roles(replay(record), len(record.seats))
    out = {
        **{k: v for k, v in deal.items() if k != "differed"},
        "per_kind": per_kind(review, deal["kinds"], sides),
    }
    if "shadow" in deal:  # the shadow bots' choices, kept by ``one_deal``, judged again
        chosen = {int(index): text for index, text in deal["shadow"].items()}
        out["differed"] = differed(record, review, deal["kinds"], chosen, budget, seed)
    return out


def differed(
    record: Any, review: Any, kinds: list[str], shadow: dict[int, str], budget: str, seed: int
) -> dict[str, Any]:
    """The heuristic and expert seats' decisions where the other bot would have chosen otherwise:
    per kind, how many agreed and differed, the mean loss over those that differed, and (heuristic
    seats) how often the expert's choice was among the review's candidates; and for every such
    decision the gain of the expert's choice over the heuristic's, both valued over the same
    worlds and playouts the review judged it with (``engine.review.review.compare``)."""
    from engine.core.registry import get_game
    from engine.review.points import knowledge_of
    from engine.review.review import REVIEW_BUDGETS, candidates, compare, draws, replay_decisions
    from engine.search.stats import stderr

    game, knowledge = get_game(record.game), knowledge_of(record.game)
    loss = {j.index: j.loss for j in review.judgements}
    out: dict[str, Any] = {kind: {"agreed": 0, "losses": [], "covered": 0} for kind in OTHER}
    gains = []
    for decision in replay_decisions(record):
        kind, other = kinds[decision.seat], shadow.get(decision.index)
        if kind not in OTHER or other is None:
            continue
        mine = out[kind]
        if other == decision.text:
            mine["agreed"] += 1
            continue
        mine["losses"].append(loss[decision.index])
        expert, heuristic = (decision.text, other) if kind == "expert" else (other, decision.text)
        pair = [game.parse_action(expert), game.parse_action(heuristic)]
        e, h = compare(decision, knowledge, budget, seed, pair)
        gap = [a - b for a, b in zip(e.values, h.values, strict=True)]
        gains.append([kind, statistics.fmean(gap), stderr(gap)])
        if kind == "heuristic":
            _, fallback = draws(decision, knowledge, seed)
            limit = REVIEW_BUDGETS[budget].candidates
            listed = candidates(decision.state, decision.seat, knowledge, fallback, limit)
            mine["covered"] += other in {str(a) for a in listed}
    out["gains"] = gains
    return out


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
        out[f"{weaker}-{stronger}"] = paired(gaps)
    if all("strata" in row for d in deals for row in d["per_kind"].values()):
        out["like_with_like"] = like_with_like(deals)
    shadowed = [d["differed"] for d in deals if "differed" in d]
    if shadowed:
        out["differed"] = differed_table(shadowed)
    return out


def cells(deals: list[dict[str, Any]]) -> dict[str, dict[str, list[float]]]:
    """Stratum → kind → [decisions, summed loss] over ``deals``."""
    out: dict[str, dict[str, list[float]]] = {}
    for d in deals:
        for kind, row in d["per_kind"].items():
            for stratum, (count, total) in row["strata"].items():
                cell = out.setdefault(stratum, {}).setdefault(kind, [0, 0.0])
                cell[0] += count
                cell[1] += total
    return out


def standardized(table: dict[str, dict[str, list[float]]], shared: list[str]) -> dict[str, float]:
    """Each kind's loss per decision over the ``shared`` strata, every kind weighted alike: a
    stratum counts by its decisions of all kinds together, so no kind's mean leans on a mix of
    decisions the others seldom faced."""
    weights = {s: sum(c for c, _ in table[s].values()) for s in shared}
    whole = sum(weights.values())
    return {
        kind: sum(weights[s] / whole * table[s][kind][1] / table[s][kind][0] for s in shared)
        for kind in KINDS
    }


def like_with_like(deals: list[dict[str, Any]], least: int = 10, draws: int = 400) -> dict[str, Any]:
    """The kinds compared over the same mix of decisions. Per-decision means can mislead when the
    kinds face different decisions: the declaring side's decisions (the kitty, its leads) stake
    more points, and the bots do not become declarer equally often (random seldom bids or
    declares well, the expert declares early). So each stratum (decision kind × side at the end,
    ``roles``) held by every kind ``least`` times or more gets one weight for all kinds (its share
    of all decisions), and the gaps between the ``standardized`` means get a standard error from
    ``draws`` resamples of the deals (seeded, so the table reproduces)."""
    table = cells(deals)
    shared = sorted(s for s, row in table.items() if all(row.get(k, [0])[0] >= least for k in KINDS))
    out: dict[str, Any] = {
        "strata": {
            s: {k: [int(row[k][0]), round(row[k][1] / row[k][0], 2)] for k in KINDS if k in row}
            for s, row in sorted(table.items())
        },
        "shared": shared,
    }
    if not shared:
        return out
    means = standardized(table, shared)
    out["loss"] = {k: round(v, 2) for k, v in means.items()}
    rng = random.Random("like with like")
    samples = []
    for _ in range(draws):
        again = cells([rng.choice(deals) for _ in deals])
        if all(again.get(s, {}).get(k, [0])[0] for s in shared for k in KINDS):
            samples.append(standardized(again, shared))
    for weaker, stronger in zip(KINDS, KINDS[1:], strict=False):
        gaps = [m[weaker] - m[stronger] for m in samples]
        out[f"{weaker}-{stronger}"] = {
            "gap": round(means[weaker] - means[stronger], 2),
            "se": round(statistics.stdev(gaps), 2) if len(gaps) > 1 else None,
        }
    return out


def paired(gaps: list[float]) -> dict[str, Any]:
    """Gaps paired deal by deal: their mean, its standard error, how many are positive."""
    sd = statistics.stdev(gaps) if len(gaps) > 1 else 0.0
    return {
        "gap": round(statistics.fmean(gaps), 2) if gaps else None,
        "se": round(sd / len(gaps) ** 0.5, 2) if gaps else None,
        "deals_wider": sum(g > 0 for g in gaps),
        "deals": len(gaps),
    }


def differed_table(shadowed: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``--shadow`` figures over the deals: per kind the share of decisions where the other bot
    would have chosen otherwise and the mean loss over those (mean of the per-deal means, with its
    standard error), the heuristic - expert gap over them paired deal by deal, how often the
    expert's choice at a heuristic seat was among the review's candidates, and the gain of the
    expert's choice over the heuristic's on the same decision (per-deal means, then over deals;
    decisions where it is beyond two standard errors either way)."""
    out: dict[str, Any] = {}
    for kind in OTHER:
        rows = [d[kind] for d in shadowed]
        agreed, differ = sum(r["agreed"] for r in rows), sum(len(r["losses"]) for r in rows)
        means = [statistics.fmean(r["losses"]) for r in rows if r["losses"]]
        sd = statistics.stdev(means) if len(means) > 1 else 0.0
        out[kind] = {
            "decisions": agreed + differ,
            "differed": differ,
            "loss": round(statistics.fmean(means), 2) if means else None,
            "se": round(sd / len(means) ** 0.5, 2) if means else None,
        }
    heuristic = [d["heuristic"] for d in shadowed]
    out["heuristic_covered"] = f"{sum(r['covered'] for r in heuristic)} of {out['heuristic']['differed']}"
    both = [d for d in shadowed if d["heuristic"]["losses"] and d["expert"]["losses"]]
    out["heuristic-expert"] = paired(
        [statistics.fmean(d["heuristic"]["losses"]) - statistics.fmean(d["expert"]["losses"]) for d in both]
    )
    gains = [[g for _, g, _ in d["gains"]] for d in shadowed if d["gains"]]
    out["expert_gain"] = paired([statistics.fmean(g) for g in gains])
    every = [(g, se) for d in shadowed for _, g, se in d["gains"]]
    out["expert_gain"]["clearly_better"] = sum(g > 2 * se for g, se in every)
    out["expert_gain"]["clearly_worse"] = sum(g < -2 * se for g, se in every)
    out["expert_gain"]["decisions"] = len(every)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--review-budget", default="fast")
    parser.add_argument("--play-budget", default="fast", help="the expert seats' budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--shadow",
        action="store_true",
        help="also ask the other bot (heuristic or expert) at every heuristic and expert decision",
    )
    parser.add_argument("--out", help="also write every deal's line here (NDJSON)")
    parser.add_argument("--summarize", metavar="FILE", help="only print the tables of an --out file")
    parser.add_argument(
        "--rereview",
        metavar="FILE",
        help="review the deals of an --out file again (same records, the review as it is now)",
    )
    args = parser.parse_args()
    if args.rereview:
        return rereview_file(args)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as fh:
            kept = [json.loads(line) for line in fh if line.strip()]
        for name in dict.fromkeys(d["game"] for d in kept):
            print(json.dumps(table(name, [d for d in kept if d["game"] == name])))
        return 0
    plan = (args.seed, args.play_budget, args.review_budget, args.shadow)
    runs = {name: [(name, plan[0], n, *plan[1:]) for n in range(args.deals)] for name in args.games}
    return run_tables(args, one_deal, runs, {"play_budget": args.play_budget})


def run_tables(args: argparse.Namespace, work: Any, runs: dict[str, list[Any]], about: dict[str, Any]) -> int:
    """Each game's ``work`` jobs in ``--jobs`` processes, its deals' lines kept (``--out``), and
    its table printed with ``about``, the budgets, the seed and the seconds it took."""
    keep = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    with get_context("spawn").Pool(args.jobs) as pool:
        for name, jobs in runs.items():
            began = time.perf_counter()
            deals = []
            for deal in pool.imap(work, jobs):
                deals.append(deal)
                if keep:
                    keep.write(json.dumps(deal) + "\n")
                    keep.flush()
            line = table(name, deals)
            line.update(review_budget=args.review_budget, **about, seed=args.seed)
            line.update(seconds=round(time.perf_counter() - began, 1))
            print(json.dumps(line), flush=True)
    if keep:
        keep.close()
    return 0


def rereview_file(args: argparse.Namespace) -> int:
    """``--rereview``: the kept deals of ``--games`` reviewed again at ``--review-budget``, their
    table printed (and their lines written to ``--out``); the bots do not play again."""
    with open(args.rereview, encoding="utf-8") as fh:
        kept = [json.loads(line) for line in fh if line.strip()]
    runs = {
        name: [(d, args.review_budget, args.seed) for d in kept if d["game"] == name]
        for name in args.games
        if any(d["game"] == name for d in kept)
    }
    return run_tables(args, rereview, runs, {"rereviewed": args.rereview})


if __name__ == "__main__":
    sys.exit(main())
