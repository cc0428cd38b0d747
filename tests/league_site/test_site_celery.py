"""The standings task through a real Celery worker on Redis, with PostgreSQL (``services`` runs only)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league import tasks
from league.models import Match, Player, StandingRow
from league.services import offline, results, rounds
from tests.league_site.conftest import enter_players, make_tournament


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_it_computes_standings_in_a_real_worker(club, celery_worker) -> None:
    """Queued on the broker, run by the worker, idempotent when queued again."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    rounds.publish_round(rounds.generate_round(t))
    match = Match.objects.get(tournament=t)
    director = User.objects.get(username="director")
    results.enter_deal(match, director, offline.DealInput(0, 30))
    results.override(match, director)  # on_commit queues the task; the worker may already run it
    version = tasks.update_standings.delay(t.pk).get(timeout=30)
    t.refresh_from_db()
    assert t.standings_version == 1 and version in (None, 1)
    assert StandingRow.objects.filter(tournament=t).count() == 2
    assert tasks.update_standings.delay(t.pk).get(timeout=30) is None
