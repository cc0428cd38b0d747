"""``python -m engine duel``: duplicate play between two bot kinds, so card luck cancels.

Every deck is dealt once and played twice: in the first deal kind ``a`` holds the even seats and
``b`` the odd ones, in the second the seats swap (the alternate seats rotated by one), so each
kind holds each seat, and therefore each hand, once per deck, whatever the number of seats (Zhao
Pengyou's 6-12, Si Se Pai's 2-4, the partnerships of four). Every deck is the first deal of a
match. A deal's result for a kind is the mean of its seats' ``scores`` (levels risen in Shengji
and Tractor, points paid in San Da Ha and Si Se Pai, rank rises in Zhao Pengyou); a deck's
difference is the sum over its two deals of ``a``'s result minus ``b``'s.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from multiprocessing import get_context
from typing import Any, TextIO

from engine.core.game import JSON, Game, Rules
from engine.core.match import play_deal
from engine.core.registry import get_game
from engine.search.stats import mean, stderr

ARRANGEMENTS = 2  # the alternate seats, then the same rotated by one seat


def a_seats(seats: int, arrangement: int) -> list[int]:
    """The seats kind ``a`` holds in a deck's deal ``arrangement`` (0: even seats, 1: odd seats)."""
    return [seat for seat in range(seats) if (seat + arrangement) % 2 == 0]


def duel_deck(game: Game, rules: Rules, seats: int, seed: int, deck_number: int) -> tuple[str, ...]:
    """Deck ``deck_number`` of the duel drawn from ``seed``."""
    return game.shuffled_deck(rules, seats, random.Random(f"duel {seed} deck {deck_number}"))


def seat_generator(seed: int, deck_number: int, arrangement: int, seat: int) -> random.Random:
    """The generator of ``seat``'s bot in deal ``arrangement`` of deck ``deck_number``."""
    return random.Random(f"duel {seed} deck {deck_number} deal {arrangement} seat {seat}")


def a_difference(scores: Sequence[float], mine: Sequence[int]) -> float:
    """``a``'s result minus ``b``'s in one deal: the means of their seats' scores."""
    return mean([scores[s] for s in mine]) - mean([scores[s] for s in range(len(scores)) if s not in mine])


def deal_share(diffs: Sequence[float]) -> float:
    """The share of deals whose difference favours ``a``, ties counting half."""
    return sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in diffs) / max(1, len(diffs))


def play_deck(job: tuple[str, str, str, int, int, int, str, dict[str, JSON]]) -> dict[str, JSON]:
    """One deck played in both arrangements: its deals and ``a``'s difference (one JSON line)."""
    name, kind_a, kind_b, seats, seed, deck_number, budget, rules_json = job
    game = get_game(name)
    rules = game.rules_from_json(rules_json)
    deck = duel_deck(game, rules, seats, seed, deck_number)
    deals: list[dict[str, JSON]] = []
    for arrangement in range(ARRANGEMENTS):
        mine = a_seats(seats, arrangement)
        bots = [
            game.bot(
                kind_a if seat in mine else kind_b,
                seat_generator(seed, deck_number, arrangement, seat),
                budget,
            )
            for seat in range(seats)
        ]
        state = game.start(rules, seats, deck, None)
        play_deal(state, bots)
        scores = list((state.result() or {}).get("scores") or [0] * seats)
        deals.append({"a_seats": mine, "scores": scores, "diff": a_difference(scores, mine)})
    return {"deck": deck_number, "deals": deals, "diff": sum(float(d["diff"]) for d in deals)}


def summary(name: str, kind_a: str, kind_b: str, decks: Sequence[dict[str, JSON]]) -> dict[str, JSON]:
    """The duel's summary: ``a``'s share of deals (ties half), the mean difference per deck, its 95% CI."""
    diffs = [float(deck["diff"]) for deck in decks]
    deal_diffs = [float(deal["diff"]) for deck in decks for deal in deck["deals"]]
    share = deal_share(deal_diffs)
    middle, half = mean(diffs), 1.96 * stderr(diffs)
    return {
        "duel": {
            "game": name,
            "a": kind_a,
            "b": kind_b,
            "deals": len(deal_diffs),
            "decks": len(diffs),
            "a_deal_share": round(share, 4),
            "mean_diff": round(middle, 4),
            "ci95": [round(middle - half, 4), round(middle + half, 4)],
            "unit": get_game(name).result_unit,
        }
    }


def duel(args: argparse.Namespace, out: TextIO) -> int:
    """Play ``args.deals`` decks twice each; one JSON line per deck, then the summary line."""
    game = get_game(args.game)
    rules_json: dict[str, JSON] = dict(args.rules_json or {})
    rules = game.rules_from_json(rules_json)  # a bad option fails here, before any worker starts
    seats = args.players or game.seats_for(rules) or game.default_seats
    for kind in (args.a, args.b):
        game.bot(kind, random.Random(0), args.budget)  # an unknown kind or budget fails here too
    jobs = [
        (game.name, args.a, args.b, seats, args.seed, n, args.budget, rules_json) for n in range(args.deals)
    ]
    decks: list[dict[str, JSON]] = []
    for deck in _played(jobs, args.jobs):
        out.write(json.dumps(deck) + "\n")
        out.flush()
        decks.append(deck)
    out.write(json.dumps(summary(game.name, args.a, args.b, decks)) + "\n")
    return 0


def _played(jobs: list[Any], workers: int) -> Iterator[dict[str, JSON]]:
    """The decks in order, played in ``workers`` processes (in this one for 1)."""
    if workers <= 1:
        yield from map(play_deck, jobs)
        return
    with get_context("fork").Pool(workers) as pool:
        yield from pool.imap(play_deck, jobs)
