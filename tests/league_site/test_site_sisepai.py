"""Si Se Pai in the league: tournaments of individuals at tables of 2-4, and deals entered by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Bye, Club, Match, Player, ResultCorrection, ResultReport, Tournament
from league.services import offline, results, rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.seated import confirmed, overridden, reseat, table_sizes

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def ssp(club: Club, entries: int, **extra: object) -> Tournament:
    """A Si Se Pai tournament of individuals with the club's first ``entries`` players entered."""
    t = make_tournament(club, "sisepai", format="individual", tie_breaks=[], **extra)
    enter_players(t, list(Player.objects.filter(club=club).order_by("pk")[:entries]))
    return t


@pytest.mark.parametrize(("size", "ok"), [(1, False), (2, True), (4, True), (5, False)])
def test_it_accepts_table_sizes_from_2_to_4(club: Club, size: int, ok: bool) -> None:
    """Si Se Pai is for two to four players (docs/rules/sisepai.md)."""
    if ok:
        assert make_tournament(club, "sisepai", format="individual", table_size=size).table_size == size
    else:
        with pytest.raises(tournaments.TournamentError):
            make_tournament(club, "sisepai", format="individual", table_size=size)


@pytest.mark.parametrize(
    ("size", "entries", "sizes"), [(0, 9, [3, 3, 3]), (0, 10, [4, 3, 3]), (4, 10, [4, 3, 3]), (4, 8, [4, 4])]
)
def test_it_seats_everyone_at_tables_of_the_games_size(
    club: Club, size: int, entries: int, sizes: list[int]
) -> None:
    """Tables of three by default (the game's usual size), or up to the director's size."""
    rnd = rounds.generate_round(ssp(club, entries, table_size=size))
    assert table_sizes(rnd) == sizes
    assert not Bye.objects.filter(round=rnd).exists()


def test_it_plays_a_round_from_generation_to_the_last_result(
    club: Club, as_user: Login, django_capture_on_commit_callbacks
) -> None:
    """Generate, publish, enter every table's deal and accept it: the round and the event finish."""
    t = ssp(club, 9, rounds_planned=1, deals_per_match=1)
    director = as_user("director")
    base = f"/clubs/riverside/t/{t.slug}/rounds/"
    director.post(base)
    director.post(base + "1/action/", {"action": "publish"})
    for match in Match.objects.filter(tournament=t):
        response = director.post(
            f"/matches/{match.pk}/deals/", {"declarer": 0, "winner": 1, "hand_points": 11}
        )
        assert response.status_code == 302
        with django_capture_on_commit_callbacks(execute=True):
            director.post(f"/matches/{match.pk}/override/")
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert all(m.result["score"] == [-11, 22, -11] for m in Match.objects.filter(tournament=t))


@pytest.fixture
def ssp_match(club: Club) -> Match:
    """One published table of three: Owner 0, Director 1, Member 2."""
    rnd = rounds.generate_round(ssp(club, 3, rounds_planned=1, deals_per_match=3))
    match = reseat(rnd.matches.get(), [Player.objects.get(name=n) for n in ("Owner", "Director", "Member")])
    rounds.publish_round(rnd)
    return match


def enter(match: Match, winner: int | None = 1, points: int | None = 11, dealer: int = 0):
    entry = offline.DealInput(dealer, winner=winner, hand_points=points)
    return results.enter_deal(match, User.objects.get(username="owner"), entry)


def test_it_computes_payments_with_the_engine(ssp_match: Match) -> None:
    """Seat 1 wins with 11 points: seats 0 and 2 pay 11 each; seat 1 deals next."""
    deal = enter(ssp_match)
    assert deal.result["payments"] == [-11, 22, -11]
    ssp_match.refresh_from_db()
    assert ssp_match.situation["dealer"] == 1


def test_it_records_a_void_deal_through_the_form(ssp_match: Match, as_user: Login) -> None:
    """No winner chosen: the stock ran out, nobody pays."""
    as_user("owner").post(f"/matches/{ssp_match.pk}/deals/", {"declarer": 2, "winner": "", "hand_points": ""})
    result = ssp_match.deals.get().result
    assert (result["outcome"], result["payments"], result["dealer"]) == ("void", [0, 0, 0], 2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"declarer": 0, "winner": 1, "hand_points": 7}, "odd number of points from 9 to 41"),
        ({"declarer": 0, "winner": 1, "hand_points": 10}, "odd number of points from 9 to 41"),
        ({"declarer": 0, "winner": 1, "hand_points": ""}, "odd number of points from 9 to 41"),
        ({"declarer": 0, "winner": "", "hand_points": 9}, "A void deal has no winner and no points."),
    ],
)
def test_it_explains_bad_figures_and_stores_nothing(
    ssp_match: Match, as_user: Login, data: dict[str, object], message: str
) -> None:
    """Too few points, an even total, a win without points, points on a void deal."""
    response = as_user("owner").post(f"/matches/{ssp_match.pk}/deals/", data, follow=True)
    assert message in response.content.decode()
    assert ssp_match.deals.count() == 0


def test_the_last_winner_deals_the_next_deal(ssp_match: Match, as_user: Login) -> None:
    """After seat 1 won, the page offers only seat 1 as the dealer."""
    enter(ssp_match)
    page = as_user("owner").get(f"/matches/{ssp_match.pk}/").content.decode()
    dealer_select = page.split('name="declarer"')[1].split("</select>")[0]
    assert dealer_select.count("<option") == 1 and 'value="1"' in dealer_select


def test_an_opponent_confirms(ssp_match: Match, as_user: Login) -> None:
    """The owner enters and submits; the member, another player at the table, confirms."""
    enter(ssp_match)
    match = confirmed(ssp_match, as_user("owner"), as_user("member"))
    assert match.report.status == ResultReport.Status.CONFIRMED
    assert match.result["score"] == [-11, 22, -11]


def test_a_director_overrides(ssp_match: Match, as_user: Login) -> None:
    """A director accepts the entered result without the players' confirmation."""
    enter(ssp_match)
    assert overridden(ssp_match, as_user("director")).report.status == ResultReport.Status.OVERRIDDEN


def test_a_correction_moves_the_next_deals_dealer_and_is_kept(ssp_match: Match, as_user: Login) -> None:
    """Deal 1 was won by seat 2, not 1: deal 2 was dealt by seat 2 and the totals follow."""
    enter(ssp_match)
    enter(ssp_match, winner=0, points=9)
    response = as_user("director").post(
        f"/matches/{ssp_match.pk}/correct/",
        {"number": 1, "declarer": 0, "winner": 2, "hand_points": 13, "reason": "wrong seat"},
    )
    assert response.status_code == 302
    assert ssp_match.deals.get(number=2).result["dealer"] == 2
    ssp_match.refresh_from_db()
    assert ssp_match.situation["scores"] == [-13 + 18, -13 - 9, 26 - 9]
    assert ResultCorrection.objects.get().reason == "wrong seat"
