"""``python -m engine bench``: speed of every registered game, and of RLCard's Dou Dizhu if installed.

The one module of the engine that reads a clock (``time.perf_counter``), to measure; no rule uses it
and no game module imports it. Figures are for one process on one core. A *decision* is an action a
player chooses (plays, declarations, bids, burials); draws are not decisions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, TextIO

from engine.match import play_deal
from engine.registry import game_names, get_game

# Games also measured at table sizes other than their default (Zhao Pengyou: 6, 9 and 12 players).
MORE_SEATS: dict[str, tuple[int, ...]] = {"zhaopengyou": (9, 12)}


def bench_game(
    name: str, deals: int, seed: int, kind: str = "random", seats: int | None = None
) -> dict[str, Any]:
    """Bots of ``kind`` play ``deals`` deals of ``name`` (at ``seats`` players, default the game's)."""
    game = get_game(name)
    rules = game.rules_from_json({})
    seats = seats or game.default_seats
    rng = random.Random(seed)
    decisions = 0
    elapsed = 0.0
    for _ in range(deals):
        deck = game.shuffled_deck(rules, seats, rng)
        bots = [game.bot(kind, random.Random(rng.getrandbits(64))) for _ in range(seats)]
        state = game.start(rules, seats, deck, None)
        began = time.perf_counter()
        actions = play_deal(state, bots)
        elapsed += time.perf_counter() - began
        decisions += sum(1 for _, text in actions if text != "draw")
    return {
        "game": name,
        "players": seats,
        "bots": kind,
        "deals": deals,
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
        "deals_per_s": round(deals / elapsed, 1),
    }


def bench_rlcard(games: int, seed: int) -> dict[str, Any] | None:
    """RLCard's Dou Dizhu with random agents, counted the same way; ``None`` without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("doudizhu", config={"seed": seed})
    counter = [0]

    class Counting(RandomAgent):  # type: ignore[misc]
        def eval_step(self, state: Any) -> Any:
            counter[0] += 1
            return super().eval_step(state)

    env.set_agents([Counting(num_actions=env.num_actions) for _ in range(env.num_players)])
    began = time.perf_counter()
    for _ in range(games):
        env.run(is_training=False)
    elapsed = time.perf_counter() - began
    return {
        "game": "rlcard doudizhu",
        "bots": "random",
        "deals": games,
        "decisions": counter[0],
        "decisions_per_s": round(counter[0] / elapsed),
        "deals_per_s": round(games / elapsed, 1),
    }


def _mid_deal(rng: random.Random, leading: bool) -> Any:
    """A Tractor deal by heuristic bots with about half the cards played, at a lead or a follow."""
    from engine.trickdeal import TrickDeal

    game = get_game("tractor")
    rules = game.rules_from_json({})
    while True:
        state = game.start(rules, 4, game.shuffled_deck(rules, 4, rng), None)
        bots = [game.bot("heuristic", random.Random(rng.getrandbits(64))) for _ in range(4)]
        assert isinstance(state, TrickDeal)
        while not state.is_over() and not (
            state.phase == "play" and sum(state.hands[0].values()) <= 13 and bool(state.trick) != leading
        ):
            seat = min(state.must_move())
            state.apply(seat, bots[seat].choose(state, seat))
        if not state.is_over():
            return state


def check_timing(seed: int, leading: bool, repeats: int = 2000) -> dict[str, Any]:
    """Median time of ``check`` for a legal play in a mid-deal Tractor position.

    Following: the heuristic bot's play. Leading: the longest legal lead (a throw when there is one).
    """
    from engine.actions import Play

    state = _mid_deal(random.Random(seed), leading)
    seat = min(state.must_move())
    plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
    action = max(plays, key=lambda a: len(a.cards)) if leading else state.sample_actions(seat, 1)[0]
    times = []
    for _ in range(repeats):
        began = time.perf_counter_ns()
        state.check(seat, action)
        times.append(time.perf_counter_ns() - began)
    where = "leading" if leading else "following " + " ".join(sorted(state.trick[0][1].elements()))
    return {"position": f"{where}, checking {action}", "median_us": round(statistics.median(times) / 1000, 1)}


def bench(args: argparse.Namespace, out: TextIO) -> int:
    """Print one JSON line per figure."""
    for name in game_names():
        out.write(json.dumps(bench_game(name, args.deals, args.seed)) + "\n")
        out.flush()
        for seats in MORE_SEATS.get(name, ()):
            out.write(json.dumps(bench_game(name, args.deals, args.seed, seats=seats)) + "\n")
            out.flush()
    rl = bench_rlcard(args.deals * 5, args.seed)
    out.write(json.dumps(rl or {"game": "rlcard doudizhu", "skipped": "rlcard is not installed"}) + "\n")
    for leading in (False, True):
        out.write(json.dumps({"check": check_timing(args.seed, leading)}) + "\n")
    from engine.sisepai.bench import bench as sisepai_bench

    out.write(json.dumps({"game": "sisepai", "win_check": sisepai_bench()}) + "\n")
    return 0
