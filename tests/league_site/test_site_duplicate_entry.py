"""Duplicate boards at physical tables: per-board entry on the match page, confirmed by the opponents.

A Tractor Howell of four pairs, two boards a round: North & South (pair 4, table 1's stationary
pair) sit NS against East & West (pair 1) at table 1 of movement round 1; two offline pairs play
the same boards at table 2.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from engine import get_game
from engine.core.match import play_deal
from engine.core.record import DealRecord, start_record
from league.models import Board, Deal, Match, Membership, Player, ResultReport, Round, Tournament
from league.services import offline, results, rounds, tournaments, travellers
from tables.models import LiveTable
from tests.league_site.conftest import make_tournament

pytestmark = pytest.mark.django_db

Login = Callable[[str | None], Client]
COMPASS = ("north", "south", "east", "west")


@pytest.fixture
def event(club: Any) -> Tournament:
    """Pair 1 East & West, pairs 2 and 3 offline, pair 4 North & South; round 1 published."""
    for name in COMPASS:
        user = User.objects.create_user(name)
        Membership.objects.create(club=club, user=user, role="member")
        Player.objects.create(club=club, name=name.title(), user=user)
    tournament = make_tournament(
        club, "tractor", "duplicate_pairs", movement="howell", boards_per_round=2, rounds_planned=1
    )
    names = ["East", "West", "Offline 0", "Offline 1", "Offline 2", "Offline 3", "North", "South"]
    players = [Player.objects.get(name=n) for n in names]
    for i in range(4):
        tournaments.add_entry(tournament, players[2 * i : 2 * i + 2])
    rounds.publish_round(rounds.generate_round(tournament))
    seats = table(tournament).seats.order_by("seat")
    assert [s.display_name for s in seats] == ["North", "East", "South", "West"]
    return tournament


def table(tournament: Tournament, number: int = 1) -> Match:
    """Table ``number`` of movement round 1."""
    return Match.objects.get(round__tournament=tournament, stage=1, table_number=number)


def board(tournament: Tournament, number: int) -> Board:
    return Board.objects.get(round__tournament=tournament, number=number)


def post_board(client: Client, match: Match, declarer: int, points: int) -> Any:
    return client.post(f"/matches/{match.pk}/deals/", {"declarer": declarer, "defender_points": points})


def enter_both(client: Client, tournament: Tournament, match: Match) -> None:
    """The table's two boards, each declared by its own board's dealer."""
    for number, points in ((1, 30), (2, 45)):
        post_board(client, match, board(tournament, number).dealer, points)
    assert match.deals.count() == 2


def submitted_then_confirmed(event: Tournament, as_user: Login, confirmer: str) -> Match:
    """North enters table 1's two boards and submits them; ``confirmer`` tries to confirm."""
    match = table(event)
    north = as_user("north")
    enter_both(north, event, match)
    north.post(f"/matches/{match.pk}/submit/")
    as_user(confirmer).post(f"/matches/{match.pk}/confirm/")
    match.refresh_from_db()
    return match


def test_the_match_page_names_the_next_board(event: Tournament, as_user: Login) -> None:
    """Before each entry the table is told which board it enters, who deals it and the levels."""
    match = table(event)
    first = board(event, 1)
    page = as_user("north").get(f"/matches/{match.pk}/").content.decode()
    assert "Movement round 1 · boards 1, 2" in page
    dealer = ("South", "East", "North", "West")[first.dealer]  # seats by compass, never from 0
    assert f"Board 1: {dealer} deals, NS at {first.levels[0]}, EW at {first.levels[1]}" in page


def test_each_board_is_declared_by_its_own_dealer(event: Tournament, as_user: Login) -> None:
    """Board 2 is dealt by its own dealer (seat 1), not by whoever board 1 handed the deal to."""
    client, match = as_user("north"), table(event)
    post_board(client, match, board(event, 1).dealer, 30)
    second = board(event, 2)
    form = client.get(f"/matches/{match.pk}/").context["deal_form"]
    assert [seat for seat, _label in form.fields["declarer"].choices] == [second.dealer]
    post_board(client, match, second.dealer, 45)
    deal = match.deals.get(number=2)
    assert deal.board == second and deal.situation == second.situation()
    assert deal.result["levels_before"] == second.levels


