"""A table starts as soon as it is full and everyone is ready, whatever the order.

Through the table service: every change of seats (a bot seated or removed, the empty seats
filled at once, a person sitting, moving, leaving, saying ready, arriving at a tournament table)
checks the start in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from league.models import Deal, Match, MatchSeat, Player, Round, Tournament
from tables.models import LiveTable
from tables.services import lobby
from tables.services.errors import NotAllowed

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def manual(settings: Any) -> None:
    """Server steps wait in a list: a started table stays at its first deal."""
    settings.TABLES_PACING = "manual"


def status(table: LiveTable) -> str:
    table.refresh_from_db()
    return table.status


def bots_one_by_one(table: LiveTable, host: Any) -> None:
    for seat in range(1, table.seat_count):
        assert status(table) == "open", f"started before seat {seat} had its bot"
        lobby.seat_bot(table.pk, host, seat, "heuristic")


def bots_at_once(table: LiveTable, host: Any) -> None:
    lobby.fill_with_bots(table.pk, host, "random")


SEATING = [bots_one_by_one, bots_at_once]


@pytest.mark.parametrize("seat_bots", SEATING, ids=["one by one", "at once"])
@pytest.mark.parametrize("game", ["tractor", "zhaopengyou"])
def test_the_host_says_ready_first_and_the_last_bot_starts_the_table(
    club: Any, members: list[Any], game: str, seat_bots: Callable[[LiveTable, Any], None]
) -> None:
    """Ready, then bots: the table starts (it once waited forever)."""
    table = lobby.open_table(club, members[0], game)
    assert lobby.set_ready(table.pk, members[0]) is None
    seat_bots(table, members[0])
    assert status(table) == "playing"
    assert Deal.objects.filter(match=table.match, number=1).exists()


@pytest.mark.parametrize("seat_bots", SEATING, ids=["one by one", "at once"])
def test_bots_first_then_the_host_s_ready_starts_the_table(
    club: Any, members: list[Any], seat_bots: Callable[[LiveTable, Any], None]
) -> None:
    """Bots are always ready: the host's ready is the last thing missing."""
    table = lobby.open_table(club, members[0], "tractor")
    seat_bots(table, members[0])
    assert status(table) == "open"
    assert lobby.set_ready(table.pk, members[0]) is not None
    assert status(table) == "playing"


def test_a_guest_sitting_down_does_not_start_the_table_until_they_are_ready(
    club: Any, members: list[Any]
) -> None:
    """A person sits down not ready: the table waits for them, then starts on their ready."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.set_ready(table.pk, members[0])
    lobby.seat_bot(table.pk, members[0], 1, "heuristic")
    lobby.seat_bot(table.pk, members[0], 2, "heuristic")
    assert lobby.take_seat(table.pk, members[1], 3) is None
    assert status(table) == "open"
    assert lobby.set_ready(table.pk, members[1]) is not None


def test_a_ready_person_moving_to_the_last_empty_seat_starts_the_table(club: Any, members: list[Any]) -> None:
    """Moving keeps a person's readiness, so moving into the last seat starts the table."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.take_seat(table.pk, members[1], 1)
    lobby.set_ready(table.pk, members[1])
    lobby.seat_bot(table.pk, members[0], 2, "heuristic")
    lobby.set_ready(table.pk, members[0])
    assert status(table) == "open"  # seat 3 is empty
    assert lobby.take_seat(table.pk, members[1], 3) is None  # seat 1 is empty now
    assert status(table) == "open"
    lobby.seat_bot(table.pk, members[0], 1, "random")
    assert status(table) == "playing"
    seats = {seat.seat: seat for seat in table.seats.all()}
    assert seats[3].user == members[1] and seats[1].bot == "random"


def test_a_seat_freed_and_refilled_by_a_bot_starts_the_table(club: Any, members: list[Any]) -> None:
    """A guest leaves the last seat; the host fills it with a bot and the ready table starts."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.set_ready(table.pk, members[0])
    lobby.seat_bot(table.pk, members[0], 1, "heuristic")
    lobby.seat_bot(table.pk, members[0], 2, "heuristic")
    lobby.take_seat(table.pk, members[1], 3)
    lobby.leave_seat(table.pk, members[1])
    assert status(table) == "open"
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    assert status(table) == "playing"


def test_a_removed_bot_leaves_the_table_waiting_until_its_seat_is_filled_again(
    club: Any, members: list[Any]
) -> None:
    """The host takes a bot away before being ready; seating another bot starts the ready table."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    lobby.remove_bot(table.pk, members[0], 2)
    assert lobby.set_ready(table.pk, members[0]) is None
    assert status(table) == "open"
    assert lobby.seat_bot(table.pk, members[0], 2, "random") is not None


def test_saying_not_ready_after_all_stops_the_start(club: Any, members: list[Any]) -> None:
    """Ready is a switch: a person who takes it back is waited for again."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.set_ready(table.pk, members[0])
    lobby.set_ready(table.pk, members[0], ready=False)
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    assert status(table) == "open"


def test_a_started_table_is_never_started_twice(club: Any, members: list[Any]) -> None:
    """Checking the start again once it played changes nothing: one match, one first deal."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.set_ready(table.pk, members[0])
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    table.refresh_from_db()
    assert lobby.start_if_ready(table) is None
    assert Match.objects.count() == 1 and Deal.objects.count() == 1


