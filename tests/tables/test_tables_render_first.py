"""A seat's move made on the node serving its sockets: the frame of every seat with a socket on
the node exists before the event (every seat's and the spectators' when none has one)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Deal
from tables.consumers import shared_frames
from tables.services import events, live, moves, pacing, views, watching
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def frames_at_event(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """For every move's table event sent, the frames this process had made for it at that moment."""
    seen: list[Any] = []

    def notify(group: str, deal_id: int, version: int, move: Any = None, **how: Any) -> None:
        if version:  # not the deal's start
            seen.append(live.deal(deal_id).frames(int(group.rsplit("-", 1)[1]), version))

    monkeypatch.setattr(events, "notify", notify)
    return seen


def first_move(club: Any, members: list[Any], settings: Any) -> tuple[int, int, int, str]:
    """A started table moved only by the test: table, deal, the seat to move and a legal move."""
    settings.TABLES_PACING = "manual"
    table = seated_table(club, members)
    deal = start(table)
    pacing.clear_pending()
    state = live.state_of(Deal.objects.get(pk=deal.pk)).state
    seat = min(state.must_move())
    return table.pk, deal.pk, seat, str(next(iter(state.legal_actions(seat))))


def test_the_socket_node_renders_every_seat_before_the_event(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any]
) -> None:
    """The table's other sockets find their frames made when the event reaches them (no second
    thread call that waits on the deal's lock)."""
    table_id, deal_id, seat, action = first_move(club, members, settings)
    applied = moves.apply_move(deal_id, seat, action, 0, user_id=members[seat].pk, render=True)
    [frames] = frames_at_event
    assert frames is not None
    assert applied.frames is frames  # the mover's socket sends its own without asking again
    assert sorted(frames, key=lambda s: -1 if s is None else s) == [None, 0, 1, 2, 3]
    assert {shown for shown, _ in frames.values()} == {(deal_id, 1)}


def test_a_server_step_does_not_render(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any]
) -> None:
    """A worker applying a move (a bot, a clock) serves no sockets: it only sends the event."""
    _, deal_id, seat, action = first_move(club, members, settings)
    moves.apply_move(deal_id, seat, action, 0)
    assert frames_at_event == [None]


def test_only_the_seats_with_a_socket_on_the_node_are_rendered(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any]
) -> None:
    """The four seats' sockets are on this node and nobody watches: no spectators' view is made."""
    table_id, deal_id, seat, action = first_move(club, members, settings)
    for s in range(4):
        watching.watch(table_id, s, object())
    applied = moves.apply_move(deal_id, seat, action, 0, user_id=members[seat].pk, render=True)
    assert applied.frames is not None
    assert sorted(applied.frames) == [0, 1, 2, 3]


def test_a_spectator_who_arrived_after_the_frames_gets_the_spectators_view(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any]
) -> None:
    """Asked for a seat the frames lack, the node makes them again with it: the spectators' frame
    is the spectators' view, without the hand or hints of any seat."""
    table_id, deal_id, seat, action = first_move(club, members, settings)
    watching.watch(table_id, 0, object())
    moves.apply_move(deal_id, seat, action, 0, user_id=members[seat].pk, render=True)
    assert live.deal(deal_id).frames(table_id, 1, (None,)) is None
    watching.watch(table_id, None, object())
    made = views.encoded_views(table_id, deal_id, 1, seats=(None,))
    assert sorted(made, key=lambda s: -1 if s is None else s) == [None, 0]
    assert made[None] == views._encoded(views.table_view(table_id, None))
    spectators = json.loads(made[None][1])
    assert spectators["seat"] is None and spectators["hand"] is None and spectators["legal"] == []
    assert all(isinstance(spectators["state"]["zones"][f"hand:{s}"], int) for s in range(4))


@pytest.mark.asyncio
async def test_a_socket_asking_for_frames_without_its_seat_gets_its_own(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any]
) -> None:
    """The sockets' path: frames made before a spectator's socket arrived are made again for it."""
    table_id, deal_id, seat, action = await database_sync_to_async(first_move)(club, members, settings)
    watching.watch(table_id, 0, object())
    await database_sync_to_async(moves.apply_move)(
        deal_id, seat, action, 0, user_id=members[seat].pk, render=True
    )
    watching.watch(table_id, None, object())
    made = await shared_frames(table_id, deal_id, 1, None)
    assert json.loads(made[None][1])["seat"] is None


@pytest.mark.parametrize("watched", [(), (0,)])
def test_a_seat_frame_is_the_seat_own_view(
    club: Any, members: list[Any], settings: Any, frames_at_event: list[Any], watched: tuple[int, ...]
) -> None:
    """Whether or not the seat's socket is counted on the node, its frame is its own view."""
    table_id, deal_id, seat, action = first_move(club, members, settings)
    for s in watched:
        watching.watch(table_id, s, object())
    moves.apply_move(deal_id, seat, action, 0, user_id=members[seat].pk, render=True)
    made = views.encoded_views(table_id, deal_id, 1, seats=(0,))
    assert made[0] == views._encoded(views.table_view(table_id, 0))
