"""The director's and players' pages say what is true: why a button is refused, and what comes next.

Submitting a result a director already accepted says so; a draft round's table says the round must
be published first; the entry form offers exactly the deals the match still needs; withdrawing an
entry asks first and is refused once the tournament is finished.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Entry, Match, Player, Round, Tournament
from league.services import offline, results, rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def the_match(tournament: Tournament) -> Match:
    """Round 1's only table: Owner 0, Member 1, Director 2, Offline 0 at 3."""
    return Match.objects.get(tournament=tournament, round__number=1)


def enter(match: Match, persona: str, deals: int) -> None:
    """``persona`` enters ``deals`` deals (seat 0 declares, the defenders take 30)."""
    for _ in range(deals):
        match.refresh_from_db()
        results.enter_deal(match, User.objects.get(username=persona), offline.DealInput(0, 30))


def page(client: Client, url: str, data: dict[str, object] | None = None) -> str:
    """The page after a POST (followed), or the GET page."""
    if data is None:
        return client.get(url).content.decode()
    return client.post(url, data, follow=True).content.decode()


def test_it_says_a_director_accepted_the_result_when_a_player_submits(
    tractor_round: Tournament, as_user: Login
) -> None:
    """A player pressing Submit on a stale page learns that a director already accepted it."""
    match = the_match(tractor_round)
    enter(match, "owner", 1)
    results.override(match, User.objects.get(username="director"))
    text = page(as_user("owner"), f"/matches/{match.pk}/submit/", {})
    assert "A director has already accepted this result" in text
    assert "an opponent confirms it" not in text


def test_it_says_the_other_side_confirms_after_a_players_submission(
    tractor_round: Tournament, as_user: Login
) -> None:
    """A seated player's submission waits for a player of the other side."""
    match = the_match(tractor_round)
    enter(match, "owner", 1)
    text = page(as_user("owner"), f"/matches/{match.pk}/submit/", {})
    assert "a player of the other side confirms it" in text


def test_it_says_a_directors_own_submission_stands(club: Club, as_user: Login) -> None:
    """A director who does not play at the table submits: the result stands at once, and says so."""
    tournament = make_tournament(club)
    enter_players(tournament, list(Player.objects.filter(name__startswith="Offline")[:4]))
    rounds.publish_round(rounds.generate_round(tournament))
    match = the_match(tournament)
    enter(match, "director", 1)
    text = page(as_user("director"), f"/matches/{match.pk}/submit/", {})
    assert "Result submitted and accepted" in text
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


def test_it_says_a_submitted_result_waits_for_confirmation(tractor_round: Tournament, as_user: Login) -> None:
    """Entering another deal after submitting is refused with the reason, not a bare refusal."""
    match = the_match(tractor_round)
    enter(match, "owner", 1)
    results.submit(match, User.objects.get(username="owner"))
    text = page(as_user("owner"), f"/matches/{match.pk}/deals/", {"declarer": 0, "defender_points": 30})
    assert "waits for the other side to confirm it" in text
    assert match.deals.count() == 1


@pytest.fixture
def draft_match(club: Club) -> Match:
    """A drafted, unpublished round's table."""
    tournament = make_tournament(club)
    enter_players(
        tournament, [Player.objects.get(name=n) for n in ("Owner", "Member", "Director", "Offline 0")]
    )
    rounds.generate_round(tournament)
    return the_match(tournament)


def test_it_tells_the_director_to_publish_a_draft_round_first(draft_match: Match, as_user: Login) -> None:
    """The draft round's table says it must be published, links the round and offers no upload."""
    text = page(as_user("director"), f"/matches/{draft_match.pk}/")
    assert "results are entered once a director publishes it" in text
    assert f"/rounds/{draft_match.round.number}/" in text  # type: ignore[union-attr]
    assert "Upload a deal record" not in text and "Enter the next deal" not in text


def test_it_refuses_a_record_uploaded_to_a_draft_round(draft_match: Match) -> None:
    """Even a director stores nothing at a table that is not published."""
    with pytest.raises(results.ResultError, match="publishes it"):
        results.upload_record(draft_match, User.objects.get(username="director"), "{}")
    assert draft_match.round.status == Round.Status.DRAFT  # type: ignore[union-attr]


@pytest.mark.parametrize(("entered", "needed"), [(0, 2), (1, 1)])
def test_it_offers_the_deals_the_match_still_needs(
    tractor_round: Tournament, as_user: Login, entered: int, needed: int
) -> None:
    """A 2-deal match with deals left shows the entry form and how many deals remain."""
    match = the_match(tractor_round)
    enter(match, "owner", entered)
    text = page(as_user("owner"), f"/matches/{match.pk}/")
    assert "Enter the next deal" in text
    assert f"This match needs {needed} more deal" in text


def test_it_offers_no_third_deal_in_a_two_deal_match(tractor_round: Tournament, as_user: Login) -> None:
    """With both deals entered the form is gone: only submitting is left."""
    match = the_match(tractor_round)
    enter(match, "owner", 2)
    text = page(as_user("owner"), f"/matches/{match.pk}/")
    assert "Enter the next deal" not in text and f'action="/matches/{match.pk}/deals/"' not in text
    assert "Every deal of this match is entered" in text


def test_it_asks_before_withdrawing_an_entry(tractor_round: Tournament, as_user: Login) -> None:
    """The withdraw link opens a page that asks; only its POST withdraws."""
    entry = tractor_round.entries.first()
    assert entry is not None
    url = f"/clubs/riverside/t/{tractor_round.slug}/entries/{entry.pk}/withdraw/"
    client = as_user("director")
    assert "Withdraw the entry" in page(client, url)
    entry.refresh_from_db()
    assert not entry.withdrawn
    assert "Entry withdrawn." in page(client, url, {})
    entry.refresh_from_db()
    assert entry.withdrawn


def test_it_refuses_to_withdraw_from_a_finished_tournament(tractor_round: Tournament, as_user: Login) -> None:
    """A finished tournament's entries stay; the page offers no withdraw link or button."""
    tournaments.set_status(tractor_round, Tournament.Status.FINISHED)
    entry = Entry.objects.filter(tournament=tractor_round).first()
    assert entry is not None
    url = f"/clubs/riverside/t/{tractor_round.slug}/entries/{entry.pk}/withdraw/"
    client = as_user("director")
    assert "can no longer be withdrawn" in page(client, url, {})
    assert "Withdraw the entry" not in page(client, url)
    assert "withdraw…" not in page(client, f"/clubs/riverside/t/{tractor_round.slug}/")
    entry.refresh_from_db()
    assert not entry.withdrawn
