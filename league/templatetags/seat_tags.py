"""Seats as people read them in the league's pages: compass points at four seats, else from 1."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from league.services import names

register = template.Library()


@register.filter
def seat_label(seat: Any, seats: Any) -> str:
    """Seat ``seat`` (from 0) of a table of ``seats`` seats: "East", or "Seat 3"."""
    try:
        return names.seat_label(int(seat), int(seats))
    except (TypeError, ValueError):
        return "—"


@register.filter
def seat_of(seat: Any, seats: Iterable[Any]) -> str:
    """The name of whoever held seat ``seat`` among a match's seats, else the seat's label."""
    held = list(seats)
    for s in held:
        if s.seat == seat:
            return str(s.display_name)
    return seat_label(seat, len(held))
