"""A match's outcome from its deals: the situation after each, the winners, scores and places.

Used for every kind of match (live, offline, uploaded): the engine's ``next_situation`` and
``match_winners`` decide, and a tournament's ``deals_per_match`` ends a match early. When no
winner is named by the engine, the seats with the highest total ``scores`` win (level rises in
Tractor and Shengji, payments in San Da Ha and Si Se Pai); a table where every seat is equal is
a draw.

Zhao Pengyou is placed by the rank each player reached, then by the game points they won (the
sum of each won deal's ``game_points``): the players the engine names as winners (they reached
A) share first place, and its result also stores ``levels`` (levels risen from 2, what the
standings count) and ``game_points``; its ``score`` is the game points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.core.game import JSON
from engine.core.result import DealResult, MatchSituation, ZhaoResult, ZhaoSituation
from engine.core.traits import MatchScore
from engine.family.cards import RANKS
from league.services import typed_rows
from league.services.games import game, partnerships
from league.services.typed_rows import MatchResult


def situation_after(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    result: DealResult,
) -> dict[str, JSON]:
    """The next deal's situation (the engine's ``next_situation``, which reads the stored JSON)."""
    g = game(name)
    return g.next_situation(g.rules_from_json(rules_json), seats, situation, result.to_json())


def played(results: Iterable[DealResult]) -> int:
    """Deals that count toward a match's length: every finished deal except a redeal."""
    return sum(1 for r in results if r.counts)


def match_winners(
    name: str, rules_json: Mapping[str, JSON], situation: Mapping[str, JSON] | None
) -> list[int]:
    """The seats the engine names as the match's winners in ``situation`` (none yet: empty)."""
    if situation is None:
        return []
    g = game(name)
    return list(g.match_winners(g.rules_from_json(rules_json), situation) or ())


def totals(seats: int, results: Iterable[DealResult]) -> list[int]:
    """Each seat's summed ``scores`` over the deals."""
    total = [0] * seats
    for result in results:
        for seat, value in enumerate(result.scores or [0] * seats):
            total[seat] += int(value)
    return total


def places(name: str, winners: Sequence[int], score: Sequence[int], levels: Sequence[int] = ()) -> list[int]:
    """Place per seat (1 best): partnerships by the winners, Zhao Pengyou by levels then score
    (the engine's winners sharing first), other tables by score rank."""
    seats = len(score)
    if partnerships(name) or not score:
        everyone = len(set(winners)) == seats
        return [1 if seat in winners or everyone else 2 for seat in range(seats)]
    if levels:
        top = (max(levels) + 1, 0)
        keys = [top if s in winners else (levels[s], score[s]) for s in range(seats)]
    else:
        keys = [(v, 0) for v in score]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def zhao_levels(seats: int, situation: MatchSituation | None, results: Sequence[DealResult]) -> list[int]:
    """Levels each Zhao Pengyou seat rose from 2 by the end of the match (its rank reached)."""
    ranks: Sequence[str] | None = situation.ranks if isinstance(situation, ZhaoSituation) else None
    for result in results:
        if isinstance(result, ZhaoResult):
            ranks = result.ranks_after or ranks
    reached = ranks if ranks and len(ranks) == seats else ["2"] * seats
    return [RANKS.index(str(r)) for r in reached]


def zhao_game_points(seats: int, results: Iterable[DealResult]) -> list[int]:
    """Game points each seat won: a played deal's ``game_points`` for each of its winners."""
    won = [0] * seats
    for result in results:
        if isinstance(result, ZhaoResult) and result.played:
            for seat in result.deal_winners:
                won[int(seat)] += int(result.game_points or 0)
    return won


def match_result(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    results: Sequence[DealResult],
) -> MatchResult:
    """What ``Match.result`` stores: winners (seats), score per seat, places and deals played
    (Zhao Pengyou: also ``levels`` and ``game_points``, its score)."""
    engine_winners = match_winners(name, rules_json, situation)
    levels: list[int] = []
    ranked = game(name).match_score is MatchScore.RANKS
    if ranked:
        score = zhao_game_points(seats, results)
        levels = zhao_levels(seats, typed_rows.situation(name, situation), results)
    else:
        score = totals(seats, results)
    best = max(score) if score else 0
    winners = engine_winners or [s for s in range(seats) if score[s] == best and not levels]
    place = places(name, winners, score, levels)
    winners = winners or [s for s in range(seats) if place[s] == 1]
    keys = ("winners", "score", "places", "deals", *(("levels", "game_points") if ranked else ()))
    return MatchResult(
        keys=keys,
        winners=tuple(winners),
        score=tuple(score),
        places=tuple(place),
        deals=played(results),
        levels=tuple(levels),
        game_points=tuple(score) if ranked else (),
    )
