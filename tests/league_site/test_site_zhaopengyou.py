"""Zhao Pengyou in the league: tournaments of individuals at tables of 6-12, and deals entered by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import (
    Bye,
    Club,
    Match,
    Player,
    ResultCorrection,
    ResultReport,
    Round,
    StandingRow,
    Tournament,
)
from league.services import offline, results, rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.seated import confirmed, overridden, reseat, table_sizes

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

CREATE = {
    "name": "Friday Friends",
    "format": "individual",
    "entry_kind": "individual",
    "rounds_planned": 2,
    "table_size": 0,
    "deals_per_match": 2,
    "match_minutes": 0,
    "seconds_per_decision": 30,
    "spectator_delay": 0,
    "rated": "on",
    "is_public": "on",
    "rules-first_dealer": -1,
    "rules-kitty_multiplier": 2,
    "rules-passive_penalty": 1,
}


def players(club: Club, count: int) -> list[Player]:
    """The club's players (Owner, Director, Member first), topped up with offline players."""
    for i in range(Player.objects.filter(club=club).count(), count):
        Player.objects.create(club=club, name=f"Extra {i}")
    return list(Player.objects.filter(club=club).order_by("pk")[:count])


def zpy(club: Club, entries: int, **extra: object) -> Tournament:
    """A Zhao Pengyou tournament of individuals with ``entries`` players entered."""
    t = make_tournament(club, "zhaopengyou", format="individual", tie_breaks=[], **extra)
    enter_players(t, players(club, entries))
    return t


def test_it_creates_a_tournament_with_the_games_rule_options(as_user: Login) -> None:
    """A director creates one from the form; the drawn first dealer (-1) is a valid option."""
    response = as_user("director").post("/clubs/riverside/tournaments/new/?game=zhaopengyou", CREATE)
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.game, t.entry_kind, t.rules["first_dealer"]) == ("zhaopengyou", "individual", -1)


@pytest.mark.parametrize(("size", "ok"), [(5, False), (6, True), (12, True), (13, False)])
def test_it_accepts_table_sizes_from_6_to_12(club: Club, size: int, ok: bool) -> None:
    """Zhao Pengyou is for 6 to 12 players at a table (docs/rules/zhaopengyou.md)."""
    if ok:
        assert make_tournament(club, "zhaopengyou", format="individual", table_size=size).table_size == size
    else:
        with pytest.raises(tournaments.TournamentError):
            make_tournament(club, "zhaopengyou", format="individual", table_size=size)


@pytest.mark.parametrize(
    ("entries", "sizes"), [(6, [6]), (11, [11]), (12, [6, 6]), (13, [7, 6]), (20, [7, 7, 6])]
)
def test_it_derives_the_tables_from_the_entries(club: Club, entries: int, sizes: list[int]) -> None:
    """No size chosen: tables of the usual six, as even as possible, nobody sitting out."""
    rnd = rounds.generate_round(zpy(club, entries))
    assert table_sizes(rnd) == sizes
    assert not Bye.objects.filter(round=rnd).exists()


@pytest.mark.parametrize(
    ("size", "entries", "sizes", "out"),
    [(8, 16, [8, 8], 0), (8, 15, [8, 7], 0), (12, 13, [7, 6], 0), (6, 13, [6, 6], 1)],
)
def test_the_directors_size_is_the_largest_table(
    club: Club, size: int, entries: int, sizes: list[int], out: int
) -> None:
    """Tables go down to six so that everyone plays; who cannot be seated at six sits out."""
    rnd = rounds.generate_round(zpy(club, entries, table_size=size))
    assert table_sizes(rnd) == sizes
    assert Bye.objects.filter(round=rnd).count() == out


def test_it_refuses_a_round_with_too_few_players_for_a_table(club: Club) -> None:
    """Five players cannot sit at a Zhao Pengyou table."""
    with pytest.raises(tournaments.TournamentError):
        rounds.generate_round(zpy(club, 5))


def test_it_plays_a_round_from_generation_to_the_last_result(
    club: Club, as_user: Login, django_capture_on_commit_callbacks
) -> None:
    """Generate, publish, enter every table's deal and accept it: the round and the event finish."""
    t = zpy(club, 13, rounds_planned=1, deals_per_match=1)
    director = as_user("director")
    base = f"/clubs/riverside/t/{t.slug}/rounds/"
    assert director.post(base).status_code == 302
    assert director.post(base + "1/action/", {"action": "publish"}).status_code == 302
    for match in Match.objects.filter(tournament=t):
        response = director.post(
            f"/matches/{match.pk}/deals/", {"declarer": 0, "friends": [1, 2], "defender_points": 40}
        )
        assert response.status_code == 302
        with django_capture_on_commit_callbacks(execute=True):
            director.post(f"/matches/{match.pk}/override/")
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.rounds.get().status == Round.Status.FINISHED
    assert StandingRow.objects.filter(tournament=t).count() == 13


