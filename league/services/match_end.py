"""A match's end: the one rule that says it is over, and the one writer of ``Match.result``.

Every path that plays or enters deals asks :func:`is_over` (the live table after each deal, hand
entry and uploads before taking another, the demo data's bots), and every path that finishes a
match stores its result through :func:`write_result`, so ``Match.result`` has one shape
(``typed_rows.MatchResult``) whichever way the match was played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from django.utils import timezone

from engine.core.game import JSON
from engine.core.result import DealResult
from league.models import Match
from league.services import outcome
from league.services.typed_rows import MatchResult


def counted(match: Match, results: Sequence[DealResult]) -> int:
    """Deals that count toward the match's length: every one but a redeal; a duplicate table's
    every board, whatever its outcome (it plays each board once, league/boards.py)."""
    return len(results) if match.boards else outcome.played(results)


def is_over(
    match: Match,
    results: Sequence[DealResult],
    situation: Mapping[str, JSON] | None,
    now: datetime | None = None,
) -> bool:
    """Whether a match is over after ``results`` ending in ``situation``: the engine named
    winners, the match's number of deals is played, or its time limit has passed."""
    if outcome.match_winners(match.game, match.rules, situation):
        return True
    if match.deals_target and counted(match, results) >= match.deals_target:
        return True
    return match.ends_at is not None and (now or timezone.now()) >= match.ends_at


def write_result(match: Match, results: Sequence[DealResult]) -> MatchResult:
    """Set ``match.result`` from its finished deals' ``results`` and its situation (saved by the caller)."""
    seats = match.seats.count()
    result = outcome.match_result(match.game, match.rules, seats, match.situation, results)
    match.result = result.to_json()
    return result
