"""Offline results: entry, confirmation by an opponent, director override, corrections and uploads."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from engine import get_game
from engine.core.match import selfplay_deal
from engine.family.levels import tractor_outcome
from engine.games import sandaha
from league.models import Deal, Match, Move, Player, ResultCorrection, ResultReport, Tournament
from league.services import archive, offline, results, rounds
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

# Seats of the tractor_round fixture: 0 Owner, 1 Member, 2 Director, 3 Offline 0.


def the_match(tournament: Tournament) -> Match:
    return Match.objects.get(tournament=tournament)


def post_deal(client: Client, match: Match, declarer: int, points: int) -> int:
    return client.post(
        f"/matches/{match.pk}/deals/", {"declarer": declarer, "defender_points": points}
    ).status_code


@pytest.mark.parametrize(
    ("persona", "status", "entered"),
    [("owner", 302, 1), ("member", 302, 1), ("director", 302, 1), ("outsider", 404, 0)],
)
def test_it_lets_seated_players_and_directors_enter_deals(
    tractor_round: Tournament, as_user: Login, persona: str, status: int, entered: int
) -> None:
    """Everyone at the table (and directors) may enter; outsiders do not see the private match."""
    match = the_match(tractor_round)
    assert post_deal(as_user(persona), match, 0, 30) == status
    assert match.deals.count() == entered


def test_it_refuses_a_member_who_is_not_at_the_table(tractor_round: Tournament, as_user: Login, club) -> None:
    """A club member who does not sit at this match may not enter its result."""
    bystander = User.objects.create_user("bystander")
    club.memberships.create(user=bystander, role="member")
    Player.objects.create(club=club, name="Bystander", user=bystander)
    assert post_deal(as_user("bystander"), the_match(tractor_round), 0, 30) == 403


def test_it_computes_levels_with_the_engines_table(tractor_round: Tournament) -> None:
    """Defenders' 30 points: the dealer's side rises 2 (tractor_outcome); the next dealer is the partner."""
    match = the_match(tractor_round)
    deal = results.enter_deal(match, User.objects.get(username="owner"), offline.DealInput(0, 30))
    assert tractor_outcome(30) == (True, 2)
    assert deal.has_moves is False and deal.deck == []
    assert deal.result["levels_after"] == ["4", "2"]
    assert deal.result["scores"] == [2, 0, 2, 0]
    match.refresh_from_db()
    assert match.situation["dealer"] == 2


def test_it_fixes_the_dealer_after_the_first_deal(tractor_round: Tournament) -> None:
    """In later deals the dealer comes from the situation, whatever seat is typed."""
    match = the_match(tractor_round)
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(0, 30))
    deal = results.enter_deal(match, owner, offline.DealInput(1, 0))
    assert deal.result["dealer"] == 2


def test_it_pays_san_da_ha_by_the_engines_table(club) -> None:
    """Bid 60, defenders 20: the declarer wins 10 from each (sandaha_payment)."""
    t = make_tournament(club, "sandaha", rounds_planned=1)
    enter_players(t, [Player.objects.get(name=n) for n in ("Owner", "Director", "Member", "Offline 0")])
    rounds.publish_round(rounds.generate_round(t))
    match = the_match(t)
    deal = results.enter_deal(match, User.objects.get(username="owner"), offline.DealInput(1, 20, bid=60))
    assert sandaha.sandaha_payment(60, 20) == (True, 10)
    assert deal.result["scores"] == [-10, 30, -10, -10]


@pytest.mark.parametrize(("persona", "ok"), [("member", True), ("director", False), ("owner", False)])
def test_it_lets_only_an_opponent_confirm(
    tractor_round: Tournament, as_user: Login, persona: str, ok: bool
) -> None:
    """The owner (seat 0) enters; member (seat 1) is an opponent; director (seat 2) is the partner."""
    match = the_match(tractor_round)
    owner = as_user("owner")
    post_deal(owner, match, 0, 30)
    owner.post(f"/matches/{match.pk}/submit/")
    assert ResultReport.objects.get(match=match).status == ResultReport.Status.PENDING
    as_user(persona).post(f"/matches/{match.pk}/confirm/")
    match.refresh_from_db()
    assert (match.status == Match.Status.FINISHED) is ok


@pytest.mark.parametrize(
    ("persona", "status", "finished"),
    [("director", 302, True), ("member", 302, False), ("outsider", 404, False)],
)
def test_it_lets_a_director_override(
    tractor_round: Tournament, as_user: Login, persona: str, status: int, finished: bool
) -> None:
    """A director accepts a result without waiting; a member's attempt is refused."""
    match = the_match(tractor_round)
    post_deal(as_user("owner"), match, 0, 30)
    assert as_user(persona).post(f"/matches/{match.pk}/override/").status_code == status
    match.refresh_from_db()
    assert (match.status == Match.Status.FINISHED) is finished
    if finished:
        assert match.report.status == ResultReport.Status.OVERRIDDEN


