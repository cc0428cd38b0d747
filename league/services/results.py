"""Match results: deals entered by hand or uploaded, confirmation, director overrides and corrections.

The entry path of an offline match: a seated player (or a director) enters each deal; the
entering player submits; an opponent confirms, or a director overrides. Either way the match
finishes through :func:`match_finished`, the same call the live tables make when a live match
ends; it stores the derived ``Match.result`` and queues standings and ratings after commit (a live
table recomputes them in the same transaction instead: ``tables/services/settle.py``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cardclub.engine_errors import player_message
from engine.core.errors import EngineError
from engine.core.record import DealRecord, ReplayError, check_record
from engine.core.result import DealResult
from league import access, signals
from league.models import Board, Deal, Match, ResultCorrection, ResultEvent, ResultReport, Round
from league.services import archive, confirmation, duplicate, match_end, offline, outcome, typed_rows
from league.services.confirmation import seat_of as seat_of


class ResultError(Exception):
    """A result action that is not allowed now; the message is shown to the user."""


def report_of(match: Match) -> ResultReport:
    """The match's result report (created on first use)."""
    report, _created = ResultReport.objects.get_or_create(match=match)
    return report


def can_enter(user: Any, match: Match) -> bool:
    """Directors, and players seated at the match, enter deals while the result is still open."""
    if match.status == Match.Status.FINISHED or match.kind == Match.Kind.LIVE and match.deals.exists():
        return False
    if match.round_id is not None and match.round.status == Round.Status.DRAFT:  # type: ignore[union-attr]
        return False
    if hasattr(match, "report") and match.report.status != ResultReport.Status.OPEN:
        return False
    return access.manages(user, match.club) or seat_of(match, user) is not None


def closed_reason(match: Match) -> str | None:
    """Why nobody may enter, undo or submit this match's result now (``None`` while it is open).

    The reasons name what happened, so a stale page's button is answered truthfully: a director
    already accepted the result, the opponents still have to confirm it, or the round is a draft.
    """
    if match.round_id is not None and match.round.status == Round.Status.DRAFT:  # type: ignore[union-attr]
        return _("This round is still a draft: results are entered once a director publishes it.")
    report = getattr(match, "report", None)
    status = report.status if report is not None else ResultReport.Status.OPEN
    if status == ResultReport.Status.OVERRIDDEN:
        return _("A director has already accepted this result: it can no longer be changed here.")
    if status == ResultReport.Status.CONFIRMED:
        return _("This result is already confirmed: it can no longer be changed here.")
    if status == ResultReport.Status.PENDING:
        return _("This result is submitted and waits for the other side to confirm it.")
    if match.status == Match.Status.FINISHED or match.kind == Match.Kind.LIVE and match.deals.exists():
        return _("This match is finished.")
    return None


def refuse_if_closed(match: Match, user: Any, refusal: str) -> None:
    """Refuse a change to the result: the truthful reason when it is closed, else ``refusal``."""
    reason = closed_reason(match)
    if reason is not None:
        raise ResultError(reason)
    if not can_enter(user, match):
        raise ResultError(refusal)


def deals_needed(match: Match) -> int | None:
    """How many more deals the match needs (``None``: no fixed number, it ends when someone wins)."""
    if match_end.is_over(match, deal_results(match), match.situation):
        return 0
    if not match.deals_target:
        return None
    return max(0, match.deals_target - match.deals.count())


def can_confirm(user: Any, match: Match) -> bool:
    """A player of a side that did not enter or change the result confirms it (confirmation's rule)."""
    return confirmation.may_confirm(match, user)


def deal_results(match: Match) -> list[DealResult]:
    """Results of the match's finished deals, in order, typed."""
    return typed_rows.finished_results(match)


def seats_json(match: Match) -> list[dict[str, Any]]:
    """The seats as a deal record names them."""
    return [{"name": s.display_name, "id": s.player_id} for s in match.seats.select_related("player")]


def locked(match: Match) -> Match:
    """The match row locked for this transaction (one writer per match)."""
    return Match.objects.select_for_update(of=("self",)).select_related("club", "round").get(pk=match.pk)


