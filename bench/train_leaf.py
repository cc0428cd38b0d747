"""Fit Tractor's leaf evaluation (``engine/games/tractor/leaf.py``) and write its weights module.

    .venv/bin/python bench/train_leaf.py [--deals 12000] [--jobs 2] [--write]

Plays ``--deals`` Tractor deals (seeded ``leaf <n>``; each seat the expert's one-ply bot or the
playout policy, drawn at random, so both kinds of play are in the positions), takes every
position between tricks with its ``features`` and the defenders' points still to come (the final
points, the kitty's share included, minus those taken), and fits one ridge regression per stretch
of the deal on four positions in five, reporting the fifth's R² and residual deviation. ``--write``
refits each stretch on every position and writes ``engine/games/tractor/leaf_weights.py``. numpy comes
with the bench's extra (RLCard needs it); the engine only reads the written numbers.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.match import bot_move  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.family.expert import FamilyPlayout  # noqa: E402
from engine.family.expertplay import VoidBuryingBot  # noqa: E402
from engine.family.trickdeal import TrickDeal  # noqa: E402
from engine.games.tractor.leaf import FEATURES, features  # noqa: E402

STRETCHES = ((0, 2), (3, 5), (6, 8), (9, 11), (12, 14), (15, 17), (18, 99))  # tricks done, both ends in
RIDGE = 1.0
WEIGHTS = Path(__file__).resolve().parents[1] / "engine" / "games" / "tractor" / "leaf_weights.py"

Row = tuple[int, list[float], int]


def positions(number: int) -> list[Row]:
    """Deal ``number``'s positions between tricks: (tricks done, features, points still to come)."""
    game = get_game("tractor")
    rules = game.rules_from_json({})
    rng = random.Random(f"leaf {number}")
    deal = game.start(rules, 4, game.shuffled_deck(rules, 4, rng), None)
    assert isinstance(deal, TrickDeal)
    kinds = [VoidBuryingBot if rng.random() < 0.5 else FamilyPlayout for _ in range(4)]
    bots = [kind(random.Random(rng.getrandbits(32)), "fast") for kind in kinds]
    seen: list[tuple[int, list[float], int]] = []
    while not deal.is_over():
        if deal.phase == "play" and not deal.trick:
            seen.append((deal.tricks_done, features(deal), deal.side_points()[1]))
        deal.apply_trusted(*bot_move(deal, bots))
    result = deal.result() or {}
    if result.get("outcome") != "played":
        return []
    final = int(result["defender_points"])
    return [(done, row, final - taken) for done, row, taken in seen]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge regression weights (the constant feature penalised like the rest: it is small)."""
    import numpy as np  # the bench extra's: the positions above need only the engine

    return np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)


def main() -> int:
    """Play the deals, fit and report each stretch, write the weights with ``--write``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    import numpy as np

    with get_context("fork").Pool(args.jobs) as pool:
        rows = [row for deal in pool.imap(positions, range(args.deals), chunksize=50) for row in deal]
    fitted = []
    for first, last in STRETCHES:
        chosen = [row for row in rows if first <= row[0] <= last]
        x = np.array([row[1] for row in chosen])
        y = np.array([row[2] for row in chosen], dtype=float)
        train = np.arange(len(y)) % 5 != 0
        held = y[~train] - x[~train] @ fit(x[train], y[train])
        spread = y[~train] - y[~train].mean()
        weights = fit(x, y)
        deviation = float((y - x @ weights).std())
        fitted.append((first, last, round(deviation, 3), [round(float(w), 6) for w in weights]))
        report = {"tricks": [first, last], "positions": len(y), "held_out_r2": 1 - held.var() / spread.var()}
        print(json.dumps({**report, "deviation": round(deviation, 2)}))
    if args.write:
        write(fitted, args.deals)
    return 0


def write(fitted: list[tuple[int, int, float, list[float]]], deals: int) -> None:
    """``engine/games/tractor/leaf_weights.py``: the stretches, their deviations and weights."""
    lines = [
        f'"""Tractor\'s leaf evaluation: ``bench/train_leaf.py --deals {deals} --write`` wrote it.',
        "",
        "Do not edit: refit instead. Each stretch: first and last tricks done, the residual",
        'deviation (card points), one weight per ``engine.games.tractor.leaf.FEATURES`` in order."""',
        "",
        "STRETCHES: tuple[tuple[int, int, float, tuple[float, ...]], ...] = (",
    ]
    for first, last, deviation, weights in fitted:
        assert len(weights) == len(FEATURES)
        lines.extend(["    (", f"        {first},", f"        {last},", f"        {deviation},", "        ("])
        lines.extend(f"            {w!r},  # {name}" for w, name in zip(weights, FEATURES, strict=True))
        lines.extend(["        ),", "    ),"])
    lines.append(")")  # the layout ``ruff format`` gives, so the written file passes the lint as written
    WEIGHTS.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
