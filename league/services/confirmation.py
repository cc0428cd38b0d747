"""Who may confirm an offline result: the one rule every confirm path asks, and the log it reads.

A result is confirmed by a player of a side that did not enter, upload, undo or submit any of its
deals since the last confirmation, or accepted by a director's override. In partnership games
(Tractor, Shengji) a side is a pair of partners (seats 0 and 2 against 1 and 3); in Zhao Pengyou,
San Da Ha and Si Se Pai, where sides change every deal or every player plays alone, each seat is
its own side, so "the other side" is every other player. Every step is kept as a ``ResultEvent``
(who, from which seat, when), shown on the match page.
"""

from __future__ import annotations

from typing import Any

from league.models import Match, ResultEvent, ResultReport
from league.services.games import side_of

# Steps that make their side a party to the result: it may no longer confirm it.
CHANGES = frozenset(
    {
        ResultEvent.Kind.ENTERED,
        ResultEvent.Kind.UPLOADED,
        ResultEvent.Kind.UNDONE,
        ResultEvent.Kind.SUBMITTED,
        ResultEvent.Kind.CORRECTED,
    }
)
CONFIRMATIONS = frozenset({ResultEvent.Kind.CONFIRMED, ResultEvent.Kind.OVERRIDDEN})


def seat_of(match: Match, user: Any) -> int | None:
    """The seat of the user's player at this match, or ``None``."""
    if user is None or not user.is_authenticated:
        return None
    seat = match.seats.filter(player__user=user).first()
    return seat.seat if seat else None


def record(match: Match, user: Any, kind: str, deal_number: int | None = None) -> ResultEvent:
    """Keep one step of the result: who did what, from which seat, and when."""
    by = user if user is not None and user.is_authenticated else None
    return ResultEvent.objects.create(
        match=match, kind=kind, by=by, seat=seat_of(match, user), deal_number=deal_number
    )


def since_last_confirmation(match: Match) -> list[ResultEvent]:
    """The match's steps after its last confirmation or override (all of them if there is none)."""
    events = list(match.result_events.order_by("id"))
    last = max((i for i, e in enumerate(events) if e.kind in CONFIRMATIONS), default=-1)
    return events[last + 1 :]


def changed_sides(match: Match) -> set[int]:
    """Sides that entered or changed the result since the last confirmation.

    The report's entering seat counts too, so a result entered before the log existed keeps the
    old guard (its entering side never confirms).
    """
    seats = {e.seat for e in since_last_confirmation(match) if e.kind in CHANGES and e.seat is not None}
    report = getattr(match, "report", None)
    if report is not None and report.entered_seat is not None:
        seats.add(report.entered_seat)
    return {side_of(match.game, seat) for seat in seats}


def may_confirm(match: Match, user: Any) -> bool:
    """The rule: a submitted result is confirmed by a seated player whose side did not touch it."""
    report = getattr(match, "report", None)
    if report is None or report.status != ResultReport.Status.PENDING:
        return False
    seat = seat_of(match, user)
    return seat is not None and side_of(match.game, seat) not in changed_sides(match)
