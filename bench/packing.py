"""Bytes of a packed finished deal (league/packing.py), per game, against the record's JSON.

    .venv/bin/python bench/packing.py [--deals 20] [--seed 7]

Heuristic bots play ``--deals`` deals of each game (``python -m engine selfplay``'s deals); each is
packed as the site packs it, with four-to-twelve named players, a salt and a server seed, and with
the moves' times in two ways: all at once (``packed_no_times``, as bulk-loaded or uploaded deals)
and as people play (``packed_played``: paced draws 0.3-0.6 s apart, decisions 2-20 s). Prints one
JSON line per game: actions per deal and mean bytes of the record as compact JSON, gzipped, and
packed. Bridge's LIN needs 384-550 bytes for a deal of 52 cards.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def packed_sizes(record: object, rng: random.Random) -> tuple[int, int]:
    """Bytes of ``record`` packed with no times, and with the times of people playing."""
    from engine.core.record import DealRecord
    from league.packing import Packed, Played, pack

    assert isinstance(record, DealRecord)
    seats = [{"id": 1000 + i, "name": f"Player {rng.randrange(10_000):04}"} for i in range(len(record.seats))]
    header = {
        "rules": record.rules,
        "seats": seats,
        "situation": record.situation,
        "salt": record.salt,
        "seed": f"{rng.getrandbits(128):032x}",
    }
    at, played = 0, []
    for seat, text in record.actions:
        at += rng.randint(3, 6) if text == "draw" else rng.randint(20, 200)  # tenths of a second
        played.append(Played(seat, text, False, at))
    still = [Played(seat, text) for seat, text in record.actions]
    return len(pack(Packed(header, record.deck, still))), len(pack(Packed(header, record.deck, played)))


def main() -> int:
    """Play, pack and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals of each game")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    from engine.core.match import selfplay_deal
    from engine.core.registry import game_names, get_game

    for name in game_names():
        game = get_game(name)
        rules = game.rules_from_json({})
        rng = random.Random(args.seed)
        rows = []
        for _ in range(args.deals):
            record = selfplay_deal(game, rules, game.default_seats, None, rng, ["heuristic"])
            text = record.dumps().encode()
            sizes = (len(record.actions), len(text), len(gzip.compress(text)), *packed_sizes(record, rng))
            rows.append(sizes)
        means = [round(statistics.mean(r[i] for r in rows)) for i in range(5)]
        keys = ("actions", "json_bytes", "json_gzip_bytes", "packed_no_times", "packed_played")
        line = {"game": name, "deals": len(rows), **dict(zip(keys, means, strict=True))}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
