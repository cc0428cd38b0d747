"""``python -m engine bench``: speed of every game beside RLCard's raw Dou Dizhu engine, in one run.

The one module of the engine that reads a clock, to measure; no rule uses it and no game module
imports it. Every figure is for this one process on one core, per second of its CPU time
(``time.process_time``), so that other work on the machine slows the figures less than it would
slow wall-clock ones; the wall-clock rate is printed beside, and the load average at the start
and the end. Compare figures only within one run.

* A *decision* is an action a player chooses (plays, declarations, bids, burials, calls,
  claims); an *action* is any step of the record, draws included.
* Each game is played by its ``random`` bots through ``engine.core.match.play_deal`` (the public
  ``apply``, which validates every action), from a seeded generator. The shuffle and
  ``game.start`` are timed with the play, as RLCard's ``init_game`` (which shuffles and deals)
  is with its steps (since 2026-11-26; before, only the play was timed, about 2% of a deal less).
* RLCard's Dou Dizhu (``pip install rlcard``, optional) is driven the same way, engine only:
  ``env.game.init_game()``, then a seeded ``random.Random`` picks among the legal actions the
  game lists at every step (``env.game.state["actions"]``; the game has no other legal-action
  call) and ``env.game.step(action)`` until ``env.game.is_over()``: no observation encoding, no
  agent. ``ratio_to_rlcard`` is a game's decisions/s over RLCard's in the same run.
* Both are timed after ``WARMUP`` untimed deals of their own (other seeds): the first deals of a
  game in a process pay for its lazy imports and per-trump tables, costs of the process rather
  than of a deal, and RLCard gets the same head start.
* The rows take ``TURNS`` turns, each playing a fortieth of its deals, RLCard first in every
  turn (since 2026-11-26; before, each row played all its deals at once): the machine's speed
  moves by a fifth from one second to the next (RLCard alone, 20 games at a time: 10,500 to
  18,700 decisions a second), and taking turns spreads every row over the same seconds.
  ``ratio_by_turn`` is the lower quartile, the median and the upper quartile of the turns'
  ratios.
* ``copy_us``: one ``state.copy()``; ``frame_us``: what a table renders per seat, ``view(seat)``
  plus the seat's legal hints (``islice(legal_actions(seat), HINTS + 1)`` in notation), per seat;
  both the median over positions every few steps of random deals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from itertools import islice
from typing import Any, TextIO, TypeVar

from engine.core.game import DealState
from engine.core.match import play_deal
from engine.core.registry import game_names, get_game
from engine.family.phases import Phase

# Games also measured at table sizes other than their default (Zhao Pengyou: 6, 9 and 12 players).
MORE_SEATS: dict[str, tuple[int, ...]] = {"zhaopengyou": (9, 12)}
T = TypeVar("T")
HINTS = 100  # legal actions a table lists per view (tables.services.views.MAX_HINTS)
WARMUP = 20  # untimed deals before a game's (and RLCard's) timed ones
TURNS = 40  # turns the rows take, each playing a fortieth of the deals


class Row:
    """One row of the bench: deals played in as many calls of ``run`` as it takes, timed and
    counted together, so that the rows can take turns (``bench``) and every row meets the same
    moments of the machine."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.deals = self.decisions = self.actions = 0
        self.cpu = self.wall = 0.0
        self.rates: list[float] = []  # decisions per CPU second of each ``run``, turn by turn

    def run(self, deals: int) -> None:
        """Play ``deals`` more deals, adding their counts and times."""
        decisions, cpu = self.decisions, self.cpu
        for _ in range(deals):
            self.play_one()
        self.deals += deals
        if deals:
            self.rates.append((self.decisions - decisions) / max(self.cpu - cpu, 1e-9))

    def play_one(self) -> None:
        """Play one deal, adding to the counts and the times."""
        raise NotImplementedError

    def timed(self, task: Callable[[], T]) -> T:
        """``task()``, its CPU and wall-clock time added to the row's."""
        began, began_cpu = time.perf_counter(), time.process_time()
        done = task()
        self.cpu += time.process_time() - began_cpu
        self.wall += time.perf_counter() - began
        return done

    def line(self) -> dict[str, Any]:
        """The row's JSON line."""
        return {
            "game": self.name,
            "deals": self.deals,
            "decisions": self.decisions,
            "actions": self.actions,
            **_rates(self.decisions, self.actions, self.deals, self.cpu, self.wall),
        }