@transaction.atomic
def enter_deal(match: Match, user: Any, entry: offline.DealInput) -> Deal:
    """Add the next deal of an offline match from what the table reports."""
    match = locked(match)
    refuse_if_closed(match, user, _("You may not enter results for this match now."))
    refuse_if_over(match)
    seats = match.seats.count()
    situation, _board = duplicate.start_of(match, match.deals.count() + 1)
    try:
        result = offline.entered_result(match.game, match.rules, seats, situation, entry)
    except (offline.EntryError, EngineError) as exc:
        raise ResultError(str(exc)) from None
    deal = _add_deal(match, result, has_moves=False)
    confirmation.record(match, user, ResultEvent.Kind.ENTERED, deal.number)
    report = report_of(match)
    if report.entered_by_id is None and report.entered_seat is None:
        report.entered_by, report.entered_seat = confirmation.account(user), seat_of(match, user)
        report.save(update_fields=["entered_by", "entered_seat"])
    return deal


def refuse_if_over(match: Match) -> None:
    """Refuse another deal once the match is over (the engine named winners, or its deals are played)."""
    if match_end.is_over(match, deal_results(match), match.situation):
        raise ResultError(_("The match is over: submit the result."))


def _add_deal(
    match: Match, result: dict[str, Any], has_moves: bool, record: DealRecord | None = None
) -> Deal:
    """Store a finished deal as the match's next and move the match's situation on."""
    now = timezone.now()
    number = match.deals.count() + 1
    situation, board = duplicate.start_of(match, number)
    deal = Deal(
        match=match,
        number=number,
        board=board,
        game=match.game,
        rules=match.rules,
        seats=seats_json(match),
        situation=situation,
        deck=record.deck if record else [],
        salt=record.salt if record else "",
        commitment=record.commitment if record else "",
        status=Deal.Status.FINISHED,
        version=len(record.actions) if record else 0,
        has_moves=has_moves,
        result=result,
        finished_at=now,
    )
    if record is not None:
        archive.store_packed(deal, archive.record_moves(record.actions))
    deal.save()
    if record is not None:
        signals.record_stored.send(sender=Deal, deal=deal)
    typed = typed_rows.result(match.game, result)
    match.situation = outcome.situation_after(match.game, match.rules, match.seats.count(), situation, typed)
    if match.kind == Match.Kind.LIVE:
        # Results that did not come through a live table: entered by hand, or uploaded records.
        match.kind = Match.Kind.UPLOADED if has_moves else Match.Kind.OFFLINE
        signals.played_offline.send(sender=Match, match=match)
    match.status = Match.Status.PLAYING
    match.started_at = match.started_at or now
    match.save(update_fields=["situation", "kind", "status", "started_at"])
    return deal


def refuse_other_deck(board: Board | None, record: DealRecord) -> None:
    """A duplicate table's deal is its board's cards: a record of another deck is refused."""
    if board is not None and list(record.deck) != list(board.deck):
        message = _("The record's cards are not those of board %(n)s, which this table plays.")
        raise RecordError(message % {"n": board.number})


def next_start(match: Match) -> dict[str, Any] | None:
    """The situation the match's next deal starts from (a duplicate match's: its next board's)."""
    return duplicate.start_of(match, match.deals.count() + 1)[0]


@transaction.atomic
def undo_last_deal(match: Match, user: Any) -> None:
    """Remove the last deal entered by hand while the result is still open (a typing slip)."""
    match = locked(match)
    refuse_if_closed(match, user, _("You may not change this result now."))
    last = match.deals.order_by("-number").first()
    if last is None:
        raise ResultError(_("There is no deal to remove."))
    match.situation = last.situation
    confirmation.record(match, user, ResultEvent.Kind.UNDONE, last.number)
    last.delete()
    match.save(update_fields=["situation"])


@transaction.atomic
def submit(match: Match, user: Any) -> ResultReport:
    """The entering player hands the result to the opponents for confirmation."""
    match = locked(match)
    refuse_if_closed(match, user, _("You may not submit this result."))
    if not match.deals.exists():
        raise ResultError(_("Enter at least one deal first."))
    report = report_of(match)
    report.status, report.submitted_at = ResultReport.Status.PENDING, timezone.now()
    if report.entered_seat is None:
        report.entered_by, report.entered_seat = confirmation.account(user), seat_of(match, user)
    report.save()
    confirmation.record(match, user, ResultEvent.Kind.SUBMITTED)
    if report.entered_seat is None:
        # Entered by a director who does not play here: nobody is an opponent, so it stands.
        return override(match, user)
    return report


@transaction.atomic
def confirm(match: Match, user: Any) -> ResultReport:
    """An opponent of the entering player confirms; the match is finished."""
    match = locked(match)
    if not can_confirm(user, match):
        raise ResultError(
            _("Only a player of a side that did not enter or change the result can confirm it.")
        )
    report = match.report
    report.status, report.confirmed_by, report.confirmed_at = (
        ResultReport.Status.CONFIRMED,
        confirmation.account(user),
        timezone.now(),
    )
    report.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    confirmation.record(match, user, ResultEvent.Kind.CONFIRMED)
    match_finished(match.pk)
    return report


