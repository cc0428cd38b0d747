"""Exactly once at a 9-player Zhao Pengyou table: fifty simultaneous submissions on PostgreSQL apply once."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from league.models import Deal, Membership, Move
from tables.services import live, moves
from tests.tables.test_tables_exactly_once import RACERS, next_decision, race, racing_table

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


@pytest.mark.parametrize("cached", [True, False], ids=["cached-state", "replayed-state"])
def test_fifty_concurrent_submissions_at_nine_seats_apply_the_move_once(
    club: Any, nine: list[Any], settings: Any, cached: bool
) -> None:
    """One submission wins; the other 49 get the stale-version error; the log has one Move."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"  # no server steps: only the racers move
    deal, seat, action = racing_table(club, nine, "zhaopengyou", seats=SEATS)
    if not cached:
        live.clear()
    outcomes = race(deal.pk, seat, action, 0, nine[seat].pk)
    assert sorted(outcomes) == ["applied"] + ["stale_version"] * (RACERS - 1)
    assert list(Move.objects.filter(deal=deal).values_list("seq", "seat", "action")) == [(0, seat, action)]
    assert Deal.objects.get(pk=deal.pk).version == 1


def test_fifty_concurrent_submissions_of_the_next_move_after_a_race_apply_once(
    club: Any, nine: list[Any], settings: Any
) -> None:
    """A second race at version 1 (after the first move) also applies exactly one move."""
    settings.TABLES_PACING = "manual"
    deal, seat, action = racing_table(club, nine, "zhaopengyou", seats=SEATS)
    moves.apply_move(deal.pk, seat, action, 0, user_id=nine[seat].pk)
    seat, action = next_decision(deal)
    outcomes = race(deal.pk, seat, action, 1, nine[seat].pk)
    assert outcomes.count("applied") == 1 and len(outcomes) == RACERS
    assert Move.objects.filter(deal=deal).count() == 2
