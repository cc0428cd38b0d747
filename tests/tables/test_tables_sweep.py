"""The sweep: every server step a live table owes is read from the rows and sent again once overdue.

Steps run on the manual back end (they wait in a list); "lost" means the list was cleared, as a
worker killed while it held the task would lose it. The sweep is given the time (``now``), so each
threshold is checked on both sides: nothing before ``due + GRACE``, the step at it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from engine.core.game import DealState
from league.models import Deal, Match, Move, PlayerRating, RatingChange, StandingRow
from league.services import ratings, standings
from tables.models import LiveTable
from tables.services import deals, live, pacing, settle, states, steps, sweep
from tables.services.sweep import GRACE, Owed
from tests.tables.helpers import seated_table, start, tournament_table

pytestmark = pytest.mark.django_db(transaction=True)

PACE = {"draw": 0.35, "bot": 0.8, "between_deals": 4.0}
BOTS = {0: "heuristic", 1: "random", 2: "heuristic", 3: "random"}


@pytest.fixture
def manual(settings: Any) -> None:
    """Steps wait in a list at the house pace; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"
    settings.TABLES_PACE = PACE


def latest(table: LiveTable) -> Deal:
    """The table's current deal, fresh from the database."""
    return Deal.objects.filter(match__live_table=table).order_by("-number").first()  # type: ignore[return-value]


def since(deal: Deal) -> float:
    """When the deal reached its version: its last move's time, or its start."""
    last = Move.objects.filter(deal=deal, seq=deal.version - 1).first()
    return (last.created if last else deal.started_at).timestamp()


def step_until(table: LiveTable, wanted: Callable[[DealState], bool]) -> Deal:
    """Take queued steps one at a time until the current deal's state is ``wanted``; then lose the
    rest of the queue (as a killed worker would)."""
    for _ in range(1000):
        deal = latest(table)
        if deal.status == Deal.Status.LIVE and wanted(live.state_of(deal).state):
            pacing.clear_pending()
            return deal
        assert pacing.run_pending(limit=1) == 1, "no step left to take"
    raise AssertionError("the deal never reached the wanted state")


def decides(state: DealState) -> bool:
    """A seat must decide something other than drawing a card."""
    return any(not pacing.is_paced_draw(state, seat, "shengji") for seat in state.must_move())


def owed_at(now: float) -> list[Owed]:
    """What the sweep sends at ``now``; the queue is emptied again afterwards."""
    sent = sweep.sweep(now)
    pacing.clear_pending()
    return sent


def test_a_lost_paced_draw_is_sent_again_grace_after_it_was_due(
    club: Any, members: list[Any], manual: None
) -> None:
    """Version 0 waits for the server's first draw, due the draw pace after the deal started."""
    table = seated_table(club, members[:1], bots=BOTS)
    start(table)
    pacing.clear_pending()
    deal = latest(table)
    due = deal.started_at.timestamp() + PACE["draw"]
    assert owed_at(due + GRACE - 0.01) == []
    assert owed_at(due + GRACE) == [Owed("move", deal.pk, 0, due)]


def test_a_lost_bot_move_is_sent_again_and_taken_once(club: Any, members: list[Any], manual: None) -> None:
    """A bot must decide, its step was lost: the sweep sends it, and the bot moves exactly once."""
    table = seated_table(club, members[:1], bots=BOTS)
    start(table)
    deal = step_until(table, decides)
    due = since(deal) + PACE["bot"]
    assert owed_at(due + GRACE - 0.01) == []
    assert sweep.sweep(due + GRACE) == [Owed("move", deal.pk, deal.version, due)]
    sweep.sweep(due + GRACE)  # sent twice: a second sweep before the first step ran
    assert pacing._pending == [(deal.pk, deal.version)] * 2
    pacing.run_pending(limit=2)
    assert Move.objects.filter(deal=deal).count() == deal.version + 1