def test_it_stops_entry_once_submitted(tractor_round: Tournament, as_user: Login) -> None:
    """A submitted result is frozen until confirmed or corrected by a director."""
    match = the_match(tractor_round)
    owner = as_user("owner")
    post_deal(owner, match, 0, 30)
    owner.post(f"/matches/{match.pk}/submit/")
    post_deal(owner, match, 2, 0)
    assert match.deals.count() == 1


@pytest.mark.parametrize(
    ("persona", "status"), [("director", 302), ("owner", 302), ("member", 403), ("outsider", 404)]
)
def test_it_keeps_every_correction(
    tractor_round: Tournament, as_user: Login, persona: str, status: int
) -> None:
    """Correcting deal 1 recomputes deal 2 and the match; who, when, before and after are kept."""
    match = the_match(tractor_round)
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(0, 30))
    results.enter_deal(match, owner, offline.DealInput(2, 30))
    results.override(match, owner)
    match.refresh_from_db()
    assert match.result["score"] == [4, 0, 4, 0]
    response = as_user(persona).post(
        f"/matches/{match.pk}/correct/",
        {"number": 1, "declarer": 0, "defender_points": 90, "reason": "misread"},
    )
    assert response.status_code == status
    match.refresh_from_db()
    if status != 302:
        assert not ResultCorrection.objects.exists()
        return
    correction = ResultCorrection.objects.get()
    assert correction.by.username == persona and correction.reason == "misread"
    assert correction.before["result"]["score"] == [4, 0, 4, 0]
    # 90 points: the defenders (seats 1 & 3) take the deal; seat 1 deals next and wins deal 2 by 2.
    assert match.result["score"] == [0, 2, 0, 2]
    assert correction.after["result"] == match.result
    assert match.deals.get(number=2).result["dealer"] == 1


def corrected_match(tractor_round: Tournament) -> Match:
    """Two deals entered at 30 points, then deal 1 corrected to 90 (deal 2 recomputed with it)."""
    match = the_match(tractor_round)
    director = User.objects.get(username="director")
    results.enter_deal(match, director, offline.DealInput(0, 30))
    results.enter_deal(match, director, offline.DealInput(2, 30))
    results.override(match, director)
    results.correct_deal(match, director, 1, offline.DealInput(0, 90), "misread")
    return match


def corrections_section(client: Client, match: Match) -> str:
    page = client.get(f"/matches/{match.pk}/").content.decode()
    return page[page.index('<ul class="corrections">') :].split("</ul>")[0]


def test_the_match_page_shows_a_correction_as_the_deals_it_changed(
    tractor_round: Tournament, as_user: Login
) -> None:
    """Each changed deal's result before and after, in the deals table's words, and the match score."""
    section = corrections_section(as_user("member"), corrected_match(tractor_round))
    assert "Match score 4 · 0 · 4 · 0 → 0 · 2 · 0 · 2" in section
    # Deal 1: defenders' points 30 → 90; deal 2 then dealt by seat 1 (Member) instead of seat 2.
    rows = section.split('<tr class="')[1:]
    assert [r.split('"')[0] for r in rows] == ["was", "now", "was", "now"]
    assert "<td>30</td>" in rows[0] and "<td>90</td>" in rows[1]
    assert "<td>Director</td>" in rows[2] and "<td>Member</td>" in rows[3]


