"""Side by side: two tables' deals of the same duplicate board, stepped trick by trick together."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from engine.core.errors import EngineError
from league.services import typed_rows
from replays.services.frames import ALL
from replays.services.viewer import header, labels, result_rows, steps_payload
from replays.views import viewable_deal


@gzip_page
def deal_compare(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    """Both deals with every hand shown, from the viewer's own frames; 404 unless the same board."""
    left, right = viewable_deal(request, pk), viewable_deal(request, other)
    if left.board_id is None or left.board_id != right.board_id or left.pk == right.pk:
        raise Http404
    if not (left.has_moves and right.has_moves):
        raise Http404
    sides: list[dict[str, Any]] = []
    for deal in (left, right):
        try:
            payload = steps_payload(deal, ALL)
        except EngineError:
            raise Http404 from None
        head = header(deal)
        sides.append(
            {
                "deal": deal,
                "head": head,
                "payload": payload,
                "result": result_rows(typed_rows.deal_result(deal), head["seats"]),
            }
        )
    words = labels()
    context: dict[str, Any] = {
        "board": left.board,
        "sides": sides,
        "tournament": left.match.tournament,
        "compare_labels": {
            "won": words["won"],
            "trick": words["trick"],
            "defender_points": words["defender_points"],
            "first_lead": _("Before the first lead"),
            "after_trick": _("After trick %(n)s of %(total)s"),
        },
    }
    context["compare_data"] = [
        {
            "deal": s["deal"].pk,
            "seats": s["head"]["seats"],
            "frames": s["payload"]["frames"],
            "orders": s["payload"].get("orders", {}),
            "tricks": s["payload"]["story"]["tricks"],
        }
        for s in sides
    ]
    return render(request, "replays/compare.html", context)
