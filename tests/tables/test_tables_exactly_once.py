"""Exactly once: fifty simultaneous submissions of the same move (or of the same change of the
table's life) against PostgreSQL apply it once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from league.models import Deal, Move, ResultEvent
from tables.services import lifecycle, live, moves, pacing
from tables.services.errors import NotAllowed, NotPlaying, StaleVersion
from tests.tables.helpers import seated_table, start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RACERS = 50


def together(work: Callable[[], str], racers: int = RACERS) -> list[str]:
    """Run ``work`` in ``racers`` threads released together; returns each one's outcome."""
    barrier = threading.Barrier(racers)
    outcomes: list[str] = []
    lock = threading.Lock()

    def run() -> None:
        try:
            barrier.wait()
            outcome = work()
            with lock:
                outcomes.append(outcome)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def race(deal_id: int, seat: int, action: str, version: int, user_id: int | None) -> list[str]:
    """Submit the same move from ``RACERS`` threads released together; returns each outcome."""

    def submit() -> str:
        try:
            moves.apply_move(deal_id, seat, action, version, user_id=user_id)
        except StaleVersion:
            return "stale_version"
        return "applied"

    return together(submit)


def next_decision(deal: Deal) -> tuple[int, str]:
    """The first seat the deal waits for and that seat's first legal move (the state is cached)."""
    state = live.state_of(Deal.objects.get(pk=deal.pk)).state
    seat = min(state.must_move())
    return seat, str(next(iter(state.legal_actions(seat))))


def racing_table(club: Any, users: list[Any], game: str = "shengji", **options: Any) -> tuple[Deal, int, str]:
    """A started table with nobody moving on its own; the seat to move and its first legal move."""
    deal = start(seated_table(club, users, game, **options))
    pacing.clear_pending()
    return (deal, *next_decision(deal))


@pytest.mark.parametrize("cached", [True, False], ids=["cached-state", "replayed-state"])
def test_fifty_concurrent_submissions_apply_the_move_once(
    club: Any, members: list[Any], settings: Any, cached: bool
) -> None:
    """One submission wins; the other 49 get the stale-version error; the log has one Move."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"  # no server steps: only the racers move
    deal, seat, _ = racing_table(club, members)
    if not cached:
        live.clear()
    outcomes = race(deal.pk, seat, "draw", 0, members[seat].pk)
    assert sorted(outcomes) == ["applied"] + ["stale_version"] * (RACERS - 1)
    assert Move.objects.filter(deal=deal).count() == 1
    assert Deal.objects.get(pk=deal.pk).version == 1


def life_race(work: Callable[[], None]) -> list[str]:
    """Run a change of the table's life from ``RACERS`` threads at once; each one's outcome."""

    def attempt() -> str:
        try:
            work()
        except NotAllowed:
            return "refused"
        return "done"

    return together(attempt)


@pytest.mark.parametrize("change", ["pause", "end"])
def test_fifty_concurrent_pauses_or_ends_change_the_table_once(
    club: Any, members: list[Any], settings: Any, change: str
) -> None:
    """The table's row is locked: one host's press wins, the rest are refused; one event row."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"
    deal, _, _ = racing_table(club, members)
    outcomes = life_race(lambda: getattr(lifecycle, change)(deal.match.live_table.pk, members[0]))
    assert sorted(outcomes) == ["done"] + ["refused"] * (RACERS - 1)
    kind = "paused" if change == "pause" else "ended"
    assert ResultEvent.objects.filter(match_id=deal.match_id, kind=kind).count() == 1


def test_fifty_concurrent_moves_at_a_paused_table_apply_none(
    club: Any, members: list[Any], settings: Any
) -> None:
    """Paused between a view and the submissions: no racer's move is stored."""
    assert connection.vendor == "postgresql"
    settings.TABLES_PACING = "manual"
    deal, seat, action = racing_table(club, members)
    lifecycle.pause(deal.match.live_table.pk, members[0])

    def submit() -> None:
        try:
            moves.apply_move(deal.pk, seat, action, 0, user_id=members[seat].pk)
        except NotPlaying as exc:
            raise NotAllowed(exc.message) from None

    assert life_race(submit) == ["refused"] * RACERS
    assert not Move.objects.filter(deal=deal).exists()
