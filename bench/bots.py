"""Time per decision of the bots: CPU milliseconds per ``choose`` (median, p95, max) per budget.

Usage::

    .venv/bin/python bench/bots.py --deals 3 --budget fast strong --game tractor shengji

Each deal seats the bot under test on the even seats against the heuristic bot. Only the
decisions the bot under test makes are timed, in groups: ``searched`` (it ran playouts, as
``ExpertBot.searched`` says after each decision), split into ``whole`` (playouts to the deal's
end) and ``cut`` (to the trick's end, scored by a leaf evaluation: Tractor), and ``all`` (draws,
forced actions and the decisions it left to its one-ply bot included). Times are CPU
time of this process (``time.process_time``), so other work on the machine moves them little;
the load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import Action, Bot, DealState  # noqa: E402
from engine.core.match import play_deal  # noqa: E402
from engine.core.registry import get_game  # noqa: E402


class Timed(Bot):
    """Wraps a bot and records the CPU time of each ``choose`` and how it searched."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.rng, bot.budget)
        self.bot = bot
        self.times: list[tuple[float, str]] = []

    def offer(self, state: DealState, seat: int) -> Action | None:
        """The wrapped bot's offer (untimed: declarations while drawing)."""
        return self.bot.offer(state, seat)

    def choose(self, state: DealState, seat: int) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.process_time()
        action = self.bot.choose(state, seat)
        spent = time.process_time() - start
        self.times.append((spent, getattr(self.bot, "searched", "")))  # ExpertBot says how it searched
        return action


def figures(times: list[float]) -> dict[str, Any]:
    """Count, median, p95 and max in milliseconds."""
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "decisions": len(ordered),
        "median_ms": round(1000 * statistics.median(ordered), 2),
        "p95_ms": round(1000 * p95, 2),
        "max_ms": round(1000 * ordered[-1], 2),
    }


def bench(
    game_name: str, kind: str, budget: str, deals: int, seed: int, players: int | None
) -> dict[str, Any]:
    """Time ``kind``'s decisions over ``deals`` deals against the heuristic bot."""
    game = get_game(game_name)
    rules = game.rules_from_json({})
    seats = players or game.default_seats
    timed: list[Timed] = []
    for n in range(deals):
        deck = game.shuffled_deck(rules, seats, random.Random(f"bots {seed} {n}"))
        bots: list[Bot] = []
        for seat in range(seats):
            rng = random.Random(f"bots {seed} {n} {seat}")
            if seat % 2 == 0:
                timed.append(Timed(game.bot(kind, rng, budget)))
                bots.append(timed[-1])
            else:
                bots.append(game.bot("heuristic", rng, budget))
        play_deal(game.start(rules, seats, deck, None), bots)
    times = [t for bot in timed for t in bot.times]
    return {
        "game": game_name,
        "players": seats,
        "kind": kind,
        "budget": budget,
        "deals": deals,
        "searched": figures([t for t, searched in times if searched]),
        "whole": figures([t for t, searched in times if searched == "whole"]),
        "cut": figures([t for t, searched in times if searched == "cut"]),
        "all": figures([t for t, _ in times]),
    }


def main() -> None:
    """Parse the arguments, print one JSON line per game and budget."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", nargs="+", default=["tractor", "shengji", "sandaha", "zhaopengyou"])
    p.add_argument("--budget", nargs="+", default=["fast", "strong"])
    p.add_argument("--kind", default="expert")
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int)
    args = p.parse_args()
    print(json.dumps({"load_average": list(os.getloadavg()), "at": "start"}), flush=True)
    for budget in args.budget:
        for name in args.game:
            print(json.dumps(bench(name, args.kind, budget, args.deals, args.seed, args.players)), flush=True)
    print(json.dumps({"load_average": list(os.getloadavg()), "at": "end"}), flush=True)


if __name__ == "__main__":
    main()
