"""Check-in before each round and late entries, through the services and the tournament page.

With check-in on, a round pairs only the entries checked in for it: a Swiss leaves the others
out, a round robin gives their opponents a forfeit. A Swiss or individual event takes entries
after round 1; a late entry is paired from the next round and scores nothing for those before.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from league.models import Bye, Club, Entry, Player, Round, Tournament
from league.services import rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def offline(n: int) -> list[Player]:
    """The club's first ``n`` offline players."""
    return list(Player.objects.filter(name__startswith="Offline").order_by("pk")[:n])


def seated(rnd: Round) -> set[int]:
    """Entries with a seat in the round."""
    return {s.entry_id for m in rnd.matches.prefetch_related("seats") for s in m.seats.all()}


def finish(rnd: Round) -> None:
    """Mark the round finished (its results do not matter here)."""
    rnd.status = Round.Status.FINISHED
    rnd.save(update_fields=["status"])


@pytest.fixture
def swiss(club: Club) -> Tournament:
    """A Swiss of four partnerships with check-in."""
    tournament = make_tournament(club, format="swiss", check_in=True)
    enter_players(tournament, offline(8))
    return tournament


def test_a_swiss_pairs_only_the_checked_in_entries(swiss: Tournament) -> None:
    """Two of four check in: one table, the other two neither seated nor given a bye."""
    entries = list(swiss.entries.order_by("seed"))
    for entry in entries[:2]:
        tournaments.check_in(entry)
    rnd = rounds.generate_round(swiss)
    assert seated(rnd) == {entries[0].pk, entries[1].pk}
    assert not Bye.objects.filter(round=rnd).exists()


@pytest.mark.parametrize(("present", "paired"), [(1, False), (2, True)])
def test_a_round_needs_two_checked_in_entries(swiss: Tournament, present: int, paired: bool) -> None:
    """Below two checked-in entries there is nothing to pair."""
    for entry in swiss.entries.order_by("seed")[:present]:
        tournaments.check_in(entry)
    if paired:
        assert rounds.generate_round(swiss).matches.count() == 1
    else:
        with pytest.raises(tournaments.TournamentError, match="At least two entries"):
            rounds.generate_round(swiss)


def test_a_check_in_counts_for_one_round(swiss: Tournament) -> None:
    """Checked in for round 1, the entries must check in again for round 2."""
    entries = list(swiss.entries.order_by("seed"))
    for entry in entries:
        tournaments.check_in(entry)
    finish(rounds.generate_round(swiss))
    for entry in entries:
        entry.refresh_from_db()
        assert not tournaments.checked_in(entry)


def test_checking_out_again_leaves_the_entry_unpaired(swiss: Tournament) -> None:
    """A check-in made by mistake is undone."""
    entry = swiss.entries.order_by("seed").first()
    assert entry is not None
    tournaments.check_in(entry)
    tournaments.check_in(entry, present=False)
    assert not tournaments.checked_in(entry)


def test_a_round_robin_forfeits_the_tables_of_absent_entries(club: Club) -> None:
    """Entry 4 does not check in: entry 1, its round-1 opponent, wins by forfeit."""
    tournament = make_tournament(club, check_in=True)
    enter_players(tournament, offline(8))
    entries = list(tournament.entries.order_by("seed"))
    for entry in entries[:3]:
        tournaments.check_in(entry)
    rnd = rounds.generate_round(tournament)
    assert seated(rnd) == {entries[1].pk, entries[2].pk}
    assert list(rnd.byes.values_list("entry_id", "points")) == [(entries[0].pk, rounds.FORFEIT_POINTS)]


def test_the_director_checks_entries_in_on_the_tournament_page(swiss: Tournament, as_user: Login) -> None:
    """The page counts the check-ins for the next round; the button checks one in."""
    entry = swiss.entries.order_by("seed").first()
    assert entry is not None
    client = as_user("director")
    page = client.get(swiss.get_absolute_url()).content.decode()
    assert "Check-in for round 1: 0 of 4 entries" in page
    client.post(f"/clubs/riverside/t/{swiss.slug}/entries/{entry.pk}/check-in/")
    page = client.get(swiss.get_absolute_url()).content.decode()
    assert "Check-in for round 1: 1 of 4 entries" in page


def test_check_in_is_refused_where_the_event_has_none(club: Club) -> None:
    """Without check-in every entry is paired; checking in is refused."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, offline(4))
    with pytest.raises(tournaments.TournamentError, match="no check-in"):
        tournaments.check_in(tournament.entries.first())  # type: ignore[arg-type]


@pytest.mark.parametrize(("format", "late"), [("swiss", True), ("round_robin", False)])
def test_late_entries_join_a_swiss_but_not_a_round_robin(club: Club, format: str, late: bool) -> None:
    """After round 1 a Swiss takes an entry for round 2; a round robin's schedule is fixed."""
    tournament = make_tournament(club, format=format)
    enter_players(tournament, offline(4))
    finish(rounds.generate_round(tournament))
    newcomers = offline(6)[4:]
    if late:
        entry = tournaments.add_entry(tournament, newcomers)
        assert entry.joined_round == 2
        assert entry.pk in seated(rounds.generate_round(tournament))
    else:
        with pytest.raises(tournaments.TournamentError, match="Entries close"):
            tournaments.add_entry(tournament, newcomers)


def test_a_late_entry_scores_nothing_for_the_rounds_it_missed(club: Club) -> None:
    """No result and no bye for round 1: the late entry starts round 2 on 0 points."""
    tournament = make_tournament(club, format="swiss")
    enter_players(tournament, offline(4))
    finish(rounds.generate_round(tournament))
    entry = tournaments.add_entry(tournament, offline(6)[4:])
    assert not Bye.objects.filter(entry=entry).exists()
    assert Entry.objects.get(pk=entry.pk).seats.count() == 0
