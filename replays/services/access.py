"""Who may comment on a replay, on top of ``league.access`` (the one set of rules).

Who may see a deal is ``league.access.can_view_deal`` (and ``visible_deals`` for lists): a
finished deal of a match the visitor may see; anything else is a 404.
"""

from __future__ import annotations

from typing import Any

from league import access
from league.models import Deal
from replays.models import Comment

# What ``access.can_view_deal`` reads of a deal, in the query that finds it.
DEAL_RELATED = ("match__club", "match__tournament__club", "match__round__tournament__club")


def viewable_deal_or_none(user: Any, pk: int) -> Deal | None:
    """The deal if ``user`` may see it, else ``None`` (the pages and the API answer 404)."""
    deal = Deal.objects.select_related(*DEAL_RELATED).filter(pk=pk).first()
    return deal if deal is not None and access.can_view_deal(user, deal) else None


def can_comment(user: Any, deal: Deal) -> bool:
    """Club members comment; anyone signed in may too on a public tournament's deals."""
    if user is None or not user.is_authenticated or not access.can_view_deal(user, deal):
        return False
    match = deal.match
    if access.is_member(user, match.club):
        return True
    return match.tournament is not None and access.can_view_tournament(None, match.tournament)


def can_delete_comment(user: Any, comment: Comment) -> bool:
    """The author, or a director (or owner) of the deal's club."""
    if user is None or not user.is_authenticated:
        return False
    return comment.author_id == user.pk or access.manages(user, comment.deal.match.club)
