"""A deal's or a match's stored result as the engine's typed value, for the pages that show it.

Pages read the fields of these values (``league.services.typed_rows``), never the stored JSON.
"""

from __future__ import annotations

from django import template

from engine.core.result import DealResult, Stored
from league.models import Deal, Match
from league.services import typed_rows
from league.services.typed_rows import MatchResult

register = template.Library()


@register.filter
def deal_result(deal: Deal) -> DealResult | None:
    """The deal's result (``None`` while it is being played)."""
    return typed_rows.deal_result(deal)


@register.filter
def match_result(match: Match) -> MatchResult | None:
    """The match's result (``None`` until it is over)."""
    return typed_rows.match_result(match)


@register.filter
def stores(value: Stored | None, key: str) -> bool:
    """Whether the stored value holds ``key`` (a field it does not store shows nothing)."""
    return value is not None and value.has(key)