def test_a_seat_that_does_not_deal_the_board_is_refused(event: Tournament, as_user: Login) -> None:
    """Board 1's declarer is its dealer: another seat is refused and nothing is stored."""
    match = table(event)
    post_board(as_user("north"), match, (board(event, 1).dealer + 1) % 4, 30)
    assert not match.deals.exists()


@pytest.mark.parametrize(("persona", "stored"), [("director", 1), ("north", 1), ("member", 0), ("east", 1)])
def test_directors_and_the_table_s_players_enter_its_boards(
    event: Tournament, as_user: Login, persona: str, stored: int
) -> None:
    """A member who does not sit at the table may not enter its boards."""
    match = table(event)
    post_board(as_user(persona), match, board(event, 1).dealer, 30)
    assert match.deals.count() == stored


def test_a_player_of_another_table_may_not_enter(event: Tournament, as_user: Login) -> None:
    """North sits at table 1, not at table 2 of the same boards."""
    other = table(event, 2)
    response = post_board(as_user("north"), other, board(event, 1).dealer, 30)
    assert response.status_code == 403 and not other.deals.exists()


@pytest.mark.parametrize("partner", ["north", "south"])
def test_the_entering_pair_cannot_confirm_its_own_boards(
    event: Tournament, as_user: Login, partner: str
) -> None:
    """North enters and submits; neither North nor South may confirm: the result stays pending."""
    match = submitted_then_confirmed(event, as_user, partner)
    assert match.report.status == ResultReport.Status.PENDING
    assert match.status != Match.Status.FINISHED


@pytest.mark.parametrize("opponent", ["east", "west"])
def test_an_opponent_confirms_the_table_s_boards(event: Tournament, as_user: Login, opponent: str) -> None:
    """Once an EW player confirms, the table is finished and both boards are on their travellers."""
    match = submitted_then_confirmed(event, as_user, opponent)
    assert match.report.status == ResultReport.Status.CONFIRMED
    assert match.status == Match.Status.FINISHED
    rows = travellers.travellers(match.round)  # type: ignore[arg-type]
    assert [(n, [r.match for r in rows[n]]) for n in (1, 2)] == [(1, [match]), (2, [match])]
    assert all(r.entered for n in (1, 2) for r in rows[n])


def test_entering_a_board_takes_the_table_out_of_the_lobby(event: Tournament, as_user: Login) -> None:
    """The table plays with real cards: its unstarted live table closes, the other table's stays."""
    match, other = table(event), table(event, 2)
    assert LiveTable.objects.filter(match__in=[match, other]).count() == 2
    post_board(as_user("north"), match, board(event, 1).dealer, 30)
    assert not LiveTable.objects.filter(match=match).exists()
    assert LiveTable.objects.filter(match=other, status=LiveTable.Status.OPEN).exists()


def test_a_table_that_stopped_early_leaves_its_last_board_unplayed(event: Tournament) -> None:
    """Table 1 ran out of time after board 1: the director accepts it; board 2 has table 2's result only,
    factored by Neuberg, and table 1's pairs are scored on board 1 alone."""
    director = User.objects.get(username="director")
    first, second = table(event), table(event, 2)
    results.enter_deal(first, director, offline.DealInput(board(event, 1).dealer, 30))
    results.override(first, director)
    for number, points in ((1, 60), (2, 40)):
        results.enter_deal(second, director, offline.DealInput(board(event, number).dealer, points))
    results.override(second, director)
    rows = travellers.travellers(Round.objects.get(tournament=event))
    assert [len(rows[1]), len(rows[2])] == [2, 1]
    # Board 2 expects 2 results (the most any board has) and has 1: Neuberg gives (0 + 1) * 2 / 1 - 1.
    assert (rows[2][0].ns_mp, rows[2][0].ew_mp) == (1, 1)
    assert Deal.objects.filter(match=first).count() == 1


