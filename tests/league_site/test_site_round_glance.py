"""The director's round at a glance: each table's state, late tables, the nudge and the override.

States are read from the rows (league.services.table_states): not started, deals entered, waiting
for the other side, confirmed. A table is late once the tournament's match time since the round
was published is over; the director asks it to finish (its phone page says so) or accepts the
result from the round page.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from league.models import Match, Round, Tournament
from league.services import offline, results, table_codes, table_states

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def the_match(tournament: Tournament) -> Match:
    """Round 1's table: Owner and Director against Member and Offline 0."""
    return Match.objects.get(tournament=tournament, round__number=1)


def state(match: Match) -> table_states.TableState:
    """The table's state as the round page shows it."""
    return next(s for s in table_states.round_states(match.round) if s.match.pk == match.pk)  # type: ignore[arg-type]


def test_a_table_goes_from_not_started_to_confirmed(tractor_round: Tournament) -> None:
    """Each step of the result moves the table's state on."""
    match = the_match(tractor_round)
    owner, member = (User.objects.get(username=n) for n in ("owner", "member"))
    assert state(match).code == "not_started"
    results.enter_deal(match, owner, offline.DealInput(0, 30))
    assert (state(match).code, state(match).label) == ("entering", "1 of 2 deals entered")
    results.submit(match, owner)
    assert state(match).code == "waiting"
    results.confirm(match, member)
    assert state(match).code == "confirmed"


@pytest.mark.parametrize(("minutes_ago", "late"), [(29, False), (31, True)])
def test_a_table_is_late_once_the_match_time_is_over(
    tractor_round: Tournament, minutes_ago: int, late: bool
) -> None:
    """30 minutes per match: 29 minutes after publishing the table is on time, after 31 late."""
    Tournament.objects.filter(pk=tractor_round.pk).update(match_minutes=30)
    Round.objects.filter(tournament=tractor_round).update(
        published_at=timezone.now() - timedelta(minutes=minutes_ago)
    )
    assert state(the_match(tractor_round)).late is late


def test_without_a_match_time_no_table_is_late(tractor_round: Tournament) -> None:
    """``match_minutes`` 0: no deadline."""
    Round.objects.filter(tournament=tractor_round).update(published_at=timezone.now() - timedelta(days=1))
    assert state(the_match(tractor_round)).late is False


@pytest.fixture
def late_table(tractor_round: Tournament) -> Match:
    """Round 1's table, an hour past its 30 minutes."""
    Tournament.objects.filter(pk=tractor_round.pk).update(match_minutes=30)
    Round.objects.filter(tournament=tractor_round).update(published_at=timezone.now() - timedelta(hours=1))
    return the_match(tractor_round)


def test_the_director_asks_a_late_table_to_finish(late_table: Match, as_user: Login) -> None:
    """The nudge from the round page reaches the table's phone page."""
    tournament = late_table.tournament
    assert tournament is not None
    url = f"/clubs/riverside/t/{tournament.slug}/rounds/1/"
    page = as_user("director").get(url).content.decode()
    assert "late" in page and "ask to finish" in page
    as_user("director").post(url + "action/", {"action": "nudge", "table": late_table.table_number})
    late_table.refresh_from_db()
    assert late_table.nudged_at is not None
    card = table_codes.card(table_codes.current(late_table))  # type: ignore[arg-type]
    phone = Client(REMOTE_ADDR="10.32.0.1").get(f"/t/{card.text}/").content.decode()
    assert "The director asks this table to finish" in phone


def test_a_member_sees_states_but_no_director_actions(late_table: Match, as_user: Login) -> None:
    """The round's tables fragment shows every visitor the states; only directors get the buttons."""
    tournament = late_table.tournament
    assert tournament is not None
    url = f"/clubs/riverside/t/{tournament.slug}/rounds/1/tables/"
    member = as_user("member").get(url).content.decode()
    assert 'data-state="not_started"' in member and "ask to finish" not in member
    director = as_user("director").get(url).content.decode()
    assert "ask to finish" in director


def test_the_director_accepts_a_waiting_table_from_the_round_page(
    tractor_round: Tournament, as_user: Login
) -> None:
    """A submitted result waits: the round page's button accepts it as it stands."""
    match = the_match(tractor_round)
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(0, 30))
    results.submit(match, owner)
    fragment = (
        as_user("director").get(f"/clubs/riverside/t/{tractor_round.slug}/rounds/1/tables/").content.decode()
    )
    assert f'action="/matches/{match.pk}/override/"' in fragment
    as_user("director").post(f"/matches/{match.pk}/override/")
    assert state(match).code == "confirmed"
