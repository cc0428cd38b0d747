"""A player's own check-in from a phone: the entries they play in, one button each.

The room's screen shows this page's QR code while check-in is open. The director's list on the
tournament page checks any entry in; this page only the visitor's own, so a player who scans the
code at the door needs nobody at a laptop.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.services import tournaments
from league.views.common import act, visible_tournament
from league.views.tournaments import ERRORS, check_in_done


@login_required
@require_http_methods(["GET", "POST"])
def check_in_page(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """GET: the visitor's entries and whether each is checked in; POST: check one in or out."""
    tournament = visible_tournament(request, slug, tslug)
    mine = tournaments.own_entries(request.user, tournament)
    if request.method == "POST":
        entry = next((e for e in mine if str(e.pk) == request.POST.get("entry")), None)
        if entry is None:
            raise Http404
        present = request.POST.get("present") != "0"
        here = reverse("tournament-check-in", args=[slug, tslug])
        return act(
            request, lambda: tournaments.check_in(entry, present), check_in_done(entry, present), here, ERRORS
        )
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "open": tournaments.check_in_open(tournament),
        "next_round": tournaments.next_round(tournament),
        "rows": [(entry, tournaments.checked_in(entry)) for entry in mine],
    }
    return render(request, "league/check_in.html", context)
