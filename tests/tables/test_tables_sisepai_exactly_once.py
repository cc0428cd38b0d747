"""Exactly once at a 3-player Si Se Pai table: fifty simultaneous copies of one answer apply it once.

Claim windows are where several seats answer at the same version, so the race is run both on the
redeal question (every seat asked at once) and on the claim window of the first drawn card.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from engine.search import expert as search
from league.models import Deal, Move
from tables.services import live, moves, pacing, steps
from tests.tables.helpers import seated_table, start
from tests.tables.test_tables_exactly_once import RACERS, race, together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def open_first_window(deal: Deal, members: list[Any]) -> int:
    """Everybody keeps their hand and the dealer draws: the first claim window; returns its version."""
    for seat in range(3):
        moves.apply_move(deal.pk, seat, "pass", seat, user_id=members[seat].pk)
    state = live.state_of(Deal.objects.get(pk=deal.pk)).state
    (dealer,) = state.must_move()
    moves.apply_move(deal.pk, dealer, "draw", 3, user_id=members[dealer].pk)
    return 4


@pytest.mark.parametrize("cached", [True, False], ids=["cached-state", "replayed-state"])
@pytest.mark.parametrize("moment", ["redeal-question", "claim-window"])
def test_fifty_concurrent_answers_apply_once(
    club: Any, members: list[Any], settings: Any, cached: bool, moment: str
) -> None:
    """One submission wins; the other 49 get the stale-version error; the log grows by one Move."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"  # no server steps: only the racers move
    table = seated_table(club, members[:3], "sisepai")
    deal = start(table)
    pacing.clear_pending()
    version = open_first_window(deal, members) if moment == "claim-window" else 0
    state = live.state_of(Deal.objects.get(pk=deal.pk)).state
    assert state.must_move() == {0, 1, 2}  # a drawn card asks every seat, the drawer too
    seat = max(state.must_move())
    if not cached:
        live.clear()
    outcomes = race(deal.pk, seat, "pass", version, members[seat].pk)
    assert sorted(outcomes) == ["applied"] + ["stale_version"] * (RACERS - 1)
    assert Move.objects.filter(deal=deal).count() == version + 1
    assert Deal.objects.get(pk=deal.pk).version == version + 1
    assert list(Move.objects.filter(deal=deal, seq=version).values_list("seat", "action")) == [(seat, "pass")]


@pytest.mark.parametrize("cached", [True, False], ids=["cached-state", "replayed-state"])
def test_concurrent_steps_of_seated_experts_make_one_move(
    club: Any, members: list[Any], settings: Any, monkeypatch: Any, cached: bool
) -> None:
    """The same server step taken by several threads at once (each expert search runs outside the
    deal's lock) still adds one Move: the version decides, as for people."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"  # no server steps but the racers'
    monkeypatch.setitem(search.BUDGET, "strong", search.BUDGET["fast"])
    deal = start(seated_table(club, members[:1], "sisepai", bots={1: "expert", 2: "expert"}))
    pacing.clear_pending()
    if not cached:
        live.clear()

    def step() -> str:
        steps.advance(deal.pk, 0)
        return "stepped"

    assert together(step, racers=8) == ["stepped"] * 8
    assert list(Move.objects.filter(deal=deal).values_list("seq", "seat")) == [(0, 1)]
    assert Deal.objects.get(pk=deal.pk).version == 1
