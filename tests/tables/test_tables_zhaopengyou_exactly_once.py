"""Exactly once at a 9-player Zhao Pengyou table: fifty simultaneous submissions on PostgreSQL apply once."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from league.models import Deal, Membership, Move
from tables.services import moves, pacing, states
from tests.tables.helpers import seated_table, start
from tests.tables.test_tables_exactly_once import RACERS, race

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SEATS = 9


@pytest.fixture
def nine(club: Any, members: list[Any], django_user_model: Any) -> list[Any]:
    """Nine members of the club: the four of ``members`` and five more."""
    more = []
    for n in range(4, SEATS):
        user = django_user_model.objects.create_user(f"member{n}", password="pw-123456")
        Membership.objects.create(club=club, user=user, role="member")
        more.append(user)
    return [*members, *more]


def racing_table(club: Any, nine: list[Any]) -> tuple[Deal, int, str]:
    """A started 9-player table with nobody moving on its own; the seat to move and its first legal move."""
    table = seated_table(club, nine, "zhaopengyou", seats=SEATS)
    deal = start(table)
    pacing.clear_pending()
    entry = states.state_of(Deal.objects.get(pk=deal.pk))
    seat = min(entry.state.must_move())
    return deal, seat, str(next(iter(entry.state.legal_actions(seat))))


@pytest.mark.parametrize("cached", [True, False], ids=["cached-state", "replayed-state"])
def test_fifty_concurrent_submissions_at_nine_seats_apply_the_move_once(
    club: Any, nine: list[Any], settings: Any, cached: bool
) -> None:
    """One submission wins; the other 49 get the stale-version error; the log has one Move."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"  # no server steps: only the racers move
    deal, seat, action = racing_table(club, nine)
    if not cached:
        states.clear()
    outcomes = race(deal.pk, seat, action, 0, nine[seat].pk)
    assert sorted(outcomes) == ["applied"] + ["stale_version"] * (RACERS - 1)
    assert list(Move.objects.filter(deal=deal).values_list("seq", "seat", "action")) == [(0, seat, action)]
    assert Deal.objects.get(pk=deal.pk).version == 1


def test_fifty_concurrent_submissions_of_the_next_move_after_a_race_apply_once(
    club: Any, nine: list[Any], settings: Any
) -> None:
    """A second race at version 1 (after the first move) also applies exactly one move."""
    settings.TABLES_PACING = "manual"
    deal, seat, action = racing_table(club, nine)
    moves.apply_move(deal.pk, seat, action, 0, user_id=nine[seat].pk)
    entry = states.state_of(Deal.objects.get(pk=deal.pk))
    seat = min(entry.state.must_move())
    action = str(next(iter(entry.state.legal_actions(seat))))
    outcomes = race(deal.pk, seat, action, 1, nine[seat].pk)
    assert outcomes.count("applied") == 1 and len(outcomes) == RACERS
    assert Move.objects.filter(deal=deal).count() == 2
