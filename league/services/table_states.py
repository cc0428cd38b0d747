"""Where each table of a round stands, for the director's round page and the room's screen.

A state is read from the rows (the match, its deals, its result report), never stored: not
started, deals being entered (how many of how many), waiting for the other side's confirmation,
confirmed (by the other side or a director), or finished at a live table. A table is late once the
round's match time is over and its result is not in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Match, ResultReport, Round


@dataclass(frozen=True)
class TableState:
    """One table's state: a stable code for styling and tests, and what it says."""

    match: Match
    code: str
    label: str
    late: bool


def state_of(match: Match, deadline: datetime | None = None) -> TableState:
    """The table's state now (``deadline``: when the round's match time ends, if it has one)."""
    report = getattr(match, "report", None)
    status = report.status if report is not None else ResultReport.Status.OPEN
    deals = match.deals.count()
    if status == ResultReport.Status.CONFIRMED:
        code, label = "confirmed", _("confirmed")
    elif status == ResultReport.Status.OVERRIDDEN:
        code, label = "confirmed", _("accepted by a director")
    elif match.status == Match.Status.FINISHED:
        code, label = "confirmed", _("finished")
    elif status == ResultReport.Status.PENDING:
        code, label = "waiting", _("waiting for confirmation")
    elif deals:
        code = "entering"
        if match.deals_target:
            label = _("%(n)s of %(of)s deals entered") % {"n": deals, "of": match.deals_target}
        else:
            label = _("%(n)s deals entered") % {"n": deals}
    else:
        code, label = "not_started", _("not started")
    late = code != "confirmed" and deadline is not None and timezone.now() >= deadline
    return TableState(match=match, code=code, label=label, late=late)


def deadline_of(rnd: Round) -> datetime | None:
    """When the round's match time ends (published time plus the tournament's minutes), or ``None``."""
    minutes = rnd.tournament.match_minutes
    if not minutes or rnd.published_at is None:
        return None
    return rnd.published_at + timedelta(minutes=minutes)


def round_states(rnd: Round) -> list[TableState]:
    """Every table of the round in table order, with its state."""
    deadline = deadline_of(rnd) if rnd.status == Round.Status.PUBLISHED else None
    matches = rnd.matches.select_related("report").prefetch_related("seats__player").order_by("table_number")
    return [state_of(m, deadline) for m in matches]


def nudge(match: Match) -> Match:
    """A director asks a table to finish: its phone page says so, and the round pages hear of it."""
    from league.services import confirmation

    if match.status == Match.Status.FINISHED:
        raise ValueError("a finished table needs no nudge")
    match.nudged_at = timezone.now()
    match.save(update_fields=["nudged_at"])
    confirmation.announce_step(match)
    return match
