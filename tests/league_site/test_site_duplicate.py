"""Duplicate events in the database: tables from the movement, entered boards, travellers, standings."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from league.boards import make_board
from league.models import Board, Deal, Match, Player, Round, Tournament
from league.services import offline, results, rounds, tournaments, travellers
from league.services import standings as stored_standings
from tests.league_site.conftest import make_tournament

pytestmark = pytest.mark.django_db


def add_players(club: Any, n: int) -> list[Player]:
    """``n`` more offline players."""
    return [Player.objects.create(club=club, name=f"P{i:02d}") for i in range(n)]


def pairs_event(club: Any, pairs: int, movement: str = "mitchell", per: int = 2) -> Tournament:
    """A duplicate pairs event with ``pairs`` partnerships entered."""
    tournament = make_tournament(
        club, "tractor", "duplicate_pairs", movement=movement, boards_per_round=per, rounds_planned=1
    )
    players = add_players(club, 2 * pairs)
    for i in range(pairs):
        tournaments.add_entry(tournament, players[2 * i : 2 * i + 2])
    return tournament


def teams_event(club: Any, teams: int, per: int = 2) -> Tournament:
    """A duplicate teams-of-four round robin."""
    tournament = make_tournament(
        club, "shengji", "duplicate_teams", movement="round_robin", boards_per_round=per
    )
    players = add_players(club, 4 * teams)
    for i in range(teams):
        tournaments.add_entry(tournament, players[4 * i : 4 * i + 4])
    return tournament


def director() -> User:
    return User.objects.get(username="director")


def enter_board(match: Match, points: int) -> Deal:
    """A director enters the next board of ``match``: the defenders took ``points``."""
    board = Board.objects.get(round=match.round, number=match.boards[match.deals.count()])
    return results.enter_deal(match, director(), offline.DealInput(board.dealer, points))


# --- Setup --------------------------------------------------------------------------------------


def test_it_offers_duplicate_only_for_the_level_partnership_games(club: Any) -> None:
    """San Da Ha has no boards: the director is told so."""
    with pytest.raises(tournaments.TournamentError, match="Shengji and Tractor"):
        make_tournament(club, "sandaha", "duplicate_pairs", movement="mitchell")


def test_it_needs_a_movement_of_the_format(club: Any) -> None:
    """A pairs event cannot be a Swiss of teams."""
    with pytest.raises(tournaments.TournamentError, match="movement"):
        make_tournament(club, "tractor", "duplicate_pairs", movement="swiss")


def test_it_switches_the_pointless_redeal_off(club: Any) -> None:
    """A board is played by everyone: nobody may escape it with a redeal."""
    assert pairs_event(club, 4).rules["pointless_redeal"] is False


def test_a_team_entry_has_four_players(club: Any) -> None:
    """Teams of four enter four players."""
    tournament = teams_event(club, 2)
    assert [e.members.count() for e in tournament.entries.all()] == [4, 4]


# --- Rounds ------------------------------------------------------------------------------------


def test_a_mitchell_round_makes_every_table_of_every_movement_round(club: Any) -> None:
    """Six pairs, three tables, three movement rounds of two boards: nine tables, six boards."""
    tournament = pairs_event(club, 6)
    rnd = rounds.generate_round(tournament)
    assert rnd.boards.count() == 6 and len(rnd.board_seed) == 64
    matches = list(rnd.matches.order_by("stage", "table_number"))
    assert [(m.stage, m.table_number, m.boards) for m in matches[:4]] == [
        (1, 1, [1, 2]),
        (1, 2, [3, 4]),
        (1, 3, [5, 6]),
        (2, 1, [3, 4]),
    ]
    entries = list(tournament.entries.order_by("seed"))
    first = matches[0]
    seats = {s.seat: s.entry_id for s in first.seats.all()}
    assert seats == {0: entries[0].pk, 2: entries[0].pk, 1: entries[3].pk, 3: entries[3].pk}
    assert all(m.deals_target == 2 for m in matches)


def test_an_odd_field_sits_the_phantom_s_opponents_out(club: Any) -> None:
    """Five pairs: the sixth place is a phantom, so one table a round is not played."""
    rnd = rounds.generate_round(pairs_event(club, 5))
    assert rnd.matches.count() == 6
    assert sorted(rnd.matches.values_list("stage", flat=True)) == [1, 1, 2, 2, 3, 3]


def test_the_boards_are_those_of_the_round_s_seed(club: Any) -> None:
    """Each stored board is the pure board of the round's secret; its commitment checks."""
    rnd = rounds.generate_round(pairs_event(club, 4, movement="howell"))
    for board in rnd.boards.all():
        pure = make_board("tractor", rnd.tournament.rules, rnd.board_seed, board.number)
        assert (tuple(board.deck), board.dealer, tuple(board.levels)) == (pure.deck, pure.dealer, pure.levels)
        assert board.commitment == pure.commitment