class GameRow(Row):
    """Bots of ``kind`` playing one of our games at ``seats`` players (default: the game's)."""

    def __init__(self, name: str, seed: int, kind: str = "random", seats: int | None = None) -> None:
        super().__init__(name)
        self.game = get_game(name)
        self.rules = self.game.rules_from_json({})
        self.seats = seats or self.game.default_seats
        self.kind = kind
        warm = random.Random(f"warm-up {seed}")  # its own generator: the timed deals stay the same
        for _ in range(WARMUP):
            deck = self.game.shuffled_deck(self.rules, self.seats, warm)
            bots = [self.game.bot(kind, warm) for _ in range(self.seats)]
            play_deal(self.game.start(self.rules, self.seats, deck, None), bots)
        self.rng = random.Random(seed)

    def play_one(self) -> None:
        """One deal; the shuffle and the start are timed too, as RLCard's ``init_game`` is (the
        bots' generators, drawn between them from the same generator, are not)."""
        game, rules, seats, rng = self.game, self.rules, self.seats, self.rng
        deck = self.timed(lambda: game.shuffled_deck(rules, seats, rng))
        bots = [game.bot(self.kind, random.Random(rng.getrandbits(64))) for _ in range(seats)]
        steps = self.timed(lambda: play_deal(game.start(rules, seats, deck, None), bots))
        self.actions += len(steps)
        self.decisions += sum(1 for _, text in steps if text != "draw")

    def line(self) -> dict[str, Any]:
        """The row's JSON line, with the table size and the bots."""
        return {"game": self.name, "players": self.seats, "bots": self.kind, **super().line()}


def _rates(decisions: int, actions: int, deals: int, cpu: float, wall: float) -> dict[str, Any]:
    cpu, wall = max(cpu, 1e-9), max(wall, 1e-9)
    return {
        "decisions_per_s": round(decisions / cpu),
        "actions_per_s": round(actions / cpu),
        "deals_per_s": round(deals / cpu, 1),
        "wall_decisions_per_s": round(decisions / wall),
    }


class RLCardRow(Row):
    """RLCard's Dou Dizhu rules engine with random legal actions (``rlcard_row``)."""

    def __init__(self, seed: int) -> None:
        import rlcard

        super().__init__("rlcard doudizhu (engine)")
        self.engine = rlcard.make("doudizhu", config={"seed": seed}).game
        warm = random.Random(f"warm-up {seed}")
        for _ in range(WARMUP):
            self.engine.init_game()
            while not self.engine.is_over():
                self.engine.step(warm.choice(self.engine.state["actions"]))
        self.rng = random.Random(seed)

    def play_one(self) -> None:
        """One game from ``init_game`` to ``is_over``, every step a decision."""
        self.decisions += self.timed(self._game)

    def _game(self) -> int:
        engine, steps = self.engine, 0
        engine.init_game()
        while not engine.is_over():
            engine.step(self.rng.choice(engine.state["actions"]))
            steps += 1
        self.actions += steps
        return steps

    def line(self) -> dict[str, Any]:
        """The row's JSON line (three players, random bots)."""
        return {"game": self.name, "players": 3, "bots": "random", **super().line()}


def rlcard_row(seed: int) -> RLCardRow | None:
    """RLCard's row, ``None`` without rlcard."""
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    return RLCardRow(seed)


def positions(name: str, seats: int, seed: int, every: int = 5, deals: int = 4) -> list[DealState]:
    """Copies of every ``every``-th state of ``deals`` random deals (every phase is met)."""
    game = get_game(name)
    rules = game.rules_from_json({})
    rng = random.Random(seed)
    out: list[DealState] = []
    for _ in range(deals):
        state = game.start(rules, seats, game.shuffled_deck(rules, seats, rng), None)
        bots = [game.bot("random", random.Random(rng.getrandbits(64))) for _ in range(seats)]
        step = 0
        while not state.is_over():
            if step % every == 0:
                out.append(_replayed(game, rules, seats, state))
            must = state.must_move()
            seat = min(must)
            state.apply(seat, bots[seat].choose(state, seat))
            step += 1
    return out


def _replayed(game: Any, rules: Any, seats: int, state: DealState) -> DealState:
    copy = getattr(state, "copy", None)
    if copy is not None:
        return copy()  # type: ignore[no-any-return]
    import copy as copying  # an engine without copy(): measure on a deep copy all the same

    return copying.deepcopy(state)