def test_a_person_s_clock_is_owed_its_full_length_then_played_once(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    """A person must decide: the step is due when the clock runs out (not at the bot's pace); the
    sweep's step plays for them once, marked as auto-played."""
    table = seated_table(club, members, seconds_per_decision=30)
    start(table)
    deal = step_until(table, decides)
    seat = min(live.state_of(deal).state.must_move())
    due = since(deal) + 30
    assert owed_at(due + GRACE - 0.01) == []
    assert sweep.sweep(due + GRACE) == [Owed("move", deal.pk, deal.version, due)]
    monkeypatch.setattr(states, "now", lambda: due + GRACE)
    pacing.run_pending(limit=1)
    steps.advance(deal.pk, deal.version)  # the same step again: the deal has moved on
    moved = Move.objects.filter(deal=deal, seq__gte=deal.version)
    assert [(m.seq, m.seat, m.auto) for m in moved] == [(deal.version, seat, True)]


def test_the_next_deal_is_owed_the_pause_after_a_deal_ends(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    """A finished deal of a bots' match that goes on waits the pause for the next deal, started once
    however often sent."""
    table = seated_table(club, members[:1], bots=BOTS)
    LiveTable.objects.filter(pk=table.pk).update(deals_target=2)
    start(table)
    for _ in range(1000):
        if latest(table).status == Deal.Status.FINISHED:
            break
        pacing.run_pending(limit=1)
    pacing.clear_pending()
    first = latest(table)
    due = first.finished_at.timestamp() + PACE["between_deals"]  # type: ignore[union-attr]
    assert owed_at(due + GRACE - 0.01) == []
    assert sweep.sweep(due + GRACE) == [Owed("next_deal", first.pk, first.version, due)]
    monkeypatch.setattr(states, "now", lambda: due + GRACE)
    steps.advance(first.pk, first.version)
    pacing.run_pending(limit=1)
    assert list(Deal.objects.filter(match=first.match).values_list("number", flat=True)) == [1, 2]


def played_tournament_match(club: Any, members: list[Any], monkeypatch: Any) -> LiveTable:
    """A rated tournament match of one deal, every move played by the clock, whose end was never
    recorded (the step was lost after the commit that finished it)."""
    table = tournament_table(club, members, deals_per_match=1, seconds_per_decision=1)
    with monkeypatch.context() as patch:
        patch.setattr(deals, "match_finished", lambda match_id: None)
        start(table)
        pacing.run_pending(expire_clocks=True)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED and table.settled_at is None
    return table


def derived(table: LiveTable) -> tuple[Any, ...]:
    """The standings and ratings rows as stored."""
    return (
        sorted(StandingRow.objects.values_list("entry_id", "rank", "points", "played")),
        sorted(RatingChange.objects.values_list("player_id", "match_id", "deal_id", "before", "after")),
        sorted(PlayerRating.objects.values_list("player_id", "family", "rating", "games")),
    )


def test_a_finished_match_is_settled_by_the_sweep_exactly_once(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    """The lost match end is owed at once: the sweep records result, standings and ratings; a second
    settle changes nothing, and both equal a full recompute."""
    table = played_tournament_match(club, members, monkeypatch)
    match = Match.objects.get(pk=table.match_id)
    due = match.finished_at.timestamp()  # type: ignore[union-attr]
    assert owed_at(due + GRACE - 0.01) == []
    assert sweep.sweep(due + GRACE) == [Owed("settle", match.pk, 0, due)]
    table.refresh_from_db()
    assert table.settled_at is not None
    assert owed_at(due + GRACE) == []
    after = derived(table)
    assert after[0] and after[1], "the match has standings and rating changes"
    assert settle.settle(match.pk) is False
    assert standings.update(match.tournament_id) is None  # type: ignore[arg-type]
    ratings.recompute_family("shengji")
    assert derived(table) == after


def test_a_settle_that_fails_leaves_nothing_and_is_taken_again(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    """A settle that dies half-way (here: the rating fails) commits nothing; the next one does it all."""
    table = played_tournament_match(club, members, monkeypatch)
    ended = Match.objects.get(pk=table.match_id).result  # written by the move that ended the match
    with monkeypatch.context() as patch:
        patch.setattr(ratings, "rate_match", lambda match_id: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            settle.settle(table.match_id)  # type: ignore[arg-type]
    table.refresh_from_db()
    assert table.settled_at is None and not StandingRow.objects.exists()
    assert Match.objects.get(pk=table.match_id).result == ended
    assert settle.settle(table.match_id) is True  # type: ignore[arg-type]
    assert StandingRow.objects.exists() and RatingChange.objects.exists()


def test_nothing_is_owed_with_the_server_s_steps_off(club: Any, members: list[Any], settings: Any) -> None:
    """Load tests switch the server's steps off (clients make every move): the sweep stays out."""
    settings.TABLES_PACING = "manual"
    start(seated_table(club, members[:1], bots=BOTS))
    pacing.clear_pending()
    settings.TABLES_PACING = "off"
    assert sweep.sweep(10**10) == []


def test_a_long_clock_is_a_chain_of_countdowns(settings: Any, monkeypatch: Any) -> None:
    """No countdown is longer than TABLES_LONGEST_COUNTDOWN (the broker's visibility timeout is
    fitted to it); an early step plans the rest of the clock."""
    settings.TABLES_PACING = "celery"
    sent: list[tuple[str, Any, float]] = []
    broker = SimpleNamespace(send_task=lambda name, args, countdown: sent.append((name, args, countdown)))
    monkeypatch.setattr(pacing, "current_app", broker)
    pacing.schedule(7, 3, 3600)
    pacing.schedule(7, 4, 30)
    assert sent == [
        ("tables.advance", (7, 3), settings.TABLES_LONGEST_COUNTDOWN),
        ("tables.advance", (7, 4), 30),
    ]
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert timeout > settings.TABLES_LONGEST_COUNTDOWN


def test_beat_runs_the_sweep_and_drops_stale_ones(settings: Any) -> None:
    """Celery beat sends ``tables.sweep`` every TABLES_SWEEP_SECONDS; a sweep nobody took in that
    time expires (the next reads the rows afresh), so sweeps never pile up behind a dead worker."""
    (entry,) = (e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == "tables.sweep")
    assert entry["schedule"] == settings.TABLES_SWEEP_SECONDS <= 10
    assert entry["options"]["expires"] == settings.TABLES_SWEEP_SECONDS