@transaction.atomic
def override(match: Match, user: Any) -> ResultReport:
    """A director accepts the result as it stands, without waiting for the opponents."""
    match = locked(match)
    if not access.manages(user, match.club):
        raise ResultError(_("Only a director can override."))
    if not match.deals.exists():
        raise ResultError(_("Enter at least one deal first."))
    report = report_of(match)
    report.status, report.confirmed_by, report.confirmed_at = (
        ResultReport.Status.OVERRIDDEN,
        user,
        timezone.now(),
    )
    report.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    confirmation.record(match, user, ResultEvent.Kind.OVERRIDDEN)
    match_finished(match.pk)
    return report


@transaction.atomic
def match_finished(match_id: int, *, derive: bool = True) -> Match:
    """Finish a match (live or offline): derive its result from its deals, queue standings and ratings.

    Idempotent: calling it again recomputes the same result and queues the same idempotent tasks.
    ``derive=False`` queues nothing: the caller recomputes standings and ratings in its own
    transaction (a live table's match end, ``tables/services/settle.py``).
    """
    from league.services import rounds

    match = Match.objects.select_for_update().get(pk=match_id)
    match_end.write_result(match, deal_results(match))
    match.status = Match.Status.FINISHED
    match.finished_at = match.finished_at or timezone.now()
    match.save(update_fields=["result", "status", "finished_at"])
    if match.round_id is not None:
        rounds.close_round_if_done(match.round)  # type: ignore[arg-type]
    if derive:
        queue_derived(match)
    return match


def queue_derived(match: Match) -> None:
    """After commit: recompute the tournament's standings and rate the match."""
    from league import tasks

    match_id, tournament_id = match.pk, match.tournament_id
    if tournament_id is not None:
        transaction.on_commit(lambda: tasks.update_standings.delay(tournament_id))
    transaction.on_commit(lambda: tasks.rate_match.delay(match_id))


@transaction.atomic
def correct_deal(
    match: Match, user: Any, number: int, entry: offline.DealInput, reason: str = ""
) -> ResultCorrection:
    """A director corrects an entered deal; later deals are recomputed and the change is kept.

    The later deals were played as entered, so they are scored again from the corrected situation
    with their own figures, and whoever declared them stands (``offline.entered_result``'s rescore).
    """
    match = locked(match)
    if not access.manages(user, match.club):
        raise ResultError(_("Only a director can correct a result."))
    deals = list(match.deals.order_by("number"))
    target = next((d for d in deals if d.number == number), None)
    if target is None or target.has_moves:
        raise ResultError(
            _("Only a deal entered by hand can be corrected; a recorded deal replays as it was.")
        )
    before = {"deals": [d.result for d in deals], "result": match.result}
    situation = target.situation
    seats = match.seats.count()
    done = typed_rows.results(match.game, (d.result for d in deals[: deals.index(target)] if d.result))
    for deal in deals[deals.index(target) :]:
        if deal is not target and match_end.is_over(match, done, situation):
            raise ResultError(ended_before(match, situation, deal.number - 1))
        if deal.has_moves:
            raise ResultError(
                _("A recorded deal follows this one; it cannot start from a changed situation.")
            )
        old = deal.result or {}
        values = entry if deal is target else offline.input_of(old)
        try:
            deal.result = offline.entered_result(
                match.game, match.rules, seats, situation, values, rescore=deal is not target
            )
        except (offline.EntryError, EngineError) as exc:
            raise ResultError(str(exc)) from None
        deal.situation = situation
        deal.save(update_fields=["result", "situation"])
        typed = typed_rows.result(match.game, deal.result)
        done.append(typed)
        after = outcome.situation_after(match.game, match.rules, seats, situation, typed)
        # A duplicate table's next deal starts from its own board, whatever this one changed.
        situation = duplicate.situation_of(match, deal.number + 1, after)
    match.situation = situation
    match.save(update_fields=["situation"])
    if match.status == Match.Status.FINISHED:
        match_end.write_result(match, deal_results(match))
        match.save(update_fields=["result"])
        queue_derived(match)
    after = {"deals": [d.result for d in match.deals.order_by("number")], "result": match.result}
    confirmation.record(match, user, ResultEvent.Kind.CORRECTED, number)
    return ResultCorrection.objects.create(
        match=match, deal_number=number, by=user, reason=reason, before=before, after=after
    )


