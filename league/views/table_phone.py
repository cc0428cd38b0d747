"""The table's phone page: a card's code opens one match without an account; PINs enter and confirm.

Every step calls the same result services as the match page (``results.enter_deal``, ``undo_last_deal``,
``submit``, ``confirm``) with a ``TableActor`` for the side whose PIN was typed, so the checks and
the confirmation rule are the match page's. The side that unlocked entering is kept in the
session for that card only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from cardclub.games import game_info
from league.models import Match, TableCode
from league.services import confirmation, offline, ratelimit, results, table_codes
from league.views.matches import deal_form, form_errors

# Card points go by fives (5s, 10s and kings); a Si Se Pai hand's points one by one.
STEPS = {"defender_points": 5, "bid": 5, "hand_points": 1}


class CodeForm(forms.Form):
    """The code printed on the table card, typed when the QR code cannot be scanned."""

    code = forms.CharField(label=gettext_lazy("Table code"), max_length=20)


class PinForm(forms.Form):
    """A side's PIN from the table card."""

    pin = forms.CharField(
        label=gettext_lazy("Your side's PIN"),
        max_length=8,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "pattern": "[0-9]*"}),
    )


def session_key(code: TableCode) -> str:
    """Where the session keeps the side that unlocked entering on this card."""
    return f"table-side:{code.pk}"


def opened(request: HttpRequest, code: str) -> TableCode | HttpResponse:
    """The card of a code, or the code page with the reason it opens nothing (404, 410 or 429)."""
    try:
        return table_codes.open_code(code, ratelimit.client_address(request))
    except table_codes.CodeError as exc:
        response = render(request, "league/table_code.html", {"form": CodeForm(), "refusal": str(exc)})
        response.status_code = exc.status
        return response


@require_http_methods(["GET", "POST"])
def table_code(request: HttpRequest) -> HttpResponse:
    """Type a table card's code (no account needed) and go to the table's phone page."""
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        code = table_codes.normalised(form.cleaned_data["code"])
        card = opened(request, code)
        if isinstance(card, HttpResponse):
            return card
        return redirect("table-phone", code)
    return render(request, "league/table_code.html", {"form": form})


def unlocked_side(request: HttpRequest, code: TableCode) -> int | None:
    """The side that unlocked entering on this phone, if any."""
    side = request.session.get(session_key(code))
    return int(side) if side is not None else None


def with_steppers(form: forms.Form) -> forms.Form:
    """Card-point fields as number inputs with − and + buttons (static/js/steppers.js)."""
    for name, step in STEPS.items():
        if name in form.fields:
            form.fields[name].widget.attrs.update(
                {"step": step, "min": 0, "inputmode": "numeric", "data-stepper": step}
            )
    return form


def table_phone(request: HttpRequest, code: str) -> HttpResponse:
    """The match as the table sees it: seats, deals so far, and the one step that comes next."""
    card = opened(request, code)
    if isinstance(card, HttpResponse):
        return card
    match = Match.objects.select_related("club", "tournament", "round").get(pk=card.match_id)
    side = unlocked_side(request, card)
    actor = table_codes.actor(card, side) if side is not None else None
    can_enter = actor is not None and results.can_enter(actor, match) and offline.supports(match.game)
    needed = results.deals_needed(match) if can_enter else None
    report = getattr(match, "report", None)
    pending = report is not None and report.status == report.Status.PENDING
    context = {
        "code": code,
        "card": card,
        "match": match,
        "game": game_info(match.game),
        "seats": match.seats.select_related("player"),
        "sides": table_codes.sides_of(match),
        "side": side,
        "my_seats": table_codes.sides_of(match).get(side, []) if side is not None else [],
        "deals": match.deals.order_by("number"),
        "report": report,
        "closed_reason": results.closed_reason(match),
        "deals_needed": needed,
        "deal_form": with_steppers(deal_form(match)) if can_enter and needed != 0 else None,
        "can_enter": can_enter,
        "pin_form": PinForm(),
        "pending": pending,
        "account_confirms": pending and results.can_confirm(request.user, match),
        "waiting_sides": [s for s in table_codes.sides_of(match) if pending and side_may(match, s)],
    }
    return render(request, "league/table_phone.html", context)


