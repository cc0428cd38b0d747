"""The demo data: bot-played tournaments with full records, standings and ratings; idempotent."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from engine.core.record import check_record
from league.management.commands import demo_data
from league.models import Club, Deal, Match, Move, PlayerRating, RatingChange, Round, StandingRow, Tournament
from league.services import archive, travellers, typed_rows
from replays.services import records


@pytest.mark.django_db
def test_it_creates_played_tournaments_once(django_capture_on_commit_callbacks) -> None:
    """Six finished tournaments with recorded deals; a second run changes nothing."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    assert club.players.count() == 24
    swiss = Tournament.objects.get(slug="autumn-tractor-swiss")
    robin = Tournament.objects.get(slug="san-da-ha-round-robin")
    friends = Tournament.objects.get(slug="zhao-pengyou-friends-night")
    colours = Tournament.objects.get(slug="si-se-pai-four-colours")
    assert swiss.status == robin.status == friends.status == colours.status == Tournament.Status.FINISHED
    assert not Match.objects.exclude(status=Match.Status.FINISHED).exists()
    assert Deal.objects.filter(has_moves=False).count() == 0 and not Move.objects.exists()
    assert sum(d.version for d in Deal.objects.exclude(packed=None)) > 1000  # every move, packed
    assert StandingRow.objects.filter(tournament=swiss).count() == 8
    assert StandingRow.objects.filter(tournament=robin).count() == 8
    assert StandingRow.objects.filter(tournament=friends).count() == 13
    assert StandingRow.objects.filter(tournament=colours).count() == 10
    families = set(PlayerRating.objects.values_list("family", flat=True))
    assert families == {"tractor", "sandaha", "zhaopengyou", "sisepai", "shengji"}
    assert_typed_rows_round_trip()
    counts = (Deal.objects.count(), Deal.objects.exclude(packed=None).count(), PlayerRating.objects.count())
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", stdout=io.StringIO())
    assert (
        Deal.objects.count(),
        Deal.objects.exclude(packed=None).count(),
        PlayerRating.objects.count(),
    ) == counts


def assert_typed_rows_round_trip() -> None:
    """Every stored deal result and situation, and every match result, reads as its typed value
    and is written back exactly as stored (engine/core/result.py, typed_rows.MatchResult)."""
    for deal in Deal.objects.all():
        assert deal.result and typed_rows.result(deal.game, deal.result).to_json() == deal.result
        assert list(typed_rows.result(deal.game, deal.result).to_json()) == list(deal.result)
        situation = typed_rows.situation(deal.game, deal.situation)
        assert (situation.to_json() if situation else None) == deal.situation
    for match in Match.objects.all():
        result = typed_rows.match_result(match)
        assert result is not None and result.places and list(result.to_json()) == list(match.result)


@pytest.mark.django_db
def test_its_zhao_pengyou_and_si_se_pai_deals_replay(django_capture_on_commit_callbacks) -> None:
    """Tables of seven and six, of four and three; every deal replays in the engine and the viewer."""
    command = demo_data.Command(stdout=io.StringIO())
    with django_capture_on_commit_callbacks(execute=True):
        club, players = command.people()
        owner = User.objects.get(username="demo")
        command.zhaopengyou(club, owner, players[:13])
        command.sisepai(club, owner, players[12:22])
    first_round = Match.objects.filter(round__number=1)
    sizes = {m.game: sorted(m.seats.count() for m in first_round.filter(game=m.game)) for m in first_round}
    assert sizes == {"zhaopengyou": [6, 7], "sisepai": [3, 3, 4]}
    client = Client()
    for deal in Deal.objects.filter(game__in=["zhaopengyou", "sisepai"]):
        assert check_record(records.deal_record(deal)).result() == deal.result
        assert client.get(f"/deals/{deal.pk}/steps.json").status_code == 200


@pytest.mark.django_db
def test_its_duplicate_events_are_played_from_their_boards(django_capture_on_commit_callbacks) -> None:
    """Eight Tractor pairs on a four-table Mitchell and a Shengji teams-of-four match: every deal is
    a full record drawn from its board, the boards' results differ, standings and ratings are there."""
    command = demo_data.Command(stdout=io.StringIO())
    with django_capture_on_commit_callbacks(execute=True):
        club, players = command.people()
        owner = User.objects.get(username="demo")
        command.duplicate_pairs(club, owner, players[:16])
        command.duplicate_teams(club, owner, players[8:16])
    pairs = Tournament.objects.get(slug="tractor-duplicate-pairs")
    teams = Tournament.objects.get(slug="shengji-teams-of-four")
    assert (pairs.format, pairs.movement, pairs.entries.count()) == ("duplicate_pairs", "mitchell", 8)
    assert pairs.status == teams.status == Tournament.Status.FINISHED
    rnd = Round.objects.get(tournament=pairs)
    assert sorted({(m.stage, m.table_number) for m in rnd.matches.all()}) == [
        (stage, table) for stage in (1, 2, 3) for table in (1, 2, 3, 4)
    ]
    deals = Deal.objects.filter(match__tournament__in=[pairs, teams])
    assert deals.count() == 12 * 2 + 2 * 4 and not deals.filter(has_moves=False).exists()
    client = Client()
    for deal in deals.select_related("board"):
        assert deal.board is not None and archive.deck(deal) == deal.board.deck
        assert check_record(records.deal_record(deal)).result() == deal.result
    assert client.get(f"/deals/{deals.first().pk}/steps.json").status_code == 200  # type: ignore[union-attr]
    # Each board is played at three tables of the Mitchell; the pairs' styles make them differ.
    board_rows = travellers.travellers(rnd)
    assert {len(rows) for rows in board_rows.values()} == {3}
    assert any(len({r.plus for r in rows}) > 1 for rows in board_rows.values())
    percentages = list(StandingRow.objects.filter(tournament=pairs).values_list("points", flat=True))
    assert len(percentages) == 8 and len(set(percentages)) > 2
    (match,) = travellers.team_matches(Round.objects.get(tournament=teams))
    assert sum(match["vp"]) == 20 and match["boards"] == 4
    assert RatingChange.objects.filter(match__tournament=pairs).count() == 12 * 4
    assert RatingChange.objects.filter(match__tournament=teams).count() == 8