@pytest.fixture
def zpy_match(club: Club) -> Match:
    """One published table of six: Owner 0, Director 1, Member 2, Offline 0-2 at seats 3-5."""
    rnd = rounds.generate_round(zpy(club, 6, rounds_planned=1, deals_per_match=3))
    match = reseat(rnd.matches.get(), players(club, 6))
    rounds.publish_round(rnd)
    return match


def enter(match: Match, declarer: int = 0, friends: tuple[int, ...] = (3, 4), points: int = 40):
    return results.enter_deal(
        match, User.objects.get(username="owner"), offline.DealInput(declarer, points, friends=friends)
    )


def test_it_scores_the_deal_with_the_engine(zpy_match: Match) -> None:
    """Declarer 0 with friends 3 and 4, defenders 40 of 80: the team rises one rank each."""
    deal = enter(zpy_match)
    assert deal.has_moves is False
    assert deal.result["deal_winners"] == [0, 3, 4]
    assert deal.result["ranks_after"] == ["3", "2", "2", "3", "3", "2"]
    zpy_match.refresh_from_db()
    assert zpy_match.situation["last_winners"] == [0, 3, 4]


def test_it_enters_the_friends_through_the_form(zpy_match: Match, as_user: Login) -> None:
    """The friends are ticked on the match page; the stored team is the declarer and them."""
    as_user("owner").post(
        f"/matches/{zpy_match.pk}/deals/", {"declarer": 1, "friends": [2], "defender_points": 0}
    )
    result = zpy_match.deals.get().result
    assert (result["team"], result["short"], result["game_points"]) == ([1, 2], 1, 4)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"declarer": 0, "friends": [0], "defender_points": 40}, "another player than the declarer"),
        ({"declarer": 0, "friends": [1, 2, 3], "defender_points": 40}, "At most 2 friends"),
        ({"declarer": 0, "friends": [1], "defender_points": 42}, "multiple of 5 from 0 to 260"),
    ],
)
def test_it_explains_bad_figures_and_stores_nothing(
    zpy_match: Match, as_user: Login, data: dict[str, object], message: str
) -> None:
    """The declarer as its own friend, more friends than calls, points not in fives."""
    response = as_user("owner").post(f"/matches/{zpy_match.pk}/deals/", data, follow=True)
    assert message in response.content.decode()
    assert zpy_match.deals.count() == 0


def test_it_offers_only_last_deals_winners_as_declarers(zpy_match: Match, as_user: Login) -> None:
    """After the team 0, 3, 4 won, only they may declare the next deal."""
    enter(zpy_match)
    page = as_user("owner").get(f"/matches/{zpy_match.pk}/").content.decode()
    declarer_select = page.split('name="declarer"')[1].split("</select>")[0]
    assert declarer_select.count("<option") == 3


def test_any_other_player_confirms(zpy_match: Match, as_user: Login) -> None:
    """Sides change every deal, so every other seated player is an opponent of the one entering."""
    owner = as_user("owner")
    owner.post(f"/matches/{zpy_match.pk}/deals/", {"declarer": 0, "friends": [1], "defender_points": 40})
    match = confirmed(zpy_match, owner, as_user("director"))
    assert match.status == Match.Status.FINISHED
    assert match.report.status == ResultReport.Status.CONFIRMED


def test_a_director_overrides(zpy_match: Match, as_user: Login) -> None:
    """A director accepts the entered result without the players' confirmation."""
    enter(zpy_match)
    assert overridden(zpy_match, as_user("director")).report.status == ResultReport.Status.OVERRIDDEN


def test_a_correction_recomputes_later_deals_and_is_kept(zpy_match: Match, as_user: Login) -> None:
    """Deal 1 corrected to a defenders' win: deal 2's declarer (seat 3) is now a passive winner."""
    enter(zpy_match)
    enter(zpy_match, declarer=3, friends=(0,), points=0)
    response = as_user("director").post(
        f"/matches/{zpy_match.pk}/correct/",
        {"number": 1, "declarer": 0, "friends": [4], "defender_points": 120, "reason": "miscounted"},
    )
    assert response.status_code == 302
    second = zpy_match.deals.get(number=2).result
    # Deal 1 now: defenders 1, 2, 3, 5 win; seat 3, an active winner, declares deal 2 and rises
    # 2 + 2 for the short team; its friend seat 0 lost deal 1 and rises one less.
    assert second["active"] == [1, 2, 3, 5]
    assert second["scores"][3] == 2 + 2 * 1 and second["scores"][0] == 2 + 2 * 1 - 1
    assert ResultCorrection.objects.get().reason == "miscounted"


def test_reaching_a_ends_the_match(zpy_match: Match) -> None:
    """Seat 0 at K wins as declarer and rises past A: it wins the match, no further deal is taken."""
    Match.objects.filter(pk=zpy_match.pk).update(
        situation={"deal": 4, "ranks": ["K", "2", "2", "2", "2", "2"], "last_winners": None}
    )
    zpy_match.refresh_from_db()
    enter(zpy_match, points=0)
    with pytest.raises(results.ResultError):
        enter(zpy_match)
    results.override(zpy_match, User.objects.get(username="director"))
    zpy_match.refresh_from_db()
    assert zpy_match.result["winners"] == [0]
