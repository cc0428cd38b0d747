"""Tournament creation from the engine's rules, entries, and rounds: generated, adjusted, published."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from django.test import Client

from engine import get_game
from league import pairing
from league.models import Bye, Club, Match, Player, Round, Tournament
from league.services import rounds, tournaments
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

CREATE = {
    "name": "Spring Tractor",
    "format": "swiss",
    "entry_kind": "team",
    "rounds_planned": 4,
    "table_size": 0,
    "deals_per_match": 3,
    "match_minutes": 0,
    "seconds_per_decision": 30,
    "spectator_delay": 0,
    "rated": "on",
    "is_public": "on",
    "tie_break_1": "BH",
    "tie_break_2": "DIFF",
    "rules-first_drawer": 1,
    "rules-pointless_redeal": "on",
}


def test_it_offers_the_engines_rule_options_with_defaults(as_user: Login) -> None:
    """Bools are checkboxes (checked when the default is true), ints are numbers."""
    page = as_user("director").get("/clubs/riverside/tournaments/new/?game=tractor").content.decode()
    assert 'name="rules-pointless_redeal"' in page and "checked" in page
    assert 'type="number" name="rules-first_drawer" value="0"' in page
    assert 'name="rules-notrump_ranks"' in page


@pytest.mark.parametrize(
    ("persona", "status"), [("owner", 302), ("director", 302), ("member", 403), ("outsider", 404)]
)
def test_it_lets_only_directors_create_tournaments(as_user: Login, persona: str, status: int) -> None:
    """The rules chosen are stored as the engine's JSON, the tie-breaks in order."""
    response = as_user(persona).post("/clubs/riverside/tournaments/new/?game=tractor", CREATE)
    assert response.status_code == status
    if status == 302:
        t = Tournament.objects.get()
        # Unticked checkboxes are False; every option the engine has is stored (those added after
        # the first records only when set: engine.core.game.ADDED).
        assert t.rules["first_drawer"] == 1 and t.rules["pointless_redeal"] is True
        assert t.rules["notrump_ranks"] is False
        options = dataclasses.fields(get_game("tractor").rules_type)
        assert set(t.rules) == {f.name for f in options if not f.metadata.get("omit_at_default")}
        assert t.tie_breaks == ["BH", "DIFF"]
        assert t.created_by.username == persona


def test_it_refuses_partnerships_in_san_da_ha(club: Club) -> None:
    """San Da Ha is one against three: entries are individuals."""
    with pytest.raises(tournaments.TournamentError):
        make_tournament(club, "sandaha", entry_kind="team")


@pytest.mark.parametrize(("persona", "status"), [("director", 302), ("member", 403), ("outsider", 404)])
def test_it_lets_only_directors_add_entries(club: Club, as_user: Login, persona: str, status: int) -> None:
    """A partnership entry takes two players of the club."""
    t = make_tournament(club)
    a, b = Player.objects.filter(name__in=["Offline 0", "Offline 1"])
    response = as_user(persona).post(
        f"/clubs/riverside/t/{t.slug}/entries/", {"player_0": a.pk, "player_1": b.pk}
    )
    assert response.status_code == status
    assert t.entries.count() == (1 if status == 302 else 0)


def test_it_seats_partnerships_opposite(club: Club) -> None:
    """Berger round 1 of four teams: two tables, each entry at seats 0 & 2 or 1 & 3."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    rnd = rounds.generate_round(t)
    assert rnd.status == Round.Status.DRAFT
    for match in rnd.matches.all():
        seats = {s.seat: s.entry_id for s in match.seats.all()}
        assert seats[0] == seats[2] != seats[1] == seats[3]
    assert sorted(m.table_number for m in rnd.matches.all()) == [1, 2]


def test_it_plays_a_full_round_robin_of_individuals_at_tables_of_four(club: Club) -> None:
    """San Da Ha, eight players: seven rounds of two tables; everyone meets everyone."""
    t = make_tournament(club, "sandaha", rounds_planned=7)
    players = list(Player.objects.order_by("pk")[:8])
    enter_players(t, players)
    met: set[frozenset[int]] = set()
    for _ in range(7):
        rnd = rounds.generate_round(t)
        for match in rnd.matches.all():
            entries = [s.entry_id for s in match.seats.all()]
            assert len(entries) == 4
            met |= {frozenset((a, b)) for a in entries for b in entries if a != b}
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    assert len(met) == 8 * 7 // 2


def test_it_gives_the_odd_team_a_bye_in_swiss(club: Club) -> None:
    """Three partnerships: one table and a bye worth a win."""
    t = make_tournament(club, format="swiss")
    enter_players(t, list(Player.objects.order_by("pk")[:6]))
    rnd = rounds.generate_round(t)
    assert rnd.matches.count() == 1
    assert Bye.objects.get(round=rnd).points == rounds.SWISS_BYE_POINTS


def test_it_keeps_apart_who_must_not_meet(club: Club) -> None:
    """Individual seating never puts a kept-apart pair at one table."""
    t = make_tournament(club, "sandaha", format="individual", rounds_planned=4)
    players = list(Player.objects.order_by("pk")[:8])
    enter_players(t, players)
    t.keep_apart = [[players[0].pk, players[1].pk]]
    t.save()
    for _ in range(4):
        rnd = rounds.generate_round(t)
        for match in rnd.matches.all():
            seated = {s.player_id for s in match.seats.all()}
            assert not {players[0].pk, players[1].pk} <= seated
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)


def test_it_refuses_the_next_round_while_one_is_open(club: Club) -> None:
    """A round must be finished before the next is generated."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    rounds.generate_round(t)
    with pytest.raises(tournaments.TournamentError):
        rounds.generate_round(t)


