"""A model row's stored JSON as the engine's typed values, converted once where a service reads it.

The rows keep the JSON the engine wrote (``Deal.result``, ``Deal.situation``, ``Match.situation``);
services read these typed values instead of indexing that JSON by string (engine/core/result.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.core.game import JSON
from engine.core.result import DealResult, MatchSituation, Stored, seq
from league.models import Deal, Match
from league.services.games import game


@dataclass(frozen=True)
class MatchResult(Stored):
    """``Match.result``, one shape for every match: winners (seats), score and place per seat, the
    deals played; Zhao Pengyou also ``levels`` (risen from 2) and ``game_points`` (its score).

    Written only by ``league.services.match_end.write_result``.
    """

    winners: tuple[int, ...] = seq()
    score: tuple[int, ...] = seq()
    places: tuple[int, ...] = seq()
    deals: int = 0
    levels: tuple[int, ...] = seq()
    game_points: tuple[int, ...] = seq()

    def column(self, name: str) -> tuple[int, ...]:
        """The per-seat list a game's standings sum (``Game.points_from``, ``second_from``; "": none)."""
        columns = {"score": self.score, "levels": self.levels, "game_points": self.game_points}
        return columns[name] if name else ()


def match_result(match: Match) -> MatchResult | None:
    """A match row's result (``None`` until the match is over)."""
    return MatchResult.from_json(match.result) if match.result else None


def result(name: str, stored: Mapping[str, JSON]) -> DealResult:
    """A deal result of game ``name`` as its typed value."""
    return game(name).typed_result(stored)


def results(name: str, stored: Iterable[Mapping[str, JSON]]) -> list[DealResult]:
    """Deal results of game ``name``, each as its typed value."""
    typed = game(name).typed_result
    return [typed(r) for r in stored]


def situation(name: str, stored: Mapping[str, JSON] | None) -> MatchSituation | None:
    """A match situation of game ``name`` as its typed value (``None`` before the first deal)."""
    return game(name).typed_situation(stored)


def deal_result(deal: Deal) -> DealResult | None:
    """A deal row's result (``None`` while it is being played)."""
    return result(deal.game, deal.result) if deal.result else None


def finished_results(match: Match) -> list[DealResult]:
    """Results of the match's finished deals, in order."""
    rows = match.deals.filter(status=Deal.Status.FINISHED).order_by("number")
    return results(match.game, (d.result for d in rows if d.result))