def ended_before(match: Match, situation: dict[str, Any] | None, number: int) -> str:
    """Why a correction is refused that ends the match with deal ``number`` while later deals exist.

    A match is over once someone wins it (a Zhao Pengyou player reaching A,
    docs/rules/zhaopengyou.md §Rank rises) or its deals are played, and no deal is entered after
    that; the later deals cannot stand in it.
    """
    winners = outcome.match_winners(match.game, match.rules, situation)
    names = {s.seat: s.display_name for s in match.seats.select_related("player")}
    if winners:
        why = _("With this correction %(players)s won the match in deal %(n)s") % {
            "players": ", ".join(names[s] for s in winners),
            "n": number,
        }
    else:
        why = _("With this correction the match's %(deals)s deals were played by deal %(n)s") % {
            "deals": match.deals_target,
            "n": number,
        }
    return _("%(why)s, which ends the match, but deals were entered after it: remove them first.") % {
        "why": why
    }


class RecordError(ResultError):
    """An uploaded record that does not load or replay; ``index`` names the first bad action."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def load_record(text: str, match: Match) -> tuple[DealRecord, dict[str, Any]]:
    """Parse and replay an uploaded record; raise ``RecordError`` with the first illegal action."""
    try:
        record = DealRecord.loads(text)
        if record.game != match.game:
            raise RecordError(_("This record is of another game."))
        if len(record.seats) != match.seats.count():
            raise RecordError(_("This record has a different number of seats."))
        state = check_record(record)
    except ReplayError as exc:
        raise RecordError(player_message(exc), exc.index) from None
    except EngineError as exc:
        raise RecordError(player_message(exc)) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(str(exc)) from None
    result = state.result()
    if result is None:
        raise RecordError(_("The record stops before the deal is over."))
    return record, result


@transaction.atomic
def store_record(match: Match, record: DealRecord) -> Deal:
    """Append a bot-played or imported deal record as the match's next deal (replayed and checked first)."""
    match = locked(match)
    record.seats = seats_json(match)
    if (record.situation or None) != (next_start(match) or None):
        raise RecordError(_("The record does not start where the match's last deal ended."))
    refuse_other_deck(duplicate.board_of(match, match.deals.count() + 1), record)
    state = check_record(record)
    return _add_deal(match, state.result() or {}, has_moves=True, record=record)


@transaction.atomic
def upload_record(match: Match, user: Any, text: str, deal_number: int | None = None) -> Deal:
    """Attach a full move log: as the match's next deal, or to an entered deal with the same result."""
    match = locked(match)
    if match.round_id is not None and match.round.status == Round.Status.DRAFT:  # type: ignore[union-attr]
        raise ResultError(closed_reason(match) or "")
    if not (access.manages(user, match.club) or can_enter(user, match)):
        raise ResultError(_("You may not add records to this match."))
    record, result = load_record(text, match)
    if deal_number is None:
        if match.status == Match.Status.FINISHED:
            raise ResultError(_("The match is finished; attach the record to one of its deals."))
        refuse_if_over(match)
        if (record.situation or None) != (next_start(match) or None):
            raise RecordError(_("The record does not start where the match's last deal ended."))
        refuse_other_deck(duplicate.board_of(match, match.deals.count() + 1), record)
        added = _add_deal(match, result, has_moves=True, record=record)
        confirmation.record(match, user, ResultEvent.Kind.UPLOADED, added.number)
        return added
    deal = match.deals.filter(number=deal_number).first()
    if deal is None or deal.has_moves:
        raise ResultError(_("Choose a deal entered by hand."))
    refuse_other_deck(deal.board, record)
    entered = typed_rows.deal_result(deal)
    if (record.situation or None) != (deal.situation or None) or (
        entered is None or typed_rows.result(match.game, result).scores != entered.scores
    ):
        raise RecordError(_("The record's deal is not the one entered: its start or its result differs."))
    deal.deck, deal.salt, deal.commitment = record.deck, record.salt, record.commitment
    deal.result, deal.has_moves, deal.version = result, True, len(record.actions)
    archive.store_packed(deal, archive.record_moves(record.actions))
    deal.save(update_fields=["result", "has_moves", "version", "packed", *archive.PACKED_COLUMNS])
    signals.record_stored.send(sender=Deal, deal=deal)
    confirmation.record(match, user, ResultEvent.Kind.UPLOADED, deal.number)
    return deal
