"""A match's page and the result actions: enter deals, submit, confirm, override, correct, upload."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardclub.games import game_info
from league import access
from league.forms import SeatedDealForm, UploadForm, deal_form_class
from league.models import Match, ResultReport, Round
from league.services import corrections, duplicate, names, offline, results
from league.views.common import act, visible_match

ERRORS = (results.ResultError,)
MAX_RECORD_BYTES = 2_000_000


def seat_choices(match: Match) -> list[tuple[int, str]]:
    """(seat, "seat: name") for the declarer select."""
    seats = list(match.seats.select_related("player"))
    return [(s.seat, f"{names.seat_label(s.seat, len(seats))}: {s.display_name}") for s in seats]


def deal_form(match: Match, data: object = None, correction: bool = False) -> SeatedDealForm:
    """The deal form for this match's game; a new deal offers only the seats that may declare (deal) it."""
    seats = seat_choices(match)
    declarers = seats
    if not correction:
        # A duplicate table's next deal starts from its board (dealer, levels), not the last deal's end.
        eligible = offline.eligible_declarers(match.game, results.next_start(match), len(seats))
        declarers = [c for c in seats if c[0] in eligible]
    read = offline.figures_read(match.game, match.rules)
    form = deal_form_class(match.game, correction)(seats, declarers, match.game, read, data)
    if (match.rules or {}).get("throw_penalty"):
        form.count_throw_penalties()
    return form


def form_errors(form: SeatedDealForm) -> str:
    """A refused form's errors in one line, each after its field's label (none for the whole form)."""
    return " ".join(
        f"{form.fields[name].label}: {error}" if name in form.fields else str(error)
        for name, errors in form.errors.items()
        for error in errors
    )


def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    """Seats, deals (with links to their replays), the result and what the visitor may do with it."""
    match = visible_match(request, match_id)
    manages = access.manages(request.user, match.club)
    can_enter = results.can_enter(request.user, match) and offline.supports(match.game)
    deals = match.deals.select_related("board").order_by("number")
    entered = any(not d.has_moves for d in deals)
    draft = match.round is not None and match.round.status == Round.Status.DRAFT
    open_for_records = not draft and (match.status != Match.Status.FINISHED or entered)
    needed = results.deals_needed(match) if can_enter else None
    context = {
        "match": match,
        "club": match.club,
        "seats": match.seats.select_related("player", "entry"),
        "deals": deals,
        "game": game_info(match.game),
        # The form's own words, shown as the template's {% translate %} shows a literal (unescaped).
        "entry_note": mark_safe(str(deal_form_class(match.game).note)),  # noqa: S308
        "report": getattr(match, "report", None),
        "corrections": corrections.correction_views(match.game, list(match.corrections.select_related("by"))),
        "events": match.result_events.select_related("by", "table_code"),
        "manages": manages,
        "can_enter": can_enter,
        "can_confirm": results.can_confirm(request.user, match),
        "closed_reason": results.closed_reason(match),
        "deals_needed": needed,
        "deal_form": deal_form(match) if can_enter and needed != 0 else None,
        "upload_form": UploadForm() if (can_enter or manages) and open_for_records else None,
        "correction_form": deal_form(match, correction=True) if manages and entered else None,
        "next_board": duplicate.board_of(match, len(deals) + 1) if can_enter and needed != 0 else None,
        "results_hidden": not access.boards_open(request.user, match),
    }
    return render(request, "league/match_detail.html", context)


def editable_match(request: HttpRequest, match_id: int) -> Match:
    """A visible match the visitor takes part in or manages (403 otherwise)."""
    match = visible_match(request, match_id)
    if not (access.manages(request.user, match.club) or results.seat_of(match, request.user) is not None):
        raise PermissionDenied
    return match


