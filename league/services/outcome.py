"""A match's outcome from its deals: the situation after each, the winners, scores and places.

Used for every kind of match (live, offline, uploaded): the engine's ``next_situation`` and
``match_winners`` decide, and a tournament's ``deals_per_match`` ends a match early. When no
winner is named by the engine, the seats with the highest total ``scores`` win (level rises in
Tractor and Shengji, payments in San Da Ha); a table where every seat is equal is a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.game import JSON
from league.services.games import PARTNERSHIP_GAMES, game


def situation_after(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    result: Mapping[str, JSON],
) -> dict[str, JSON]:
    """The next deal's situation (the engine's ``next_situation``)."""
    g = game(name)
    return g.next_situation(g.rules_from_json(rules_json), seats, situation, result)


def played(results: Iterable[Mapping[str, JSON]]) -> int:
    """Deals that count toward a match's length: every finished deal except a redeal."""
    # A Si Se Pai deal ends "win" or "void" (stock ran out): both were played out, as the engine counts.
    return sum(1 for r in results if r.get("outcome") not in (None, "redeal"))


def is_over(
    name: str,
    rules_json: Mapping[str, JSON],
    situation: Mapping[str, JSON] | None,
    results: Sequence[Any],
    target: int,
) -> bool:
    """The engine named winners, or the tournament's number of deals has been played."""
    if situation is not None:
        g = game(name)
        if g.match_winners(g.rules_from_json(rules_json), situation):
            return True
    return target > 0 and played(results) >= target


def totals(seats: int, results: Iterable[Mapping[str, JSON]]) -> list[int]:
    """Each seat's summed ``scores`` over the deals."""
    total = [0] * seats
    for result in results:
        for seat, value in enumerate(result.get("scores") or [0] * seats):
            total[seat] += int(value)
    return total


def places(name: str, winners: Sequence[int], score: Sequence[int]) -> list[int]:
    """Place per seat (1 best): partnerships by the winners, other tables by score rank."""
    seats = len(score)
    if name in PARTNERSHIP_GAMES or not score:
        everyone = len(set(winners)) == seats
        return [1 if seat in winners or everyone else 2 for seat in range(seats)]
    return [1 + sum(1 for other in score if other > mine) for mine in score]


def match_result(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    results: Sequence[Any],
) -> dict[str, JSON]:
    """The stored ``Match.result``: winners (seats), score per seat, places and deals played."""
    score = totals(seats, results)
    engine_winners = None
    if situation is not None:
        g = game(name)
        engine_winners = g.match_winners(g.rules_from_json(rules_json), situation)
    best = max(score) if score else 0
    winners = list(engine_winners) if engine_winners else [s for s in range(seats) if score[s] == best]
    return {
        "winners": winners,
        "score": score,
        "places": places(name, winners, score),
        "deals": played(results),
    }
