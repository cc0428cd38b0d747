"""Player profiles, rankings and the tournament page with real results."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Match, Player, Tournament
from league.services import offline, results

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.fixture
def played(tractor_round: Tournament, django_capture_on_commit_callbacks) -> Match:
    """The fixture's match, two deals entered and accepted by a director."""
    match = Match.objects.get(tournament=tractor_round)
    owner = User.objects.get(username="owner")
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_deal(match, owner, offline.DealInput(0, 30))
        results.enter_deal(match, owner, offline.DealInput(2, 40))
        results.override(match, owner)
    return match


def test_it_draws_the_rating_history_as_inline_svg(played: Match, as_user: Login) -> None:
    """The profile shows the family's rating, a server-drawn chart and links to the deals."""
    player = Player.objects.get(name="Owner")
    page = as_user("member").get(f"/players/{player.pk}/").content.decode()
    assert "<svg" in page and "polyline" in page
    for deal in played.deals.all():
        assert f'href="/deals/{deal.pk}/"' in page


def test_it_hides_a_private_clubs_player_from_outsiders(played: Match, as_user: Login) -> None:
    """A profile follows its home club's visibility."""
    player = Player.objects.get(name="Owner")
    assert as_user("outsider").get(f"/players/{player.pk}/").status_code == 404


def test_it_ranks_and_filters(played: Match, as_user: Login, club: Club) -> None:
    """Rankings: winners above losers; a minimum of games filters everyone out."""
    client = as_user("member")
    page = client.get("/rankings/tractor/").content.decode()
    assert page.index("Owner") < page.index("Member</a>")
    assert "Nobody is rated here yet" in client.get("/rankings/tractor/?min_games=5").content.decode()
    assert "Owner" in client.get(f"/rankings/tractor/?club={club.pk}&days=7").content.decode()
    assert "Owner" not in as_user("outsider").get("/rankings/tractor/").content.decode()


def test_it_paginates_rankings(played: Match, as_user: Login, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages keep the filters in their links."""
    from league.views import players

    monkeypatch.setattr(players, "RANKING_PAGE", 2)
    page = as_user("member").get("/rankings/tractor/?min_games=1").content.decode()
    assert "min_games=1&amp;page=2" in page


def test_it_shows_results_and_standings_on_the_tournament_page(
    played: Match, as_user: Login, tractor_round: Tournament
) -> None:
    """Entries, the round's table with its score, and the standings with tie-break columns."""
    page = as_user("member").get(tractor_round.get_absolute_url()).content.decode()
    assert "Owner &amp; Director" in page
    assert "Buchholz" in page and "Number of wins" in page
    assert 'data-socket="/ws/league/tournaments/' in page


def test_it_shows_the_match_page_with_its_deals(played: Match, as_user: Login) -> None:
    """The match page lists each deal entered by hand."""
    page = as_user("member").get(f"/matches/{played.pk}/").content.decode()
    assert "entered by hand" in page and "Confirm the result" not in page


def test_it_marks_every_page_for_a_phone(played: Match, as_user: Login, tractor_round: Tournament) -> None:
    """Wide tables scroll inside their box rather than the page."""
    page = as_user("member").get(tractor_round.get_absolute_url()).content.decode()
    assert 'name="viewport"' in page and 'class="scroll"' in page


def test_it_shows_the_level_changes_of_each_deal(played: Match, as_user: Login) -> None:
    """Levels before and after, as the engine's table gave them (30 points: +2, then 40: +1)."""
    page = as_user("member").get(f"/matches/{played.pk}/").content.decode()
    assert "2/2 → 4/2" in page and "4/2 → 5/2" in page
