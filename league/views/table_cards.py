"""The printable table cards of a round: per table its seats, its code as text and QR, each side's PIN."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.models import Round
from league.services import names as seat_names
from league.services import table_codes
from league.views.common import managed_tournament


def compass(seats: int, seat: int) -> str:
    """The seat as a card names it: a compass point at four seats, else "Seat 3" (from 1)."""
    return seat_names.seat_label(seat, seats)


def qr_svg(url: str) -> str:
    """The phone page's address as an inline SVG QR code (drawn on the server by segno)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=False)


@login_required
@require_http_methods(["GET", "POST"])
def table_cards(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """A director's printable cards; POST issues cards (all missing ones, or one table's anew)."""
    tournament = managed_tournament(request, slug, tslug)
    rnd = tournament.rounds.filter(number=number).first()
    if rnd is None:
        raise Http404
    here = reverse("table-cards", args=[slug, tslug, number])
    if request.method == "POST":
        if rnd.status != Round.Status.PUBLISHED:
            messages.error(request, _("Cards are issued for a published round that is still being played."))
        elif "table" in request.POST:
            table = request.POST["table"]
            match = (
                rnd.matches.filter(table_number=int(table)).first()
                if table.isdecimal() and len(table) < 5
                else None
            )
            if match is None or not table_codes.takes_codes(match):
                messages.error(request, _("That table takes no card."))
            else:
                table_codes.issue(match)
                issued_one = _("A new card was issued for this table: the old one no longer works.")
                messages.success(request, issued_one)
        else:
            issued = table_codes.issue_round(rnd)
            messages.success(request, _("%(n)s cards issued.") % {"n": len(issued)})
        return redirect(here)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": rnd,
        "cards": cards_of(request, rnd),
        "missing": rnd.status == Round.Status.PUBLISHED
        and any(table_codes.takes_codes(m) and table_codes.current(m) is None for m in rnd.matches.all()),
    }
    return render(request, "league/table_cards.html", context)


def cards_of(request: HttpRequest, rnd: Round) -> list[dict[str, object]]:
    """Each table's card in force with its seats, sides, PINs and QR code, in table order."""
    cards = []
    for match in rnd.matches.order_by("table_number").prefetch_related("seats__player"):
        code = table_codes.current(match)
        if code is None or table_codes.expired(code):
            continue
        card = table_codes.card(code)
        url = request.build_absolute_uri(reverse("table-phone", args=[card.text]))
        names = {s.seat: s.display_name for s in match.seats.all()}
        sides = [
            {
                "pin": card.pins[side],
                "seats": [(compass(len(names), seat), names[seat]) for seat in seats],
            }
            for side, seats in card.seats.items()
        ]
        cards.append(
            {"match": match, "card": card, "url": url, "qr": mark_safe(qr_svg(url)), "sides": sides}  # noqa: S308  # segno's own SVG, no user text in it
        )
    return cards