@pytest.mark.parametrize(("persona", "status"), [("director", 200), ("member", 404), ("outsider", 404)])
def test_it_shows_a_draft_round_only_to_directors(
    club: Club, as_user: Login, persona: str, status: int
) -> None:
    """Drafts are the directors' work in progress."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    rounds.generate_round(t)
    assert as_user(persona).get(f"/clubs/riverside/t/{t.slug}/rounds/1/").status_code == status


@pytest.mark.parametrize(
    ("persona", "status"), [("owner", 302), ("director", 302), ("member", 403), ("outsider", 404)]
)
def test_it_lets_only_directors_generate_and_publish(
    club: Club, as_user: Login, persona: str, status: int
) -> None:
    """Generating and publishing are director actions."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    client = as_user(persona)
    assert client.post(f"/clubs/riverside/t/{t.slug}/rounds/").status_code == status
    if status == 302:
        client.post(f"/clubs/riverside/t/{t.slug}/rounds/1/action/", {"action": "publish"})
        assert Round.objects.get().status == Round.Status.PUBLISHED
        t.refresh_from_db()
        assert t.status == Tournament.Status.RUNNING


def test_it_swaps_entries_and_seats_in_a_draft(club: Club, as_user: Login) -> None:
    """Swapping two entries moves both partners; swapping seats exchanges two players."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    rnd = rounds.generate_round(t)
    m1 = rnd.matches.get(table_number=1)
    a = m1.seats.get(seat=0).entry
    other = rnd.matches.get(table_number=2).seats.get(seat=1).entry
    client = as_user("director")
    url = f"/clubs/riverside/t/{t.slug}/rounds/1/action/"
    client.post(url, {"action": "swap_entries", "first": a.pk, "second": other.pk})
    assert {m1.seats.get(seat=0).entry_id, m1.seats.get(seat=2).entry_id} == {other.pk}
    before = [m1.seats.get(seat=s).player_id for s in (0, 1)]
    client.post(url, {"action": "swap_seats", "table": 1, "seat_a": 0, "seat_b": 1})
    assert [m1.seats.get(seat=s).player_id for s in (1, 0)] == before


def test_it_refuses_changes_to_a_published_round(club: Club) -> None:
    """Once published, the tables stand."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:4]))
    rnd = rounds.publish_round(rounds.generate_round(t))
    match = Match.objects.get(round=rnd)
    with pytest.raises(tournaments.TournamentError):
        rounds.swap_seats(match, 0, 1)


@pytest.mark.parametrize(
    ("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404), (None, 404)]
)
def test_it_shows_a_private_clubs_tournament_only_to_members(
    club: Club, as_user: Login, persona: str | None, status: int
) -> None:
    """The tournament page follows league.access."""
    t = make_tournament(club)
    assert as_user(persona).get(f"/clubs/riverside/t/{t.slug}/").status_code == status


def test_it_seats_any_table_size_the_game_allows(club: Club) -> None:
    """Nothing assumes four seats: Si Se Pai individuals at tables of three, kept within the game's range."""
    t = make_tournament(club, "sisepai", format="individual", table_size=3, tie_breaks=[])
    enter_players(t, list(Player.objects.order_by("pk")[:9]))
    rnd = rounds.generate_round(t)
    assert [m.seats.count() for m in rnd.matches.all()] == [3, 3, 3]
    with pytest.raises(tournaments.TournamentError):
        make_tournament(club, "sisepai", format="individual", table_size=5)


def test_it_keeps_the_round_robin_schedule_when_an_entry_withdraws(club: Club) -> None:
    """The Berger numbers stay; the withdrawn entry's opponent gets a forfeit worth a win."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    first = rounds.generate_round(t)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.FINISHED)
    gone = t.entries.order_by("seed").first()
    tournaments.withdraw_entry(gone)
    second = rounds.generate_round(t)
    expected = pairing.round_robin(list(t.entries.order_by("seed").values_list("pk", flat=True)))[1]
    opponent = next(b if a == gone.pk else a for a, b in expected.pairs if gone.pk in (a, b))
    assert Bye.objects.get(round=second).entry_id == opponent
    assert Bye.objects.get(round=second).points == rounds.FORFEIT_POINTS
    assert second.matches.count() == 1


def test_it_lists_tables_in_table_order(club: Club, as_user: Login) -> None:
    """Table 1 comes first on the round's page."""
    t = make_tournament(club)
    enter_players(t, list(Player.objects.order_by("pk")[:8]))
    rounds.generate_round(t)
    page = as_user("director").get(f"/clubs/riverside/t/{t.slug}/rounds/1/").content.decode()
    first, second = (page.index(f'/">{n}</a>') for n in (1, 2))
    assert first < second
