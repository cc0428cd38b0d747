"""A tournament's spectator delay: spectators see the live deal that many moves behind; seats never wait.

``Tournament.spectator_delay`` counts moves (the model's "spectator delay (moves)"); its tables copy
it, and a spectator's frame then holds the public view of ``version - delay`` (``shown``) until the
deal ends, when everybody sees the end at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Club, Deal, Match, MatchSeat, Player, Round, Tournament
from tables.models import LiveTable
from tables.services import lobby, pacing, states
from tests.tables.conftest import session_cookie, socket
from tests.tables.helpers import start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

MOVES = 12  # server steps taken before the sockets look (all of them draws)


def tournament_table(club: Club, user: Any, delay: int) -> LiveTable:
    """A published round's table: ``user`` in seat 0, heuristic bots in seats 1-3, one deal."""
    tournament = Tournament.objects.create(
        club=club,
        name="Delayed",
        slug=f"delayed-{delay}",
        game="shengji",
        format="round_robin",
        entry_kind="individual",
        spectator_delay=delay,
        deals_per_match=1,
        status="running",
    )
    round_ = Round.objects.create(tournament=tournament, number=1, status="published")
    match = Match.objects.create(club=club, tournament=tournament, round=round_, game="shengji", rules={})
    MatchSeat.objects.create(
        match=match, seat=0, player=Player.objects.create(name="p0", club=club, user=user)
    )
    for seat in (1, 2, 3):
        MatchSeat.objects.create(match=match, seat=seat, bot="heuristic")
    (table,) = lobby.tables_for_round(round_)
    start(table)
    pacing.run_pending(limit=MOVES)
    return table


def public_view_at(deal_id: int, version: int) -> dict[str, Any]:
    """The spectators' view of the deal after its first ``version`` moves, from the move log."""
    return states.replay(Deal.objects.get(pk=deal_id), version).state.view(None)


async def first_view(table_id: int, cookie: bytes | None) -> dict[str, Any]:
    ws = socket(table_id, cookie)
    assert (await ws.connect())[0]
    frame = await ws.receive_json_from(timeout=5)
    await ws.disconnect()
    assert frame["type"] == "view"
    return frame


@pytest.mark.parametrize("delay", [3, MOVES - 1, MOVES, MOVES + 5])
async def test_spectators_see_the_deal_delay_moves_behind(
    club: Club, members: list[Any], settings: Any, delay: int
) -> None:
    """Shown version = version - delay (never below 0); its state is the public view at that version."""
    settings.TABLES_PACING = "manual"
    table = await database_sync_to_async(tournament_table)(club, members[0], delay)
    assert table.spectator_delay == delay
    frame = await first_view(table.pk, None)
    assert frame["version"] == MOVES and frame["seat"] is None
    assert frame["shown"] == max(0, MOVES - delay)
    assert frame["state"] == await database_sync_to_async(public_view_at)(frame["deal"], frame["shown"])
    assert frame["legal"] == [] and frame["clock"] is None


async def test_without_a_delay_spectators_see_the_current_deal(
    club: Club, members: list[Any], settings: Any
) -> None:
    """A delay of 0 moves: the spectators' view is the current public view."""
    settings.TABLES_PACING = "manual"
    table = await database_sync_to_async(tournament_table)(club, members[0], 0)
    frame = await first_view(table.pk, None)
    assert "shown" not in frame
    assert frame["state"] == await database_sync_to_async(public_view_at)(frame["deal"], MOVES)


async def test_the_seated_player_is_never_delayed(club: Club, members: list[Any], settings: Any) -> None:
    """The delay holds back spectators only: seat 0 sees its own current view with its hand."""
    settings.TABLES_PACING = "manual"
    table = await database_sync_to_async(tournament_table)(club, members[0], 5)
    frame = await first_view(table.pk, await database_sync_to_async(session_cookie)(members[0]))
    assert frame["seat"] == 0 and frame["version"] == MOVES and "shown" not in frame
    assert isinstance(frame["state"]["zones"]["hand:0"], list) and frame["hand"]


async def test_once_the_deal_ends_spectators_see_the_end_at_once(
    club: Club, members: list[Any], settings: Any
) -> None:
    """No delay after the last move: the result is public, so spectators see the final view."""
    settings.TABLES_PACING = "manual"
    table = await database_sync_to_async(tournament_table)(club, members[0], 5)
    await database_sync_to_async(LiveTable.objects.filter(pk=table.pk).update)(seconds_per_decision=0)
    await database_sync_to_async(pacing.run_pending)(expire_clocks=True)
    frame = await first_view(table.pk, None)
    deal = await database_sync_to_async(Deal.objects.get)(pk=frame["deal"])
    assert deal.status == "finished" and frame["version"] == deal.version
    assert "shown" not in frame and frame["state"]["phase"] == "over"
