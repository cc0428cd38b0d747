"""Between deals: the next deal starts when every person pressed "Next deal" or the countdown ran out.

Steps run on the manual back end; the time is given to the step and the sweep (``states.now``), so
the countdown is checked on both sides of its end.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Deal
from tables.models import LiveTable
from tables.services import between, live, pacing, ready, states, steps, sweep, views
from tables.services.errors import NotPlaying, NotYourSeat
from tables.services.sweep import GRACE, Owed
from tests.tables.conftest import session_cookie, socket
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db(transaction=True)

COUNTDOWN = 30


@pytest.fixture
def manual(settings: Any) -> None:
    """Steps wait in a list; the tables count down 30 s between deals."""
    settings.TABLES_PACING = "manual"
    settings.TABLES_NEXT_DEAL_SECONDS = COUNTDOWN


def latest(table: LiveTable) -> Deal:
    """The table's current deal, fresh from the database."""
    return Deal.objects.filter(match__live_table=table).order_by("-number").first()  # type: ignore[return-value]


def first_deal_played(club: Any, users: list[Any]) -> tuple[LiveTable, Deal]:
    """A two-deal match of ``users`` (seats 0..) and heuristic bots, its first deal over (the people's
    clocks ran out on every move); the queued steps lost."""
    bots = {s: "heuristic" for s in range(len(users), 4)}
    table = seated_table(club, users, "shengji", bots=bots, deals_target=2)
    start(table)
    for _ in range(2000):
        if latest(table).status == Deal.Status.FINISHED:
            break
        pacing.run_pending(limit=1, expire_clocks=True)
    pacing.clear_pending()
    deal = latest(table)
    assert deal.status == Deal.Status.FINISHED and deal.number == 1
    return table, deal


def numbers(table: LiveTable) -> list[int]:
    deals = Deal.objects.filter(match__live_table=table).order_by("number")
    return list(deals.values_list("number", flat=True))


@pytest.mark.parametrize(("late", "started"), [(-0.1, False), (0.0, True)])
def test_the_next_deal_starts_when_the_countdown_runs_out(
    club: Any, members: list[Any], manual: None, monkeypatch: Any, late: float, started: bool
) -> None:
    """Nobody pressed "Next deal": the deal after starts 30 s after the deal ended, not before."""
    table, deal = first_deal_played(club, members[:1])
    due = deal.finished_at.timestamp() + COUNTDOWN  # type: ignore[union-attr]
    monkeypatch.setattr(states, "now", lambda: due + late)
    steps.advance(deal.pk, deal.version)
    assert numbers(table) == ([1, 2] if started else [1])


def test_the_next_deal_waits_for_everybody_to_press_next_deal(
    club: Any, members: list[Any], manual: None
) -> None:
    """With two people seated, one pressing is not enough; the second press starts the deal at once."""
    table, deal = first_deal_played(club, members[:2])
    ready.press(table.pk, members[0])
    pacing.run_pending(limit=1)  # a step not due plans itself again: one is enough
    assert numbers(table) == [1]
    assert between.wait_of(deal).waiting == (1,) and between.wait_of(deal).ready == (0,)
    ready.press(table.pk, members[1])
    pacing.run_pending(limit=1)
    assert numbers(table) == [1, 2]


def test_a_press_twice_or_a_step_sent_again_starts_one_deal(
    club: Any, members: list[Any], manual: None
) -> None:
    """Every copy of the step after the presses finds the next deal there and does nothing."""
    table, deal = first_deal_played(club, members[:1])
    ready.press(table.pk, members[0])
    steps.advance(deal.pk, deal.version)
    steps.advance(deal.pk, deal.version)
    pacing.run_pending(limit=3)
    assert numbers(table)[:2] == [1, 2]
    assert Deal.objects.filter(match__live_table=table, number=2).count() == 1


def test_only_a_seated_person_presses_and_only_between_deals(
    club: Any, members: list[Any], manual: None
) -> None:
    """Someone without a seat is refused; so is a press while a deal is played."""
    table, deal = first_deal_played(club, members[:1])
    with pytest.raises(NotYourSeat):
        ready.press(table.pk, members[3])
    ready.press(table.pk, members[0])
    pacing.run_pending(limit=1)
    with pytest.raises(NotPlaying):
        ready.press(table.pk, members[0])


@pytest.mark.parametrize("pressed", [False, True])
def test_the_sweep_reads_the_wait_from_the_rows(
    club: Any, members: list[Any], manual: None, pressed: bool
) -> None:
    """Owed at the countdown's end, or at once when everybody pressed; sent again once overdue."""
    table, deal = first_deal_played(club, members[:1])
    if pressed:
        ready.press(table.pk, members[0])
        pacing.clear_pending()  # the press's step is lost
    finished = deal.finished_at.timestamp()  # type: ignore[union-attr]
    due = finished if pressed else finished + COUNTDOWN
    assert [s for s in sweep.owed(due) if s.kind == "next_deal"] == [
        Owed("next_deal", deal.pk, deal.version, due)
    ]
    assert sweep.sweep(due + GRACE - 0.01) == []
    assert sweep.sweep(due + GRACE) == [Owed("next_deal", deal.pk, deal.version, due)]


def test_the_view_between_deals_says_who_is_ready_and_when_the_next_deal_starts(
    club: Any, members: list[Any], manual: None
) -> None:
    """The frame's ``next_deal``: the awaited and the ready seats, the countdown's end in epoch ms."""
    table, deal = first_deal_played(club, members[:2])
    ready.press(table.pk, members[1])
    live.forget_table(table.pk)
    frame = views.table_view(table.pk, 0)
    finished = deal.finished_at.timestamp()  # type: ignore[union-attr]
    assert frame["next_deal"] == {
        "number": 2,
        "ready": [1],
        "waiting": [0],
        "seconds": COUNTDOWN,
        "deadline": int((finished + COUNTDOWN) * 1000),
    }


@pytest.mark.asyncio
async def test_next_deal_through_the_socket(club: Any, members: list[Any], settings: Any) -> None:
    """``{"type": "next"}`` from the only person seated starts the next deal; a spectator's is refused."""
    settings.TABLES_NEXT_DEAL_SECONDS = COUNTDOWN
    settings.TABLES_PACING = "manual"
    table, deal = await database_sync_to_async(first_deal_played)(club, members[:1])
    settings.TABLES_PACING = "asyncio"
    seat = socket(table.pk, await database_sync_to_async(session_cookie)(members[0]))
    watcher = socket(table.pk, await database_sync_to_async(session_cookie)(members[2]))
    for communicator in (seat, watcher):
        connected, _ = await communicator.connect()
        assert connected
        first = await communicator.receive_json_from(timeout=5)
        assert first["deal"] == deal.pk and first["next_deal"]["waiting"] == [0]
    await watcher.send_json_to({"type": "next"})
    assert (await watcher.receive_json_from(timeout=5))["code"] == "not_your_seat"
    await seat.send_json_to({"type": "next"})
    for _ in range(20):
        frame = await seat.receive_json_from(timeout=5)
        if frame["number"] == 2:
            break
        assert frame["next_deal"]["ready"] == [0]  # before the next deal: this seat shown ready
    assert frame["number"] == 2 and frame["next_deal"] is None
    await seat.disconnect()
    await watcher.disconnect()
