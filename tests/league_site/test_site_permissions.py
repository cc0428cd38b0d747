"""Every mutating page, read as a member who does not run it, an outsider and an anonymous visitor.

Members play and view: they get 403 on director actions (and on results of tables they do not
sit at); outsiders do not see the private club at all (404); anonymous visitors are sent to log in.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Entry, Match, Membership, Player, Round, TableCode, Tournament
from league.services import offline, results, rounds
from tests.league_site.conftest import enter_players, make_tournament

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


@pytest.fixture
def world(club: Club) -> dict[str, object]:
    """A published round with one match (an entered deal) and a draft tournament's round."""
    t = make_tournament(club)
    enter_players(t, [Player.objects.get(name=n) for n in ("Owner", "Director", "Offline 1", "Offline 0")])
    rnd = rounds.publish_round(rounds.generate_round(t))
    match = Match.objects.get(round=rnd)
    results.enter_deal(match, User.objects.get(username="owner"), offline.DealInput(0, 30))
    draft = make_tournament(club, name="Draft one")
    enter_players(draft, list(Player.objects.filter(name__startswith="Offline").order_by("pk")[2:6]))
    rounds.generate_round(draft)
    return {"t": t, "match": match, "draft": draft, "entry": t.entries.first()}


def endpoints(world: dict[str, object]) -> list[tuple[str, dict[str, object]]]:
    t, draft, match, entry = world["t"], world["draft"], world["match"], world["entry"]
    assert isinstance(t, Tournament) and isinstance(draft, Tournament) and isinstance(entry, Entry)
    assert isinstance(match, Match)
    member = Membership.objects.get(user__username="member")
    base, dbase = f"/clubs/riverside/t/{t.slug}/", f"/clubs/riverside/t/{draft.slug}/"
    return [
        ("/clubs/riverside/invitations/", {"role": "member"}),
        ("/clubs/riverside/players/", {"name": "New"}),
        ("/clubs/riverside/players/link/", {}),
        (f"/clubs/riverside/members/{member.pk}/role/", {"role": "director"}),
        ("/clubs/riverside/tournaments/new/?game=tractor", {"name": "X"}),
        (base + "entries/", {}),
        (base + f"entries/{entry.pk}/withdraw/", {}),
        (base + f"entries/{entry.pk}/reinstate/", {}),
        (base + f"entries/{entry.pk}/check-in/", {}),
        (base + "keep-apart/", {}),
        (base + "rounds/", {}),
        (base + "rounds/1/cards/", {"table": 1}),
        (dbase + "rounds/1/action/", {"action": "publish"}),
        (dbase + "rounds/1/action/", {"action": "delete"}),
        (f"/matches/{match.pk}/deals/", {"declarer": 0, "defender_points": 30}),
        (f"/matches/{match.pk}/undo/", {}),
        (f"/matches/{match.pk}/submit/", {}),
        (f"/matches/{match.pk}/override/", {}),
        (f"/matches/{match.pk}/correct/", {"number": 1, "declarer": 0, "defender_points": 30}),
        (f"/matches/{match.pk}/upload/", {}),
    ]


@pytest.mark.parametrize(("persona", "status"), [("member", 403), ("outsider", 404)])
def test_it_refuses_every_director_action(
    world: dict[str, object], as_user: Login, persona: str, status: int
) -> None:
    """A member not seated at the match is refused everywhere; an outsider finds nothing."""
    client = as_user(persona)
    for url, data in endpoints(world):
        assert client.post(url, data).status_code == status, url
    assert Round.objects.filter(status=Round.Status.DRAFT).count() == 1
    assert world["match"].deals.count() == 1  # type: ignore[attr-defined]
    assert TableCode.objects.filter(revoked_at__isnull=False).count() == 0


def test_it_sends_anonymous_visitors_to_log_in(world: dict[str, object], as_user: Login) -> None:
    """Every mutating page needs a signed-in user."""
    client = as_user(None)
    for url, data in endpoints(world):
        response = client.post(url, data)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url


# Pages whose GET asks the director to confirm (a form of their own), changing nothing.
ASKING = ("tournaments/new", "/withdraw/", "/cards/")


def test_it_refuses_get_on_mutating_pages(world: dict[str, object], as_user: Login) -> None:
    """State changes only by POST; a page that asks first changes nothing on GET."""
    client = as_user("director")
    for url, _data in endpoints(world):
        if not any(part in url for part in ASKING):
            assert client.get(url).status_code == 405, url
        else:
            assert client.get(url).status_code == 200, url
    assert not Entry.objects.filter(withdrawn=True).exists()
    assert TableCode.objects.filter(revoked_at__isnull=False).count() == 0


PHONE_ACTIONS = ["unlock", "deal", "undo", "submit", "confirm", "lock"]


@pytest.mark.parametrize("persona", [None, "member", "outsider", "director"])
def test_the_table_phone_answers_only_a_cards_code(
    world: dict[str, object], as_user: Login, persona: str | None
) -> None:
    """The phone pages need no account but a card's code: without one, nothing opens or changes."""
    client = as_user(persona)
    client.defaults["REMOTE_ADDR"] = f"10.31.0.{PERSONAS_ADDRESS[persona]}"
    assert client.get("/t/NOSUCHCD/").status_code == 404
    for action in PHONE_ACTIONS:
        assert client.post(f"/t/NOSUCHCD/{action}/", {"pin": "0000"}).status_code == 404, action
        assert client.get(f"/t/NOSUCHCD/{action}/").status_code == 405, action
    assert world["match"].deals.count() == 1  # type: ignore[attr-defined]


PERSONAS_ADDRESS = {None: 1, "member": 2, "outsider": 3, "director": 4}


@pytest.mark.parametrize(("persona", "status"), [(None, 404), ("member", 404), ("director", 200)])
def test_a_draft_rounds_live_tables_are_the_directors(
    world: dict[str, object], as_user: Login, persona: str | None, status: int
) -> None:
    """The round's live tables fragment follows the round: a draft is seen by directors only."""
    draft = world["draft"]
    assert isinstance(draft, Tournament)
    url = f"/clubs/riverside/t/{draft.slug}/rounds/1/tables/"
    assert as_user(persona).get(url).status_code == status