@login_required
@require_POST
def deal_enter(request: HttpRequest, match_id: int) -> HttpResponse:
    """Enter the next deal of an offline match."""
    match = editable_match(request, match_id)
    form = deal_form(match, request.POST)
    if not form.is_valid():
        messages.error(request, _("Check the deal: %(errors)s") % {"errors": form_errors(form)})
        return redirect("match-detail", match.pk)
    return act(
        request,
        lambda: results.enter_deal(match, request.user, form.deal_input()),
        _("Deal entered."),
        match_url(match),
        ERRORS,
    )


@login_required
@require_POST
def match_action(request: HttpRequest, match_id: int, action: str) -> HttpResponse:
    """Undo the last deal, submit, confirm or override."""
    match = editable_match(request, match_id)
    calls = {
        "undo": (results.undo_last_deal, _("Last deal removed.")),
        "confirm": (results.confirm, _("Result confirmed.")),
        "override": (results.override, _("Result accepted by a director.")),
    }
    if action == "submit":
        return submit(request, match)
    if action not in calls:
        raise PermissionDenied
    call, success = calls[action]
    return act(request, lambda: call(match, request.user), success, match_url(match), ERRORS)


def submit(request: HttpRequest, match: Match) -> HttpResponse:
    """Submit the result; the message says what happens next (the other side confirms, or it stands)."""
    try:
        report = results.submit(match, request.user)
    except ERRORS as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, submitted_message(report))
    return redirect(match_url(match))


def submitted_message(report: ResultReport) -> str:
    """What a submission led to: waiting for the other side, or accepted at once by a director."""
    if report.status == ResultReport.Status.OVERRIDDEN:
        return _("Result submitted and accepted: a director who does not play at this table entered it.")
    return _("Result submitted: a player of the other side confirms it.")


@login_required
@require_POST
def deal_correct(request: HttpRequest, match_id: int) -> HttpResponse:
    """A director corrects an entered deal; the correction is kept with before and after."""
    match = visible_match(request, match_id)
    if not access.manages(request.user, match.club):
        raise PermissionDenied
    form = deal_form(match, request.POST, correction=True)
    if not form.is_valid():
        messages.error(request, _("Check the correction: %(errors)s") % {"errors": form_errors(form)})
        return redirect("match-detail", match.pk)
    number, reason = form.cleaned_data["number"], form.cleaned_data["reason"]
    return act(
        request,
        lambda: results.correct_deal(match, request.user, number, form.deal_input(), reason),
        _("Result corrected."),
        match_url(match),
        ERRORS,
    )


@login_required
@require_POST
def record_upload(request: HttpRequest, match_id: int) -> HttpResponse:
    """Upload a deal record; the first illegal action and why is shown, nothing stored on failure."""
    match = editable_match(request, match_id)
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("Choose a record file."))
        return redirect("match-detail", match.pk)
    upload = form.cleaned_data["record"]
    if upload.size > MAX_RECORD_BYTES:
        messages.error(request, _("The file is too large for one deal record."))
        return redirect("match-detail", match.pk)
    text = upload.read().decode("utf-8", errors="replace")
    try:
        deal = results.upload_record(match, request.user, text, form.cleaned_data["deal_number"])
    except results.RecordError as exc:
        if exc.index is not None:
            messages.error(request, _("Action %(n)s is illegal: %(why)s") % {"n": exc.index + 1, "why": exc})
        else:
            messages.error(request, _("The record was not accepted: %(why)s") % {"why": exc})
        return refused(request, match)
    except results.ResultError as exc:
        messages.error(request, str(exc))
        return refused(request, match)
    messages.success(request, _("Record of deal %(n)s stored.") % {"n": deal.number})
    return redirect("match-detail", match.pk)


def refused(request: HttpRequest, match: Match) -> HttpResponse:
    """The match page with the refusal's message, answering 400: nothing was stored."""
    response = match_detail(request, match.pk)
    response.status_code = 400
    return response


def match_url(match: Match) -> str:
    """The match's page."""
    return reverse("match-detail", args=[match.pk])
