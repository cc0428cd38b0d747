"""Who may see a replay and comment on it, on top of ``league.access`` (the one set of rules).

A deal is shown only once it is finished, and only to those who may see its match; anything
else is a 404. ``visible_deals`` is the same rule as a query, for the lists of recent deals.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from league import access
from league.models import Deal, Membership
from replays.models import Comment
from replays.services.boards import board_open, hidden_boards


def can_view_deal(user: Any, deal: Deal) -> bool:
    """A finished deal of a match the user may see (a duplicate board's: see ``board_open``)."""
    return (
        deal.status == Deal.Status.FINISHED
        and access.can_view_match(user, deal.match)
        and board_open(user, deal)
    )


def visible_deals(user: Any) -> QuerySet[Deal]:
    """Finished deals of every match ``can_view_match`` lets the user see."""
    public_club = Q(match__club__is_public=True)
    shown = public_club & (Q(match__tournament__isnull=True) | Q(match__tournament__is_public=True))
    if user is not None and user.is_authenticated:
        clubs = Membership.objects.filter(user=user).values("club_id")
        shown |= Q(match__club_id__in=clubs)
    return Deal.objects.filter(shown, status=Deal.Status.FINISHED).exclude(hidden_boards())


def can_comment(user: Any, deal: Deal) -> bool:
    """Club members comment; anyone signed in may too on a public tournament's deals."""
    if user is None or not user.is_authenticated or not can_view_deal(user, deal):
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
