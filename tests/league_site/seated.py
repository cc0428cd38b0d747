"""Helpers for tables of any size in the league's site tests: table sizes, seating named players,
accepting entered results."""

from __future__ import annotations

from collections.abc import Sequence

from django.test import Client

from league.models import Match, Player, Round


def table_sizes(rnd: Round) -> list[int]:
    """Seats of each table of the round, in table order."""
    return [m.seats.count() for m in rnd.matches.order_by("table_number")]


def reseat(match: Match, players: Sequence[Player]) -> Match:
    """Seat ``players`` at the draft match in this order (seat 0 first), each with their entry."""
    match.seats.all().delete()
    for seat, player in enumerate(players):
        entry = match.tournament.entries.get(members__player=player)  # type: ignore[union-attr]
        match.seats.create(seat=seat, player=player, entry=entry)
    return match


def confirmed(match: Match, submitter: Client, opponent: Client) -> Match:
    """``match`` after ``submitter`` submits the entered deals and ``opponent`` confirms them."""
    submitter.post(f"/matches/{match.pk}/submit/")
    opponent.post(f"/matches/{match.pk}/confirm/")
    match.refresh_from_db()
    return match


def overridden(match: Match, director: Client) -> Match:
    """``match`` after a director accepts the entered deals without the players' confirmation."""
    director.post(f"/matches/{match.pk}/override/")
    match.refresh_from_db()
    return match