def test_the_match_page_shows_no_stored_json_of_a_correction(
    tractor_round: Tournament, as_user: Login
) -> None:
    """The correction log's stored results are not printed as they are stored."""
    section = corrections_section(as_user("member"), corrected_match(tractor_round))
    assert "{" not in section and "defender_points" not in section


def record_text(match: Match, seed: int = 3) -> str:
    game = get_game(match.game)
    rules = game.rules_from_json(match.rules)
    return selfplay_deal(game, rules, 4, match.situation, random.Random(seed), ["heuristic"]).dumps()


def upload(client: Client, match: Match, text: str, **extra: object) -> int:
    return upload_page(client, match, text, **extra)[0]


def upload_page(client: Client, match: Match, text: str, **extra: object) -> tuple[int, str]:
    """The upload's status and the page it shows (a refusal answers 400 with its message)."""
    file = SimpleUploadedFile("deal.json", text.encode(), content_type="application/json")
    response = client.post(f"/matches/{match.pk}/upload/", {"record": file, **extra}, follow=True)
    status = response.redirect_chain[0][1] if response.redirect_chain else response.status_code
    return status, response.content.decode()


def test_it_stores_an_uploaded_record_with_its_moves(tractor_round: Tournament, as_user: Login) -> None:
    """A valid record becomes the next deal with every move."""
    match = the_match(tractor_round)
    text = record_text(match)
    assert upload(as_user("member"), match, text) == 302
    deal = Deal.objects.get(match=match)
    assert deal.has_moves and len(archive.moves(deal)) == len(json.loads(text)["actions"])
    assert deal.result == json.loads(text)["result"]


def test_it_names_the_first_illegal_action_and_stores_nothing(
    tractor_round: Tournament, as_user: Login
) -> None:
    """A record with an action that does not apply is refused, with which one and why."""
    match = the_match(tractor_round)
    data = json.loads(record_text(match))
    data["actions"][5] = [data["actions"][5][0], "play 2S 2S 2S"]
    status, page = upload_page(as_user("member"), match, json.dumps(data))
    assert status == 400
    assert "Action 6 is illegal" in page
    assert not Deal.objects.exists() and not Move.objects.exists()


def test_it_refuses_a_file_that_is_not_a_record(tractor_round: Tournament, as_user: Login) -> None:
    """Not JSON at all: a plain message on the match page answering 400, nothing stored."""
    match = the_match(tractor_round)
    file = SimpleUploadedFile("deal.json", b"hello", content_type="application/json")
    response = as_user("member").post(f"/matches/{match.pk}/upload/", {"record": file})
    assert response.status_code == 400
    assert "The record was not accepted" in response.content.decode()
    assert not Deal.objects.exists()


def test_it_attaches_a_record_to_the_deal_entered_by_hand(tractor_round: Tournament, as_user: Login) -> None:
    """The same deal entered by hand then uploaded: its moves are attached, nothing else changes."""
    match = the_match(tractor_round)
    text = record_text(match)
    result = json.loads(text)["result"]
    owner = User.objects.get(username="owner")
    results.enter_deal(match, owner, offline.DealInput(result["dealer"], result["defender_points"]))
    assert upload(as_user("director"), match, text, deal_number=1) == 302
    deal = Deal.objects.get(match=match)
    assert deal.has_moves and len(archive.moves(deal)) == len(json.loads(text)["actions"])


@pytest.mark.parametrize(("entered", "stored"), [(1, True), (2, False)])
def test_it_takes_an_uploaded_next_deal_only_while_the_match_is_on(
    tractor_round: Tournament, as_user: Login, entered: int, stored: bool
) -> None:
    """The match plays 2 deals: after 1 an uploaded record is deal 2; after 2 it is refused, as by hand."""
    match = the_match(tractor_round)
    owner = User.objects.get(username="owner")
    for declarer in (0, 2)[:entered]:
        results.enter_deal(match, owner, offline.DealInput(declarer, 30))
    match.refresh_from_db()
    situation, text = match.situation, record_text(match)
    status, page = upload_page(as_user("member"), match, text)
    assert status == (302 if stored else 400)
    match.refresh_from_db()
    assert match.deals.count() == entered + stored
    assert any(archive.moves(deal) for deal in match.deals.all()) is stored
    assert (match.situation == situation) is not stored
    assert ("The match is over: submit the result." in page) is not stored