def test_only_the_host_seats_fills_and_removes_bots(club: Any, members: list[Any]) -> None:
    """Owner of the table (host) may; another member may not, and nothing changes."""
    table = lobby.open_table(club, members[0], "shengji")
    lobby.seat_bot(table.pk, members[0], 1, "heuristic")
    for refused in (
        lambda: lobby.seat_bot(table.pk, members[1], 2, "heuristic"),
        lambda: lobby.fill_with_bots(table.pk, members[1], "heuristic"),
        lambda: lobby.remove_bot(table.pk, members[1], 1),
    ):
        with pytest.raises(NotAllowed, match="Only the host seats bots."):
            refused()
    bots = [(s.seat, s.bot) for s in table.seats.order_by("seat")]
    assert bots == [(0, ""), (1, "heuristic"), (2, ""), (3, "")]


def test_bots_of_a_kind_the_engine_does_not_have_are_refused(club: Any, members: list[Any]) -> None:
    """The kinds come from the engine: "nobody", "" and made-up kinds change nothing."""
    table = lobby.open_table(club, members[0], "shengji")
    for kind in ("", "nobody", "expert-ish"):
        with pytest.raises(NotAllowed, match="Unknown bot."):
            lobby.seat_bot(table.pk, members[0], 1, kind)
        with pytest.raises(NotAllowed, match="Unknown bot."):
            lobby.fill_with_bots(table.pk, members[0], kind)
    assert not table.seats.exclude(bot="").exists()


def test_a_kind_the_engine_adds_can_be_seated(club: Any, members: list[Any], monkeypatch: Any) -> None:
    """A kind the engine's game lists (say the coming expert bot) is accepted with no list of our own."""
    from engine import get_game

    game = type(get_game("shengji"))
    monkeypatch.setattr(game, "bot_kinds", lambda self: ("random", "heuristic", "expert"))
    table = lobby.open_table(club, members[0], "shengji")
    lobby.seat_bot(table.pk, members[0], 1, "expert")
    seat = table.seats.get(seat=1)
    assert seat.bot == "expert" and seat.display_name == "expert bot"


def test_filling_and_removing_refuse_what_is_not_there(club: Any, members: list[Any]) -> None:
    """No empty seat to fill, no bot to remove: a clear refusal."""
    table = lobby.open_table(club, members[0], "shengji")
    with pytest.raises(NotAllowed, match="No bot sits there."):
        lobby.remove_bot(table.pk, members[0], 0)
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    with pytest.raises(NotAllowed, match="No seat is empty."):
        lobby.fill_with_bots(table.pk, members[0], "heuristic")


def tournament_table(club: Any, members: list[Any], bots: dict[int, str]) -> LiveTable:
    """A published round's live table: members in the seats without a bot."""
    tournament = Tournament.objects.create(
        club=club, name="Spring", slug="spring", game="shengji", format="round_robin", entry_kind="individual"
    )
    round_ = Round.objects.create(tournament=tournament, number=1, status="published")
    match = Match.objects.create(club=club, tournament=tournament, round=round_, game="shengji", rules={})
    people = iter(members)
    for seat in range(4):
        if seat in bots:
            MatchSeat.objects.create(match=match, seat=seat, bot=bots[seat])
        else:
            user = next(people)
            player = Player.objects.create(name=user.username, club=club, user=user)
            MatchSeat.objects.create(match=match, seat=seat, player=player)
    (table,) = lobby.tables_for_round(round_)
    return table


@pytest.mark.parametrize("order", [(0, 1), (1, 0)], ids=["first then second", "second then first"])
def test_a_tournament_table_starts_when_its_last_person_arrives_in_either_order(
    club: Any, members: list[Any], order: tuple[int, int]
) -> None:
    """Two people and two bots: the first to arrive waits, the second starts the match."""
    table = tournament_table(club, members, bots={1: "heuristic", 3: "random"})
    first, second = (members[i] for i in order)
    lobby.arrive(table.pk, first)
    assert status(table) == "open"
    lobby.arrive(table.pk, second)
    assert status(table) == "playing"


def test_a_tournament_table_of_one_person_and_bots_starts_when_they_arrive(
    club: Any, members: list[Any]
) -> None:
    """The bots are ready from the start; the person's arrival is all the table waits for."""
    table = tournament_table(club, members, bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
    assert status(table) == "open"
    lobby.arrive(table.pk, members[0])
    assert status(table) == "playing"


def test_coming_back_to_a_waiting_tournament_table_tells_nobody(
    club: Any, members: list[Any], monkeypatch: Any
) -> None:
    """Only a first arrival is a change: a page reload must not make every waiting page reload."""
    table = tournament_table(club, members, bots={2: "heuristic", 3: "heuristic"})
    told: list[int] = []
    monkeypatch.setattr(lobby, "_changed", told.append)
    lobby.arrive(table.pk, members[0])
    lobby.arrive(table.pk, members[0])
    lobby.arrive(table.pk, members[0])
    assert told == [table.pk]
    assert status(table) == "open"
