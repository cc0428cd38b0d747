"""Timings of the league algorithms on one core: ``.venv/bin/python bench/league.py``.

Prints one line per measurement with its target (times are CPU seconds of this process). Seeds
are fixed, so two runs differ only in time. The whole run takes well under two minutes on the
project's machines.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from league.elo import RatedMatch, Side, recompute  # noqa: E402
from league.pairing import SwissEntry, pair_swiss  # noqa: E402
from league.seating import count_repeats, plan_rounds  # noqa: E402
from league.standings import Bye, MatchResult, compute_standings  # noqa: E402

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """Run ``fn`` once and return its result and the CPU seconds it took."""
    # CPU time rather than wall time: the machine is shared with other work, and the targets
    # are for one core.
    start = time.process_time()
    result = fn()
    return result, time.process_time() - start


def random_matches(count: int, rng: random.Random) -> list[RatedMatch]:
    """A mix of partnership matches, Zhao Pengyou deals and Si Se Pai deals among 2,000 players."""
    matches = []
    for match_id in range(1, count + 1):
        kind = match_id % 3
        if kind == 0:
            a, b, c, d = rng.sample(range(2000), 4)
            won = rng.random() < 0.5
            sides: tuple[Side, ...] = (Side((a, b), 1 if won else 2), Side((c, d), 2 if won else 1))
            matches.append(RatedMatch(match_id, "shengji", sides))
        elif kind == 1:
            players = rng.sample(range(2000), rng.randint(6, 10))
            cut = rng.randint(1, len(players) // 2)
            won = rng.random() < 0.5
            sides = (Side(tuple(players[:cut]), 1 if won else 2), Side(tuple(players[cut:]), 2 if won else 1))
            matches.append(RatedMatch(match_id, "zhaopengyou", sides, zero_sum=True, deal_id=match_id))
        else:
            players = rng.sample(range(2000), rng.randint(2, 4))
            winner = rng.randrange(len(players))
            sides = tuple(Side((p,), 1 if i == winner else 2) for i, p in enumerate(players))
            matches.append(RatedMatch(match_id, "sisepai", sides, winner_only=True, void=rng.random() < 0.05))
    return matches


def swiss_tournament(
    entries: int, rounds: int, rng: random.Random, forbidden: tuple[tuple[int, int], ...] = ()
) -> tuple[list[float], list[MatchResult], list[Bye]]:
    """Pair and play a Swiss with random results; returns the pairing times and the results.

    ``forbidden`` pairs are kept apart; one that meets anyway would stop the run.
    """
    points = dict.fromkeys(range(1, entries + 1), 0)
    played: list[tuple[int, int]] = []
    byes: list[Bye] = []
    results: list[MatchResult] = []
    times = []
    for r in range(1, rounds + 1):
        order = sorted(points, key=lambda e: (-points[e], e))
        standings = [SwissEntry(e, points[e]) for e in order]
        previous_byes = [b.entry for b in byes]
        pair = partial(pair_swiss, standings, list(played), previous_byes, r, forbidden=forbidden)
        pairing, seconds = timed(pair)
        assert not pairing.forbidden_met, pairing.forbidden_met
        times.append(seconds)
        for a, b in pairing.pairs:
            outcome = rng.choice([0, 1, 2])
            diff = rng.randint(1, 6) * (outcome - 1)
            results.append(
                MatchResult(r, (a, b), (outcome, 2 - outcome), (2 - outcome, outcome), (diff, -diff))
            )
            points[a] += outcome
            points[b] += 2 - outcome
        played += pairing.pairs
        if pairing.bye is not None:
            byes.append(Bye(r, pairing.bye, 2))
            points[pairing.bye] += 2
    return times, results, byes


def main() -> None:
    """Run every measurement and print the table."""
    rows: list[tuple[str, str, str]] = []

    matches = random_matches(100_000, random.Random(1))
    (_, changes), seconds = timed(lambda: recompute(matches))
    rows.append(
        ("Elo full recompute, 100,000 matches", f"{seconds:.2f} s ({len(changes):,} changes)", "< 5 s")
    )

    times, results, byes = swiss_tournament(200, 9, random.Random(2))
    rows.append(("Swiss pairing, 200 entries, worst of 9 rounds", f"{max(times):.3f} s", "< 0.5 s"))
    rows.append(("Swiss pairing, 200 entries, mean of 9 rounds", f"{sum(times) / len(times):.3f} s", ""))

    rng = random.Random(4)
    forbidden = tuple((a, b) for a, b in (rng.sample(range(1, 201), 2) for _ in range(50)))
    times, _results, _byes = swiss_tournament(200, 9, random.Random(2), forbidden)
    rows.append(
        (
            "Swiss pairing, 200 entries, 50 forbidden pairs, worst of 9 rounds",
            f"{max(times):.3f} s",
            "< 0.5 s",
        )
    )
    rows.append(
        ("Swiss pairing, 200 entries, 50 forbidden pairs, mean", f"{sum(times) / len(times):.3f} s", "")
    )

    times, results, byes = swiss_tournament(201, 9, random.Random(3))
    codes = ["BH", "BH-C1", "SB", "DE", "DIFF", "WIN"]
    table, seconds = timed(lambda: compute_standings(list(range(1, 202)), results, byes, codes))
    rows.append(
        ("Standings, 201 entries, 9 rounds, 6 tie-breaks", f"{seconds:.3f} s ({len(table)} rows)", "")
    )

    for seed in (1, 2, 3):
        plan, seconds = timed(
            partial(plan_rounds, list(range(24)), 6, 4, random.Random(seed), partners_opposite=True)
        )
        repeats = count_repeats(plan, partners_opposite=True)
        result = f"{repeats.meetings} repeats in {seconds:.2f} s"
        rows.append((f"Seating 24 players x 6 rounds at 4 seats (seed {seed})", result, "0 in < 60 s"))

    for label, players, rounds, size, low in (
        ("Seating 40 players x 8 rounds at 4 seats", 40, 8, 4, None),
        ("Seating 30 players x 5 rounds at 6-12 seats", 30, 5, 12, 6),
        ("Seating 22 players x 6 rounds at 2-4 seats", 22, 6, 4, 2),
    ):
        plan, seconds = timed(
            partial(plan_rounds, list(range(players)), rounds, size, random.Random(1), min_size=low)
        )
        # Meetings beyond one per pair can be forced by the sheer number of meetings.
        meetings = sum(len(t) * (len(t) - 1) // 2 for r in plan for t in r.tables)
        bound = max(0, meetings - players * (players - 1) // 2)
        result = f"{count_repeats(plan).meetings} repeats in {seconds:.2f} s"
        rows.append((label, result, f"(at least {bound} forced)"))

    width = max(len(r[0]) for r in rows)
    value = max(len(r[1]) for r in rows)
    print(f"{'measurement':<{width}}  {'result':<{value}}  target")
    for name, result, target in rows:
        print(f"{name:<{width}}  {result:<{value}}  {target}")


if __name__ == "__main__":
    main()