def test_a_howell_of_four_pairs_plays_three_rounds_of_two_tables(club: Any) -> None:
    """Every table of a Howell round plays the round's set."""
    rnd = rounds.generate_round(pairs_event(club, 4, movement="howell"))
    assert [(m.stage, m.boards) for m in rnd.matches.order_by("stage", "table_number")] == [
        (1, [1, 2]),
        (1, [1, 2]),
        (2, [3, 4]),
        (2, [3, 4]),
        (3, [5, 6]),
        (3, [5, 6]),
    ]


def test_a_team_match_puts_each_team_s_pairs_in_opposite_directions(club: Any) -> None:
    """Home's first pair NS at table 1, its second pair EW at table 2."""
    tournament = teams_event(club, 2)
    rnd = rounds.generate_round(tournament)
    t1, t2 = rnd.matches.order_by("table_number")
    home, away = (t1.seats.get(seat=0).entry, t1.seats.get(seat=1).entry)
    hp = [m.player_id for m in home.members.all()]
    ap = [m.player_id for m in away.members.all()]
    assert [s.player_id for s in t1.seats.order_by("seat")] == [hp[0], ap[2], hp[1], ap[3]]
    assert [s.player_id for s in t2.seats.order_by("seat")] == [ap[0], hp[2], ap[1], hp[3]]
    assert t1.boards == t2.boards == [1, 2]


# --- Results -----------------------------------------------------------------------------------


def test_an_entered_board_starts_from_the_board_s_situation(club: Any) -> None:
    """The deal is linked to its board and starts at its dealer and levels, whoever was typed in."""
    tournament = pairs_event(club, 4, movement="howell")
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    match = rnd.matches.order_by("stage", "table_number").first()
    assert match is not None
    board = Board.objects.get(round=rnd, number=1)
    deal = results.enter_deal(match, director(), offline.DealInput((board.dealer + 1) % 4, 30))
    assert deal.board == board and deal.situation == board.situation()
    assert deal.result["levels_before"] == board.levels
    assert deal.result["dealer"] == board.dealer


def test_the_traveller_compares_both_tables_of_a_board(club: Any) -> None:
    """Board 1 at both Howell tables: fewer points conceded by the declarers scores better for them."""
    tournament = pairs_event(club, 4, movement="howell")
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    t1, t2 = rnd.matches.order_by("stage", "table_number")[:2]
    enter_board(t1, 20)
    enter_board(t2, 60)
    rows = travellers.travellers(rnd)[1]
    assert [r.match for r in rows] == [t1, t2]
    declarer_ns = Board.objects.get(round=rnd, number=1).dealer % 2 == 0
    best = rows[0] if declarer_ns else rows[1]
    assert best.ns_mp == 2 and best.ew_mp == 0
    assert {r.ns_mp for r in rows} == {0, 2}


def test_pair_standings_rank_by_percentage(club: Any) -> None:
    """After one board at both tables, the pairs that did better have 100%, the others 0%."""
    tournament = pairs_event(club, 4, movement="howell", per=1)
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    t1, t2 = rnd.matches.order_by("stage", "table_number")[:2]
    for match, points in ((t1, 20), (t2, 60)):
        enter_board(match, points)
        results.submit(match, director())
    stored_standings.update(tournament.pk)
    rows = list(tournament.standing_rows.order_by("rank", "entry__seed"))
    assert [r.points for r in rows] == [10000, 10000, 0, 0]
    assert [r.rank for r in rows] == [1, 1, 3, 3]


