"""A game is one room: a toy game registered by a test alone plays through the whole site.

``tests/highcard.py`` defines High Card (its rules, deal state, bots, result, hand entry and review
knowledge) and declares its traits; registering it is all it takes. Nothing outside the test names
it: a tournament seats its tables, a live table plays it through the table service, a deal entered
by hand counts in the standings and the ratings, the replay viewer draws it and the review judges it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine import game_names, get_game
from engine.core.registry import register, unregister
from league.models import Club, Deal, Match, Player, PlayerRating, RatingChange, StandingRow
from league.services import archive, offline, results, rounds, tournaments
from replays.models import Review
from replays.services import reviews
from tables.models import LiveTable
from tables.services import live, lobby, moves, pacing
from tests.highcard import NAME, HighCard
from tests.league_site.conftest import enter_players, make_tournament
from tests.tables.helpers import start

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy() -> Iterator[HighCard]:
    """High Card in the registry for one test, and gone again after it."""
    game = register(HighCard())
    assert isinstance(game, HighCard)
    yield game
    unregister(NAME)


@pytest.fixture
def manual(settings: Any) -> Iterator[None]:
    """Server steps wait in a list (``pacing.run_pending`` runs them); nobody waits between deals."""
    settings.TABLES_PACING = "manual"
    settings.TABLES_PACE = {"draw": 0, "bot": 0, "between_deals": 0}
    live.clear()
    pacing.clear_pending()
    yield
    # The toy's live deals and table facts leave with it (as tests/tables/conftest.py does).
    live.clear()
    pacing.clear_pending()


def tournament(club: Club, deals: int = 1) -> Any:
    """An individual High Card round robin of four offline players, round 1 published."""
    made = make_tournament(club, game=NAME, deals_per_match=deals, tie_breaks=["WIN"])
    enter_players(made, [Player.objects.get(name=f"Offline {i}") for i in range(4)])
    rounds.publish_round(rounds.generate_round(made))
    return made


def director() -> User:
    return User.objects.get(username="director")


def test_it_is_registered_only_while_the_test_runs(toy: HighCard) -> None:
    """The fixture registers it; the registry of the other tests never lists it."""
    assert NAME in game_names() and get_game(NAME) is toy


def test_it_is_gone_after_its_fixture() -> None:
    """No other test sees it."""
    assert NAME not in game_names()


def test_a_tournament_seats_its_tables_of_two(club: Club, toy: HighCard) -> None:
    """Four entries make two matches of two seats, each seat its own side (no partnerships)."""
    made = tournament(club)
    matches = list(Match.objects.filter(tournament=made).order_by("table_number"))
    assert [m.seats.count() for m in matches] == [2, 2]
    assert all(m.game == NAME for m in matches)
    assert tournaments.entry_size(made) == 1


def test_a_deal_entered_by_hand_finishes_the_match_with_standings_and_ratings(
    club: Club, toy: HighCard, django_capture_on_commit_callbacks: Any
) -> None:
    """The other seat took 15 of 25 points: it wins the deal, the match, 2 match points and Elo."""
    made = tournament(club)
    match = Match.objects.filter(tournament=made).order_by("table_number").first()
    assert match is not None
    with django_capture_on_commit_callbacks(execute=True):
        deal = results.enter_deal(match, director(), offline.DealInput(0, 15))
        results.override(match, director())
    assert deal.result["scores"] == [-1, 1] and deal.result["entered"] is True
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["places"] == [2, 1]
    seats = {s.seat: s.entry_id for s in match.seats.all()}
    standing = {row.entry_id: row.points for row in StandingRow.objects.filter(tournament=made)}
    assert standing[seats[1]] == 2 and standing[seats[0]] == 0
    players = {s.seat: s.player_id for s in match.seats.all()}
    ratings = {r.player_id: r.rating for r in PlayerRating.objects.filter(family=NAME)}
    assert ratings[players[1]] > ratings[players[0]]
    assert RatingChange.objects.filter(match=match).count() == 2


def test_figures_no_deal_can_have_are_refused_in_words(club: Club, toy: HighCard) -> None:
    """The toy's own limit (25 points) is named in the league's message."""
    made = tournament(club)
    match = Match.objects.filter(tournament=made).first()
    assert match is not None
    with pytest.raises(results.ResultError, match="from 0 to 25"):
        results.enter_deal(match, director(), offline.DealInput(0, 30))


def test_the_match_page_offers_the_deal_form_its_figures_need(
    club: Club, toy: HighCard, as_user: Any
) -> None:
    """The form asks for the declarer and the other seat's points: the figures the game reads."""
    made = tournament(club)
    match = Match.objects.filter(tournament=made).first()
    assert match is not None
    page = as_user("director").get(f"/matches/{match.pk}/").content.decode()
    assert 'name="defender_points"' in page and 'name="friends"' not in page


def live_deal(club: Club) -> Deal:
    """A live High Card table of the owner and the director, played out through the table service."""
    owner, second = User.objects.get(username="owner"), director()
    table = lobby.open_table(club, owner, NAME)
    lobby.take_seat(table.pk, second, 1)
    deal = start(table)
    users = {0: owner.pk, 1: second.pk}
    while deal.status != Deal.Status.FINISHED:
        state = get_game(NAME).start(get_game(NAME).rules_from_json(deal.rules), 2, deal.deck, deal.situation)
        for seat, text in deal.moves.order_by("seq").values_list("seat", "action"):
            state.apply(seat, get_game(NAME).parse_action(text))
        (seat,) = state.to_move()
        action = max(state.legal_actions(seat), key=str)
        moves.apply_move(deal.pk, seat, str(action), deal.version, user_id=users[seat])
        deal.refresh_from_db()
    return deal


def test_a_live_table_plays_it_through_the_table_service(
    club: Club, toy: HighCard, manual: None, as_user: Any
) -> None:
    """Ten plays finish the deal with the engine's result; the table page is the trick games'."""
    deal = live_deal(club)
    assert len(archive.moves(deal)) == 10 and archive.is_packed(deal)
    assert deal.result["outcome"] == "played" and sum(deal.result["scores"]) == 0
    table = LiveTable.objects.get(match=deal.match)
    page = as_user("owner").get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    assert "tables/table.html" in [t.name for t in page.templates]


def test_the_replay_viewer_draws_its_deal(club: Club, toy: HighCard, manual: None, as_user: Any) -> None:
    """The viewer's page and steps: a frame per action, each trick in the story."""
    deal = live_deal(club)
    client: Client = as_user("owner")
    assert client.get(f"/deals/{deal.pk}/").status_code == 200
    steps = client.get(f"/deals/{deal.pk}/steps.json").json()
    assert len(steps["frames"]) == 11
    assert len(steps["story"]["tricks"]) == 5


def test_a_review_judges_its_decisions(club: Club, toy: HighCard, manual: None, as_user: Any) -> None:
    """Every play with a choice gets a line, judged in the points the seat is paid."""
    deal = live_deal(club)
    review = reviews.request_review(deal, User.objects.get(username="owner"), "fast")
    reviews.run(review.pk)
    review.refresh_from_db()
    assert review.status == Review.Status.DONE
    assert review.lines.count() == review.total > 0
    assert {line.kind for line in review.lines.all()} == {"play"}
    assert as_user("owner").get(f"/deals/{deal.pk}/").status_code == 200
