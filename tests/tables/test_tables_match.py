"""Match flow, lobby rules and fair decks, through the table service (no sockets)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game
from engine.core.record import DealRecord, check_record, commitment
from league.models import Deal, Match, MatchSeat, Move, Player, Round, Tournament
from tables.models import LiveTable
from tables.services import deals, lobby, pacing
from tables.services.errors import NotAllowed
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def manual(settings: Any) -> None:
    """Server steps wait in a list; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"


def played_out(club: Any, users: list[Any], bots: dict[int, str], deals: int, **run: Any) -> LiveTable:
    """A table of ``users`` and ``bots``, started and run by its queued server steps until none is left.

    ``deals``: the match's target; ``run``: options of ``pacing.run_pending`` (``expire_clocks``).
    """
    table = seated_table(club, users, bots=bots, deals_target=deals)
    start(table)
    pacing.run_pending(**run)
    table.refresh_from_db()
    return table


def test_a_bot_match_plays_deal_after_deal_until_its_target(
    club: Any, members: list[Any], manual: None
) -> None:
    """Each deal is stored with its record and result; the match stops after ``deals_target`` deals."""
    table = played_out(club, members[:1], {0: "heuristic", 1: "random", 2: "heuristic", 3: "random"}, deals=3)
    match = table.match
    assert table.status == "finished" and match.status == "finished"
    stored = list(Deal.objects.filter(match=match).order_by("number"))
    assert [d.number for d in stored] == list(range(1, len(stored) + 1))
    # A redeal (nobody declared) is stored but does not count toward the target.
    assert sum(d.result["outcome"] == "played" for d in stored) == 3
    assert stored[-1].result["outcome"] == "played"
    assert match.result["deals"] == 3
    for deal in stored:
        moves = list(Move.objects.filter(deal=deal).order_by("seq"))
        assert [m.seq for m in moves] == list(range(deal.version))
        record = DealRecord(
            game=deal.game,
            rules=deal.rules,
            seats=deal.seats,
            deck=deal.deck,
            situation=deal.situation,
            salt=deal.salt,
            commitment=deal.commitment,
            actions=[(m.seat, m.action) for m in moves],
            result=deal.result,
        )
        check_record(record)
        assert deal.commitment == commitment(deal.salt, deal.deck)
        game = get_game(deal.game)
        assert (
            list(game.shuffled_deck(game.rules_from_json(deal.rules), 4, random.Random(deal.seed)))
            == deal.deck
        )
    assert stored[1].situation == get_game("shengji").next_situation(
        get_game("shengji").rules_from_json({}), 4, stored[0].situation, stored[0].result
    )


def test_a_persons_clock_running_out_lets_the_bot_play_marked_auto(
    club: Any, members: list[Any], manual: None
) -> None:
    """A member who does not move in time has the heuristic bot play for them; the Move says so."""
    bots = {1: "heuristic", 2: "heuristic", 3: "heuristic"}
    table = played_out(club, members[:1], bots, deals=3, expire_clocks=True)  # one deal may be redealt
    assert table.match.status == "finished"
    moves = Move.objects.filter(deal__match=table.match)
    seat0 = moves.filter(seat=0).exclude(action="draw")
    assert seat0.exists() and all(m.auto for m in seat0)
    assert not moves.filter(auto=True).exclude(seat=0).exists()


def test_only_members_open_tables_and_only_the_host_seats_bots(
    club: Any, members: list[Any], outsider: Any
) -> None:
    """Outsiders cannot open or sit; members cannot seat bots at another's table; taken seats stay taken."""
    with pytest.raises(NotAllowed):
        lobby.open_table(club, outsider, "shengji")
    table = lobby.open_table(club, members[0], "shengji")
    with pytest.raises(NotAllowed):
        lobby.take_seat(table.pk, outsider, 1)
    with pytest.raises(NotAllowed):
        lobby.seat_bot(table.pk, members[1], 1, "heuristic")
    with pytest.raises(NotAllowed):
        lobby.take_seat(table.pk, members[1], 0)
    lobby.take_seat(table.pk, members[1], 1)
    with pytest.raises(NotAllowed):
        lobby.seat_bot(table.pk, members[0], 1, "heuristic")
    with pytest.raises(NotAllowed):
        lobby.open_table(club, members[0], "no-such-game")


def test_the_table_starts_when_every_seat_is_ready(club: Any, members: list[Any], manual: None) -> None:
    """Bots are always ready; the match starts when the last person says ready."""
    table = seated_table(club, members[:2], bots={2: "random", 3: "random"})
    assert lobby.set_ready(table.pk, members[0]) is None
    deal = lobby.set_ready(table.pk, members[1])
    assert deal is not None and deal.number == 1
    table.refresh_from_db()
    assert table.status == "playing" and table.match.status == "playing"
    with pytest.raises(NotAllowed):
        lobby.take_seat(table.pk, members[2], 2)


def test_a_member_without_a_player_row_is_named_in_the_match(
    club: Any, members: list[Any], manual: None
) -> None:
    """Starting a table gives a seated member a player row, so the record names them, not an empty seat."""
    assert not Player.objects.filter(user=members[1]).exists()
    table = seated_table(club, [members[1]], bots={1: "random", 2: "random", 3: "random"})
    deal = start(table)
    seat = MatchSeat.objects.get(match=deal.match, seat=0)
    assert seat.player is not None and seat.player.user == members[1]
    assert deal.seats[0]["name"] == "member1"


def test_a_published_round_creates_tables_that_start_when_players_arrive(
    club: Any, members: list[Any], manual: None
) -> None:
    """Tables come from the round's matches with seats assigned; they start once everybody is present."""
    tournament = Tournament.objects.create(
        club=club,
        name="Spring",
        slug="spring",
        game="shengji",
        format="round_robin",
        entry_kind="individual",
        seconds_per_decision=20,
        spectator_delay=4,
        deals_per_match=2,
    )
    round_ = Round.objects.create(tournament=tournament, number=1, status="published")
    match = Match.objects.create(club=club, tournament=tournament, round=round_, game="shengji", rules={})
    for seat, user in enumerate(members):
        player = Player.objects.create(name=user.username, club=club, user=user)
        MatchSeat.objects.create(match=match, seat=seat, player=player)
    (table,) = lobby.tables_for_round(round_)
    assert table.match == match and table.spectator_delay == 4 and table.seconds_per_decision == 20
    assert [s.user for s in table.seats.order_by("seat")] == members
    assert lobby.tables_for_round(round_) == []
    for user in members[:3]:
        lobby.arrive(table.pk, user)
    assert not Deal.objects.filter(match=match).exists()
    lobby.arrive(table.pk, members[3])
    assert Deal.objects.filter(match=match, number=1).exists()


def test_the_finish_hook_is_called_once_when_a_match_ends(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    """The league hears about a finished match exactly once, after the commit."""
    finished: list[int] = []
    monkeypatch.setattr(deals, "match_finished", finished.append)
    table = played_out(club, members[:1], {0: "random", 1: "random", 2: "random", 3: "random"}, deals=1)
    assert finished == [table.match_id]