def _median_us(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1e6, 1) if samples else 0.0


def state_costs(name: str, seats: int, seed: int, deals: int = 4) -> dict[str, Any]:
    """Median microseconds of one ``copy()`` and of one seat's frame (view + legal hints)."""
    states = positions(name, seats, seed, deals=deals)
    copies: list[float] = []
    frames: list[float] = []
    for state in states:
        if hasattr(state, "copy"):
            began = time.process_time()
            for _ in range(20):
                state.copy()
            copies.append((time.process_time() - began) / 20)
        began = time.process_time()
        for seat in range(seats):
            state.view(seat)
            if seat in state.to_move():
                [str(a) for a in islice(state.legal_actions(seat), HINTS + 1)]
        frames.append((time.process_time() - began) / seats)
    return {"positions": len(states), "copy_us": _median_us(copies) or None, "frame_us": _median_us(frames)}


def _mid_deal(rng: random.Random, leading: bool) -> Any:
    """A Tractor deal by heuristic bots with about half the cards played, at a lead or a follow."""
    from engine.family.trickdeal import TrickDeal

    game = get_game("tractor")
    rules = game.rules_from_json({})
    while True:
        state = game.start(rules, 4, game.shuffled_deck(rules, 4, rng), None)
        bots = [game.bot("heuristic", random.Random(rng.getrandbits(64))) for _ in range(4)]
        assert isinstance(state, TrickDeal)
        while not state.is_over() and not (
            state.phase is Phase.PLAY and sum(state.hands[0].values()) <= 13 and bool(state.trick) != leading
        ):
            seat = min(state.must_move())
            state.apply(seat, bots[seat].choose(state, seat))
        if not state.is_over():
            return state


def check_timing(seed: int, leading: bool, repeats: int = 2000) -> dict[str, Any]:
    """Median time of ``check`` for a legal play in a mid-deal Tractor position.

    Following: the heuristic bot's play. Leading: the longest legal lead (a throw when there is one).
    """
    from engine.family.actions import Play

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


def tables() -> list[tuple[str, int]]:
    """Every game at its default table size, and the other sizes of ``MORE_SEATS``."""
    out = []
    for name in game_names():
        game = get_game(name)
        out += [(name, seats) for seats in (game.default_seats, *MORE_SEATS.get(name, ()))]
    return out


def bench(args: argparse.Namespace, out: TextIO) -> int:
    """Print one JSON line per figure: load, RLCard, every game with its ratio, state costs, checks."""

    def emit(line: dict[str, Any]) -> None:
        out.write(json.dumps(line) + "\n")
        out.flush()

    emit({"load_average": list(os.getloadavg()), "at": "start", "cpus": os.cpu_count()})
    rl = rlcard_row(args.seed)
    games = [GameRow(name, args.seed, seats=seats) for name, seats in tables()]
    rows: list[Row] = [*([rl] if rl else []), *games]
    for turn in range(TURNS):  # the rows take turns, so a slower minute of the machine hits every row
        for row in rows:
            row.run(args.deals * (turn + 1) // TURNS - args.deals * turn // TURNS)
    baseline = rl.line() if rl else {"game": "rlcard doudizhu (engine)", "skipped": "rlcard is not installed"}
    emit(baseline)
    for row in games:
        line = row.line()
        if rl:
            line["ratio_to_rlcard"] = round(line["decisions_per_s"] / baseline["decisions_per_s"], 2)
            turns = [mine / theirs for mine, theirs in zip(row.rates, rl.rates, strict=True)]
            quartiles = statistics.quantiles(turns, n=4) if len(turns) > 1 else turns * 3
            line["ratio_by_turn"] = [round(q, 2) for q in quartiles]
        emit(line)
    for name, seats in tables():
        emit({"game": name, "players": seats, **state_costs(name, seats, args.seed, min(4, args.deals))})
    for leading in (False, True):
        emit({"check": check_timing(args.seed, leading)})
    from engine.games.sisepai.bench import bench as sisepai_bench

    emit({"game": "sisepai", "win_check": sisepai_bench()})
    emit({"load_average": list(os.getloadavg()), "at": "end"})
    return 0


def cpu_seconds(task: Callable[[], T]) -> tuple[T, float]:
    """``task()``'s result and the CPU seconds it took (what ``python -m engine review`` reports)."""
    began = time.process_time()
    done = task()
    return done, time.process_time() - began
