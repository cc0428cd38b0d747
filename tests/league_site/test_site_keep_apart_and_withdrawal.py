"""Kept-apart players through the services and pages, and undoing a withdrawal.

A Swiss keeps the entries of two kept-apart players at different tables; a round robin, where
every entry meets every other, names the round in which they meet anyway. A withdrawal is undone
until the next round is drafted, never in a finished tournament.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from league.models import Club, Entry, Player, Tournament
from league.services import rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def keep_apart(tournament: Tournament, first: str, second: str) -> None:
    """Mark two players kept apart, as the tournament page's form does."""
    a, b = (Player.objects.get(name=n).pk for n in (first, second))
    tournament.keep_apart = [*tournament.keep_apart, sorted([a, b])]
    tournament.save(update_fields=["keep_apart"])


def offline(n: int) -> list[Player]:
    """The club's first ``n`` offline players."""
    return list(Player.objects.filter(name__startswith="Offline").order_by("pk")[:n])


def entry_of(tournament: Tournament, name: str) -> Entry:
    """The entry a player belongs to."""
    return Entry.objects.get(tournament=tournament, members__player__name=name)


def together(tournament: Tournament, number: int, a: str, b: str) -> bool:
    """Whether the entries of players ``a`` and ``b`` share a table in round ``number``."""
    rnd = tournament.rounds.get(number=number)
    first, second = entry_of(tournament, a), entry_of(tournament, b)
    return any(
        {first.pk, second.pk} <= set(m.seats.values_list("entry_id", flat=True)) for m in rnd.matches.all()
    )


def test_swiss_keeps_kept_apart_partnerships_at_different_tables(club: Club) -> None:
    """Round one's fold would seat Offline 0's pair against Offline 4's; kept apart, it does not."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, offline(8))
    keep_apart(tournament, "Offline 0", "Offline 4")
    rnd = rounds.generate_round(tournament)
    assert not together(tournament, 1, "Offline 0", "Offline 4")
    assert rounds.forbidden_meetings(rnd) == []


def test_swiss_without_kept_apart_players_folds_as_before(club: Club) -> None:
    """The same field, nobody kept apart: seed 1 meets seed 3 (the fold)."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, offline(8))
    rounds.generate_round(tournament)
    assert together(tournament, 1, "Offline 0", "Offline 4")


def test_a_round_robin_names_the_round_where_kept_apart_entries_meet(club: Club, as_user: Login) -> None:
    """Two partnerships meet in round 1 of a round robin of two: the director is told, twice."""
    tournament = make_tournament(club)
    enter_players(tournament, offline(4))
    keep_apart(tournament, "Offline 0", "Offline 2")
    client = as_user("director")
    page = client.post(f"/clubs/riverside/t/{tournament.slug}/rounds/", follow=True).content.decode()
    assert "are kept apart but meet in this round" in page
    rnd = tournament.rounds.get(number=1)
    assert [(a.name, b.name) for a, b in rounds.forbidden_meetings(rnd)] == [
        ("Offline 0 & Offline 1", "Offline 2 & Offline 3")
    ]
    member_page = as_user("member").get(f"/clubs/riverside/t/{tournament.slug}/rounds/1/").status_code
    assert member_page == 404  # a draft; and the warning is the directors' alone


def test_partners_kept_apart_are_no_pair_to_keep_apart(club: Club) -> None:
    """Two players of one partnership always share a table: nothing to report."""
    tournament = make_tournament(club)
    enter_players(tournament, offline(4))
    keep_apart(tournament, "Offline 0", "Offline 1")
    assert rounds.forbidden_pairs(tournament) == []


def test_the_keep_apart_form_is_offered_for_swiss_and_round_robin(club: Club, as_user: Login) -> None:
    """Not only individual seating: the directors' form is on every pairing format's page."""
    for format in ("swiss", "round_robin"):
        tournament = make_tournament(club, format=format, name=f"Keep {format}")
        enter_players(tournament, offline(4))
        page = as_user("director").get(f"/clubs/riverside/t/{tournament.slug}/").content.decode()
        assert "/keep-apart/" in page, format


@pytest.fixture
def withdrawn(club: Club) -> Entry:
    """A Swiss of four partnerships after round 1, Offline 0's entry withdrawn."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, offline(8))
    rounds.generate_round(tournament)
    return tournaments.withdraw_entry(entry_of(tournament, "Offline 0"))


def test_a_withdrawal_is_undone_before_the_next_round(withdrawn: Entry, as_user: Login) -> None:
    """The director's undo button puts the entry back; the next round pairs it."""
    url = f"/clubs/riverside/t/{withdrawn.tournament.slug}/entries/{withdrawn.pk}/reinstate/"
    page = as_user("director").get(withdrawn.tournament.get_absolute_url()).content.decode()
    assert "undo the withdrawal" in page
    as_user("director").post(url)
    withdrawn.refresh_from_db()
    assert not withdrawn.withdrawn


@pytest.mark.parametrize("later", ["next round drafted", "tournament finished"])
def test_a_withdrawal_stands_once_the_next_round_is_drafted_or_the_event_is_over(
    withdrawn: Entry, later: str
) -> None:
    """After that the withdrawal is part of the pairings made without the entry."""
    tournament = withdrawn.tournament
    if later == "next round drafted":
        first = tournament.rounds.get(number=1)
        first.status = first.Status.FINISHED
        first.save(update_fields=["status"])
        rounds.generate_round(tournament)
    else:
        tournaments.set_status(tournament, Tournament.Status.FINISHED)
    withdrawn.refresh_from_db()
    assert not tournaments.can_reinstate(withdrawn)
    with pytest.raises(tournaments.TournamentError, match="until the next round is drafted"):
        tournaments.reinstate_entry(withdrawn)
