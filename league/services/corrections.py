"""A director's correction as the match page shows it: the deals whose result changed, before and after.

``ResultCorrection`` keeps the match's whole stored results before and after the change
(``league.services.results.correct_deal``): the correction of one deal recomputes every later
deal, so several may change. The page lists only those, each as the typed result the deals
table reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.result import DealResult
from league.models import ResultCorrection
from league.services import typed_rows
from league.services.typed_rows import MatchResult


@dataclass(frozen=True)
class ChangedDeal:
    """One deal's result before and after a correction (``None``: it had none on that side)."""

    number: int
    before: DealResult | None
    after: DealResult | None


@dataclass(frozen=True)
class CorrectionView:
    """A correction with what it changed."""

    correction: ResultCorrection
    deals: list[ChangedDeal]
    before: MatchResult | None
    after: MatchResult | None


def changed_deals(game: str, before: Any, after: Any) -> list[ChangedDeal]:
    """The deals whose stored result differs between two logs' ``deals`` lists, in deal order."""
    old = _deals(before)
    new = _deals(after)
    changed = []
    for i in range(max(len(old), len(new))):
        was = old[i] if i < len(old) else None
        now = new[i] if i < len(new) else None
        if was != now:
            changed.append(ChangedDeal(i + 1, _typed(game, was), _typed(game, now)))
    return changed


def correction_views(game: str, corrections: list[ResultCorrection]) -> list[CorrectionView]:
    """Each correction of a match of ``game`` with its changed deals and match results."""
    return [
        CorrectionView(
            c,
            changed_deals(game, c.before, c.after),
            _match(c.before),
            _match(c.after),
        )
        for c in corrections
    ]


def _deals(log: Any) -> list[Any]:
    deals = log.get("deals") if isinstance(log, dict) else None
    return deals if isinstance(deals, list) else []


def _typed(game: str, stored: Any) -> DealResult | None:
    return typed_rows.result(game, stored) if isinstance(stored, dict) and stored else None


def _match(log: Any) -> MatchResult | None:
    result = log.get("result") if isinstance(log, dict) else None
    return MatchResult.from_json(result) if isinstance(result, dict) and result else None
