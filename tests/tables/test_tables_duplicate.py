"""Live duplicate tables: a published round opens its tables, which draw from the round's boards."""

from __future__ import annotations

from typing import Any

import pytest

from league.models import Board, Deal, MatchSeat, Player, Round, Tournament
from league.services import archive, offline, results, rounds, tournaments, travellers
from tables.models import LiveTable
from tables.services import access as table_access
from tables.services import deals, pacing

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def manual(settings: Any) -> None:
    """Server steps wait in a list; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"


def howell_round(
    club: Any, members: list[Any], boards: int = 1, bots_at: set[tuple[int, int]] | None = None
) -> Round:
    """Four pairs in a two-table Howell, round drafted (not published). Bots play every seat of the
    tables ``bots_at`` ((movement round, table); all when ``None``), the players' own seats elsewhere."""
    tournament = tournaments.create_tournament(
        club,
        members[0],
        {},
        name="Duplicate night",
        game="tractor",
        format=Tournament.Format.DUPLICATE_PAIRS,
        entry_kind=Tournament.EntryKind.TEAM,
        movement=Tournament.Movement.HOWELL,
        boards_per_round=boards,
        rounds_planned=1,
    )
    players = [Player.objects.create(club=club, name=f"Bot player {i}") for i in range(8)]
    for i in range(4):
        tournaments.add_entry(tournament, players[2 * i : 2 * i + 2])
    rnd = rounds.generate_round(tournament)
    for match in rnd.matches.all():
        if bots_at is None or (match.stage, match.table_number) in bots_at:
            MatchSeat.objects.filter(match=match).update(bot="random")
    return rnd


def test_publishing_opens_a_live_table_per_match(club: Any, members: list[Any], manual: None) -> None:
    """Every table of every movement round gets its live table; a table of bots starts at once."""
    rnd = howell_round(club, members, bots_at={(1, 1), (2, 1), (2, 2), (3, 1), (3, 2)})
    assert not LiveTable.objects.exists()
    rounds.publish_round(rnd)
    tables = LiveTable.objects.filter(match__round=rnd)
    assert tables.count() == 6
    waiting = tables.get(match__stage=1, match__table_number=2)
    assert waiting.status == LiveTable.Status.OPEN and not Deal.objects.filter(match=waiting.match).exists()
    started = tables.exclude(pk=waiting.pk)
    assert {t.status for t in started} == {LiveTable.Status.PLAYING}
    assert Deal.objects.filter(match__live_table__in=started, number=1).count() == 5


def test_two_live_tables_play_the_same_board(club: Any, members: list[Any], manual: None) -> None:
    """Both tables of round 1 deal board 1: same deck, dealer and levels; the traveller has both."""
    rnd = howell_round(club, members)
    rounds.publish_round(rnd)
    board = Board.objects.get(round=rnd, number=1)
    first_stage = LiveTable.objects.filter(match__round=rnd, match__stage=1).order_by("match__table_number")
    pacing.run_pending()
    played = list(Deal.objects.filter(match__round=rnd, match__stage=1).order_by("match__table_number"))
    assert len(played) == 2
    for deal in played:
        head = archive.head(deal)
        assert deal.board == board and head.deck == board.deck and head.commitment == board.commitment
        assert head.situation == board.situation() and deal.status == Deal.Status.FINISHED
        assert deal.seed == ""
    assert [t.match.status for t in first_stage] == ["finished", "finished"]
    rows = travellers.travellers(rnd)[1]
    assert len(rows) == 2 and {r.ns_mp for r in rows} <= {0, 1, 2}


def test_a_finished_board_keeps_its_deck_hidden_until_the_round_ends(
    club: Any, members: list[Any], manual: None
) -> None:
    """Other tables still have to play the board: only the commitment shows until the round is over."""
    rnd = howell_round(club, members, bots_at={(1, 1)})
    rounds.publish_round(rnd)
    table = LiveTable.objects.filter(match__round=rnd, match__stage=1).first()
    assert table is not None
    pacing.run_pending()
    deal = Deal.objects.get(match=table.match)
    assert deal.status == Deal.Status.FINISHED
    assert deals.reveal(deal) == {"commitment": archive.head(deal).commitment}
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    deal.refresh_from_db()
    assert deals.reveal(deal)["deck"] == archive.deck(deal)


def test_a_live_and_an_entered_result_of_a_board_compare(club: Any, members: list[Any], manual: None) -> None:
    """Table 1 plays board 1 live, table 2 enters it from real cards: one traveller scores both."""
    rnd = howell_round(club, members, bots_at={(1, 1)})
    rounds.publish_round(rnd)
    board = Board.objects.get(round=rnd, number=1)
    live_table, other = LiveTable.objects.filter(match__round=rnd, match__stage=1).order_by(
        "match__table_number"
    )
    live, physical = live_table.match, other.match
    assert live is not None and physical is not None
    pacing.run_pending()
    live_deal = Deal.objects.get(match=live)
    assert live_deal.status == Deal.Status.FINISHED and live_deal.has_moves
    # The physical table's declarers take the opposite side of the live table's defenders' points.
    points = 0 if live_deal.result["defender_points"] >= 40 else 80
    results.enter_deal(physical, members[0], offline.DealInput(board.dealer, points))
    rows = travellers.travellers(rnd)[1]
    assert [r.how for r in rows] == ["live", "entered"]
    assert sorted([rows[0].ns_mp, rows[1].ns_mp]) == [0, 2]
    assert rows[0].ns_mp + rows[0].ew_mp == rows[1].ns_mp + rows[1].ew_mp == 2


def test_a_started_live_table_refuses_hand_entry(club: Any, members: list[Any], manual: None) -> None:
    """Once a table plays live, its boards are not entered by hand too."""
    rnd = howell_round(club, members, bots_at={(1, 1)})
    rounds.publish_round(rnd)
    table = LiveTable.objects.filter(match__round=rnd, match__stage=1).first()
    assert table is not None and table.match is not None
    assert not results.can_enter(members[0], table.match)
    with pytest.raises(results.ResultError):
        results.enter_deal(table.match, members[0], offline.DealInput(0, 30))


def test_only_the_table_and_the_directors_watch_a_board_until_the_round_ends(
    client: Any, club: Any, members: list[Any], manual: None
) -> None:
    """A member could otherwise watch a board they will play later: the table page is a 404 for them
    and the socket refuses them, while the club's owner (a director) watches; after the round, all."""
    rnd = howell_round(club, members, bots_at={(1, 1)})
    rounds.publish_round(rnd)
    table = LiveTable.objects.get(match__round=rnd, match__stage=1, match__table_number=1)
    owner, member = members[0], members[1]
    client.force_login(member)
    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert table_access.join(table.pk, member) is None
    client.force_login(owner)
    assert client.get(f"/tables/{table.pk}/").status_code == 200
    assert table_access.join(table.pk, owner) is not None
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    client.force_login(member)
    assert client.get(f"/tables/{table.pk}/").status_code == 200
    assert table_access.join(table.pk, member) is not None