def test_a_correction_leaves_the_next_board_at_its_own_start(event: Tournament) -> None:
    """A director corrects board 1; board 2 still starts from board 2's dealer and levels, unchanged."""
    director = User.objects.get(username="director")
    match = table(event)
    for number, points in ((1, 30), (2, 45)):
        results.enter_deal(match, director, offline.DealInput(board(event, number).dealer, points))
    before = match.deals.get(number=2).result
    results.correct_deal(match, director, 1, offline.DealInput(board(event, 1).dealer, 0), "typo")
    second = match.deals.get(number=2)
    assert match.deals.get(number=1).result["defender_points"] == 0
    assert second.situation == board(event, 2).situation() and second.result == before


@pytest.mark.parametrize(
    ("persona", "shown"), [("director", True), ("north", True), ("east", True), ("member", False)]
)
def test_a_table_s_results_are_hidden_from_other_players_until_the_round_ends(
    event: Tournament, as_user: Login, persona: str, shown: bool
) -> None:
    """Table 1 entered board 1: its page shows the figures to the directors and the table's players;
    to another member only once the round is over, as other tables may still play the board."""
    match = table(event)
    post_board(as_user("director"), match, board(event, 1).dealer, 35)
    page = as_user(persona).get(f"/matches/{match.pk}/").content.decode()
    assert ('id="results-hidden"' not in page) is shown
    assert (">35<" in page) is shown
    Round.objects.filter(tournament=event).update(status=Round.Status.FINISHED)
    assert ">35<" in as_user(persona).get(f"/matches/{match.pk}/").content.decode()


def test_the_round_page_shows_no_table_scores(event: Tournament, as_user: Login) -> None:
    """A duplicate table's result is its matchpoints on the travellers, not a score of levels."""
    match = table(event)
    for number, points in ((1, 30), (2, 45)):
        post_board(as_user("director"), match, board(event, number).dealer, points)
    as_user("director").post(f"/matches/{match.pk}/override/")
    page = as_user("member").get(f"/clubs/{event.club.slug}/t/{event.slug}/rounds/1/").content.decode()
    row = page[page.index(f'href="/matches/{match.pk}/"') :].split("</tr>")[0]
    match.refresh_from_db()
    assert row.rstrip().endswith("<td>finished</td>") and match.result["score"]


def record_of(match: Match, number: int, deck: list[str]) -> DealRecord:
    """Random bots play board ``number``'s situation at ``match`` from ``deck`` (a full record)."""
    game = get_game(match.game)
    situation = board(match.tournament, number).situation()  # type: ignore[arg-type]
    seats = [{"name": s.display_name, "id": s.player_id} for s in match.seats.order_by("seat")]
    record = start_record(game, match.rules, seats, deck, situation, "salt")
    state = game.start(game.rules_from_json(match.rules), 4, deck, situation)
    record.actions = play_deal(state, [game.bot("random", random.Random(seat)) for seat in range(4)])
    record.result = state.result()
    return record


def upload(client: Client, match: Match, record: DealRecord, **extra: Any) -> Any:
    file = SimpleUploadedFile("deal.json", record.dumps().encode(), content_type="application/json")
    return client.post(f"/matches/{match.pk}/upload/", {"record": file, **extra})


def test_an_uploaded_record_must_hold_the_board_s_cards(event: Tournament, as_user: Login) -> None:
    """Board 1's situation with other cards is not board 1: refused (400), nothing stored; the
    board's own cards are stored as the table's deal 1."""
    match, first = table(event), board(event, 1)
    other = list(reversed(first.deck))
    response = upload(as_user("north"), match, record_of(match, 1, other))
    assert response.status_code == 400 and not match.deals.exists()
    assert "not those of board 1" in response.content.decode()
    assert upload(as_user("north"), match, record_of(match, 1, first.deck)).status_code == 302
    assert match.deals.get().board == first


def test_a_record_attached_to_an_entered_board_must_hold_its_cards(event: Tournament, as_user: Login) -> None:
    """A record of other cards with the entered result is not the board's deal either."""
    match, first = table(event), board(event, 1)
    record = record_of(match, 1, list(reversed(first.deck)))
    points = record.result["defender_points"]  # type: ignore[index]
    post_board(as_user("north"), match, first.dealer, int(points))
    assert upload(as_user("north"), match, record, deal_number=1).status_code == 400
    assert not match.deals.get().has_moves
