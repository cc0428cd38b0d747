"""Stored standings: an idempotent task that writes only what changed, and the live page's socket."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.db import connections
from django.test import Client

from league import tasks
from league.models import Match, Player, StandingRow, Tournament
from league.routing import websocket_urlpatterns
from league.services import offline, results, rounds
from league.services import standings as stored
from tests.league_site.conftest import enter_players, make_tournament

Login = Callable[[str | None], Client]


def finish(match: Match, points: list[int]) -> None:
    """Enter deals with the given defenders' points and let a director accept them."""
    director = User.objects.get(username="director")
    for p in points:
        declarer = offline.fixed_declarer(match.game, match.situation)
        results.enter_deal(match, director, offline.DealInput(0 if declarer is None else declarer, p))
    results.override(match, director)


def standings_socket(t: Tournament, user: User | AnonymousUser) -> WebsocketCommunicator:
    """A socket to the tournament's live standings, opened as ``user``."""
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/league/tournaments/{t.pk}/standings/"
    )
    communicator.scope["user"] = user
    return communicator


@pytest.fixture
def four_teams(club) -> Tournament:
    t = make_tournament(club, tie_breaks=["BH", "DIFF", "WIN"])
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    rounds.publish_round(rounds.generate_round(t))
    return t


@pytest.mark.django_db
def test_it_ranks_by_match_points_then_tie_breaks(
    four_teams: Tournament, django_capture_on_commit_callbacks
) -> None:
    """Winners get 2, losers 0; each chosen tie-break is stored with its value."""
    with django_capture_on_commit_callbacks(execute=True):
        for match in Match.objects.filter(tournament=four_teams):
            finish(match, [30, 30])
    rows = list(StandingRow.objects.filter(tournament=four_teams).order_by("rank", "entry__seed"))
    assert [r.points for r in rows] == [2, 2, 0, 0]
    assert [code for code, _ in rows[0].tiebreaks] == ["BH", "DIFF", "WIN"]
    assert dict(rows[0].tiebreaks)["DIFF"] == 4 and dict(rows[0].tiebreaks)["WIN"] == 1


@pytest.mark.django_db
def test_it_is_idempotent_and_writes_only_what_changed(
    four_teams: Tournament, django_capture_on_commit_callbacks
) -> None:
    """Running the task again changes nothing and keeps the version; rows are updated in place."""
    matches = list(Match.objects.filter(tournament=four_teams).order_by("table_number"))
    with django_capture_on_commit_callbacks(execute=True):
        finish(matches[0], [30])
    four_teams.refresh_from_db()
    version = four_teams.standings_version
    ids = set(StandingRow.objects.values_list("id", flat=True))
    assert tasks.update_standings(four_teams.pk) is None
    assert stored.update(four_teams.pk) is None
    four_teams.refresh_from_db()
    assert four_teams.standings_version == version
    with django_capture_on_commit_callbacks(execute=True):
        finish(matches[1], [90])
    assert set(StandingRow.objects.values_list("id", flat=True)) == ids
    four_teams.refresh_from_db()
    assert four_teams.standings_version == version + 1


@pytest.mark.django_db
def test_it_queues_standings_only_after_commit(
    four_teams: Tournament, django_capture_on_commit_callbacks
) -> None:
    """The task is queued with on_commit: nothing is computed while the result's transaction is open."""
    match = Match.objects.filter(tournament=four_teams).first()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        finish(match, [30])
    assert callbacks and not StandingRow.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("persona", "status"), [("member", 200), ("outsider", 404)])
def test_it_serves_the_standings_fragment_like_the_page(
    four_teams: Tournament, as_user: Login, persona: str, status: int
) -> None:
    """The fragment the live page refetches follows the tournament's visibility."""
    response = as_user(persona).get(f"/clubs/riverside/t/{four_teams.slug}/standings/")
    assert response.status_code == status


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_it_tells_the_live_page_when_standings_change(club) -> None:
    """The socket sends the current version on connect, then each new version from the task."""
    t, match, member = await database_sync_to_async(_setup_live)(club)
    communicator = standings_socket(t, member)
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_json_from() == {"type": "standings", "tournament": t.pk, "version": 0}
    await database_sync_to_async(_finish_now)(match)
    # The result's steps tell the round pages first (a "round" message), then the standings follow.
    message = await communicator.receive_json_from(timeout=5)
    while message["type"] == "round":
        assert message == {"type": "round", "tournament": t.pk, "round": 1}
        message = await communicator.receive_json_from(timeout=5)
    assert message == {"type": "standings", "tournament": t.pk, "version": 1}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_it_refuses_the_socket_of_a_hidden_tournament(club) -> None:
    """An outsider's socket to a private club's standings is closed."""
    t, _match, _member = await database_sync_to_async(_setup_live)(club)
    communicator = standings_socket(t, AnonymousUser())
    connected, _ = await communicator.connect()
    assert not connected
    await close_worker_connections()


async def close_worker_connections() -> None:
    """Drop the connections opened in asgiref's worker thread, so later tests find none open there."""
    await database_sync_to_async(_forget_connections)()


def _forget_connections() -> None:
    # An in-memory SQLite test database ignores close(); forgetting the thread's wrapper is what
    # keeps a later async test (without database access) from finding it and touching the DB.
    for conn in connections.all(initialized_only=True):
        conn.close()
        del connections[conn.alias]


def _setup_live(club) -> tuple[Tournament, Match, User]:
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    rounds.publish_round(rounds.generate_round(t))
    return t, Match.objects.get(tournament=t), User.objects.get(username="member")


def _finish_now(match: Match) -> None:
    # Outside a test transaction, on_commit callbacks run at once (eager Celery in the default).
    finish(match, [30])


def test_it_shows_half_points_of_sonneborn_berger() -> None:
    """Sonneborn-Berger is stored doubled and shown halved."""
    assert (
        stored.shown("SB", 548) == "274" and stored.shown("SB", 7) == "3.5" and stored.shown("BH", 7) == "7"
    )
