"""Who may confirm an offline result: the one rule every confirm path asks, and the log it reads.

A result is confirmed by a player of a side that did not enter, upload, undo or submit any of its
deals since the last confirmation, or accepted by a director's override. In partnership games
(Tractor, Shengji) a side is a pair of partners (seats 0 and 2 against 1 and 3); in Zhao Pengyou,
San Da Ha and Si Se Pai, where sides change every deal or every player plays alone, each seat is
its own side, so "the other side" is every other player. Every step is kept as a ``ResultEvent``
(who, from which seat, when, and the table card's code when it came from the table's phone),
shown on the match page.

The table's phone acts without an account: a ``TableActor`` is a side that proved itself with
its PIN on the match's table card (``league/services/table_codes.py``). It passes through the
same rule as a signed-in player: its seat is its side's first seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league.models import Match, ResultEvent, ResultReport, TableCode
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


@dataclass(frozen=True)
class TableActor:
    """A side at the physical table, known by the PIN it typed on the phone page (no account)."""

    code: TableCode
    seat: int
    # Never a signed-in user: access checks (manages, is_member) see an anonymous visitor.
    is_authenticated = False


def seat_of(match: Match, user: Any) -> int | None:
    """The seat of the user's player (or of the table's side) at this match, or ``None``."""
    if isinstance(user, TableActor):
        return user.seat if user.code.match_id == match.pk else None
    if user is None or not user.is_authenticated:
        return None
    seat = match.seats.filter(player__user=user).first()
    return seat.seat if seat else None


def account(user: Any) -> Any:
    """The signed-in user behind a step, or ``None`` (an anonymous visitor, the table's phone)."""
    return user if user is not None and user.is_authenticated else None


def record(match: Match, user: Any, kind: str, deal_number: int | None = None) -> ResultEvent:
    """Keep one step of the result: who did what, from which seat, and when."""
    by = account(user)
    code = user.code if isinstance(user, TableActor) else None
    event = ResultEvent.objects.create(
        match=match, kind=kind, by=by, seat=seat_of(match, user), deal_number=deal_number, table_code=code
    )
    announce_step(match)
    return event


def announce_step(match: Match) -> None:
    """After commit, tell the tournament's live pages that a table's result moved on."""
    from league import tasks

    if match.tournament_id is not None and match.round_id is not None:
        tournament, number = match.tournament_id, match.round.number  # type: ignore[union-attr]
        transaction.on_commit(lambda: tasks.announce_round(tournament, number))


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
    seat = seat_of(match, user)
    return seat is not None and side_may_confirm(match, side_of(match.game, seat))


def side_may_confirm(match: Match, side: int) -> bool:
    """Whether ``side`` may confirm the submitted result: it entered and changed none of it."""
    report = getattr(match, "report", None)
    if report is None or report.status != ResultReport.Status.PENDING:
        return False
    return side not in changed_sides(match)
