"""A seat's move made on the node serving its sockets: every seat's frame exists before the event."""

from __future__ import annotations

from typing import Any

import pytest

from league.models import Deal
from tables.services import events, live, moves, pacing
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