def side_may(match: Match, side: int) -> bool:
    """Whether ``side`` may confirm now (the one rule, asked through the confirmation module)."""
    return confirmation.side_may_confirm(match, side)


@require_POST
def table_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    """One step from the phone: unlock, enter a deal, remove the last, submit, or confirm."""
    card = opened(request, code)
    if isinstance(card, HttpResponse):
        return card
    here = reverse("table-phone", args=[code])
    steps: dict[str, Callable[[HttpRequest, TableCode], str]] = {
        "unlock": unlock,
        "deal": enter_deal,
        "undo": undo,
        "submit": submit,
        "confirm": confirm,
        "lock": lock,
    }
    if action not in steps:
        messages.error(request, _("That step does not exist."))
        return redirect(here)
    try:
        messages.success(request, steps[action](request, card))
    except (table_codes.CodeError, results.ResultError) as exc:
        messages.error(request, str(exc))
    return redirect(here)


def pin_side(request: HttpRequest, card: TableCode) -> int:
    """The side of the PIN posted with the step."""
    form = PinForm(request.POST)
    if not form.is_valid():
        raise table_codes.CodeError(_("Type your side's PIN from the table card."))
    return table_codes.side_by_pin(card, form.cleaned_data["pin"], ratelimit.client_address(request))


def acting_side(request: HttpRequest, card: TableCode) -> Any:
    """The side that unlocked entering on this phone, as the services' actor."""
    side = unlocked_side(request, card)
    if side is None:
        raise table_codes.CodeError(_("Unlock entering with your side's PIN first."))
    return table_codes.actor(card, side)


def unlock(request: HttpRequest, card: TableCode) -> str:
    """A side types its PIN: this phone now enters deals for that side."""
    side = pin_side(request, card)
    request.session[session_key(card)] = side
    return _("Entering for %(side)s.") % {"side": side_name(card.match, side)}


def lock(request: HttpRequest, card: TableCode) -> str:
    """Forget the side on this phone (before handing it over)."""
    request.session.pop(session_key(card), None)
    return _("This phone no longer enters for any side.")


def enter_deal(request: HttpRequest, card: TableCode) -> str:
    """Enter the next deal with the match page's form and checks."""
    actor = acting_side(request, card)
    match = card.match
    form = deal_form(match, request.POST)
    if not form.is_valid():
        raise results.ResultError(_("Check the deal: %(errors)s") % {"errors": form_errors(form)})
    deal = results.enter_deal(match, actor, form.deal_input())
    return _("Deal %(n)s entered.") % {"n": deal.number}


def undo(request: HttpRequest, card: TableCode) -> str:
    """Remove the last deal (a typing slip) while the result is open."""
    results.undo_last_deal(card.match, acting_side(request, card))
    return _("Last deal removed.")


def submit(request: HttpRequest, card: TableCode) -> str:
    """The entering side hands the result to the other side; this phone forgets the entering side."""
    results.submit(card.match, acting_side(request, card))
    request.session.pop(session_key(card), None)
    return _("Result submitted: hand the phone to the other side to confirm with their PIN.")


def confirm(request: HttpRequest, card: TableCode) -> str:
    """The other side confirms with its PIN, or a signed-in player of the other side without one."""
    if not request.POST.get("pin") and results.can_confirm(request.user, card.match):
        results.confirm(card.match, request.user)
        return _("Result confirmed.")
    side = pin_side(request, card)
    results.confirm(card.match, table_codes.actor(card, side))
    return _("Result confirmed.")


def side_name(match: Match, side: int) -> str:
    """A side as the table says it: its players' names."""
    names = {s.seat: s.display_name for s in match.seats.select_related("player")}
    return " & ".join(names[s] for s in table_codes.sides_of(match).get(side, []))