def test_team_standings_score_victory_points(club: Any) -> None:
    """Same board, home's NS concede 20 at table 1 and away's NS concede 60 at table 2."""
    tournament = teams_event(club, 2, per=1)
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    t1, t2 = rnd.matches.order_by("table_number")
    enter_board(t1, 20)
    enter_board(t2, 60)
    for match in (t1, t2):
        results.submit(match, director())
    (m,) = travellers.team_matches(rnd)
    board = Board.objects.get(round=rnd, number=1)
    # Shengji: 20 conceded means the declarers climb a level (100 - 20), 60 means nobody does (-60).
    # NS dealing: home NS +80 at table 1, away NS -60 at table 2; EW dealing: -80 and +60.
    assert m["difference"] == (140 if board.dealer % 2 == 0 else -140)
    assert sum(m["vp"]) == 20
    stored_standings.update(tournament.pk)
    top = tournament.standing_rows.order_by("rank").first()
    assert top is not None and top.points == max(m["vp"])
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.FINISHED


def enter_ranking(rnd: Round, number: int, ranking: tuple[int, ...]) -> None:
    """Board ``number`` (played in movement round ``number``) at every table: NS at table t do as well
    as ``ranking[t - 1]`` says (0 worst, 2 best; equal values tie)."""
    board = Board.objects.get(round=rnd, number=number)
    # Declarers do better conceding fewer points; NS declare when the dealer is seat 0 or 2.
    points = (100, 60, 20) if board.dealer % 2 == 0 else (20, 60, 100)
    for match, rank in zip(rnd.matches.filter(stage=number).order_by("table_number"), ranking, strict=True):
        results.enter_deal(match, director(), offline.DealInput(board.dealer, points[rank]))


@pytest.mark.parametrize(
    ("tie_breaks", "order", "ranks"),
    [(["WIN"], [1, 3, 6, 4, 2, 5], [1, 2, 3, 4, 5, 6]), ([], [1, 3, 6, 2, 4, 5], [1, 2, 3, 4, 4, 6])],
)
def test_pair_standings_break_ties_with_the_league_s_tie_breaks(
    club: Any, tie_breaks: list[str], order: list[int], ranks: list[int]
) -> None:
    """Six pairs, a board a round: pairs 2 and 4 both score 9 of 20 matchpoints (45%); pair 4 won one
    of its tables, pair 2 none. With the number of wins chosen pair 4 comes first; without a
    tie-break they share fourth place."""
    tournament = pairs_event(club, 6, movement="howell", per=1)
    Tournament.objects.filter(pk=tournament.pk).update(tie_breaks=tie_breaks)
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    rankings = [(0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 1, 0), (2, 0, 1)]
    for number, ranking in enumerate(rankings, start=1):
        enter_ranking(rnd, number, ranking)
    for match in rnd.matches.all():
        results.submit(match, director())
    stored_standings.update(tournament.pk)
    seeds = {e.pk: i for i, e in enumerate(tournament.entries.order_by("seed", "id"), start=1)}
    rows = list(tournament.standing_rows.order_by("rank", "entry__seed", "entry_id"))
    assert [seeds[r.entry_id] for r in rows] == order
    assert [r.rank for r in rows] == ranks
    assert [r.points for r in rows] == [6500, 6000, 5500, 4500, 4500, 3000]


def test_a_swiss_of_teams_pairs_the_winners_next(club: Any) -> None:
    """Round 1's two winning teams meet in round 2 (victory points decide the score groups)."""
    tournament = teams_event(club, 4, per=1)
    Tournament.objects.filter(pk=tournament.pk).update(movement="swiss", rounds_planned=2)
    tournament.refresh_from_db()
    rnd = rounds.publish_round(rounds.generate_round(tournament))
    board = Board.objects.get(round=rnd, number=1)
    for match in rnd.matches.order_by("table_number"):
        # Odd tables have the home team's NS pair: it declares well there, the away team's badly.
        points = 20 if match.table_number % 2 else 60
        enter_board(match, points if board.dealer % 2 == 0 else 80 - points)
        results.submit(match, director())
    stored_standings.update(tournament.pk)
    winners = {m["home"].pk if m["vp"][0] > 10 else m["away"].pk for m in travellers.team_matches(rnd)}
    assert len(winners) == 2
    second = rounds.generate_round(tournament)
    met = [{m["home"].pk, m["away"].pk} for m in travellers.team_matches(second)]
    assert winners in met
