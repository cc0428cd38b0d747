"""Export and import: a round trip gives identical deals; tampered records are refused with why."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from engine.core.record import DealRecord, commitment
from league.models import Club, Deal, Match, Move, Tournament
from replays.services import imports
from replays.services.records import deal_record
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db


def export(client_user: User | None, url: str) -> bytes:
    response = client_for(client_user).get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    return b"".join(response.streaming_content) if response.streaming else response.content


def upload(user: User, club: Club, body: bytes, name: str = "record.json") -> object:
    file = SimpleUploadedFile(name, body, content_type="application/json")
    return client_for(user).post(f"/clubs/{club.slug}/upload/", {"file": file})


def records_of(match: Match) -> list[dict[str, object]]:
    return [deal_record(d).to_json() for d in match.deals.order_by("number")]


def test_a_deal_exported_then_imported_is_the_same_deal(
    club: Club, director: User, tractor_deal: Deal
) -> None:
    """The uploaded copy replays from identical rows: same record, same moves."""
    body = export(None, f"/deals/{tractor_deal.pk}/record.json")
    response = upload(director, club, body)
    assert response.status_code == 302
    copy = Match.objects.get(kind=Match.Kind.UPLOADED)
    deal = copy.deals.get()
    assert deal_record(deal).to_json() == deal_record(tractor_deal).to_json()
    assert deal.status == Deal.Status.FINISHED and deal.version == tractor_deal.version
    assert client_for(None).get(f"/deals/{deal.pk}/").status_code == 200


def test_a_match_exported_then_imported_is_the_same_match(
    club: Club, director: User, tractor_match: Match
) -> None:
    """Every deal of a match file comes back, in order, identical."""
    body = export(None, f"/matches/{tractor_match.pk}/record.json")
    assert json.loads(body)["format"] == "cardclub-match"
    assert upload(director, club, body).status_code == 302
    copy = Match.objects.get(kind=Match.Kind.UPLOADED)
    assert records_of(copy) == records_of(tractor_match)
    assert copy.situation == tractor_match.situation


def test_a_tournament_exports_as_ndjson_and_imports_back(club: Club, director: User) -> None:
    """A header line then one record per deal; uploading it recreates each match."""
    tournament = Tournament.objects.create(
        club=club,
        name="Open",
        slug="open",
        game="shengji",
        format="swiss",
        entry_kind="team",
        status="running",
    )
    first = play_sample_match(club, "shengji", 2, seed=1, tournament=tournament)
    second = play_sample_match(club, "shengji", 1, seed=2, tournament=tournament)
    body = export(None, f"/tournaments/{tournament.pk}/deals.ndjson")
    lines = body.decode().splitlines()
    assert json.loads(lines[0])["format"] == "cardclub-tournament"
    assert len(lines) == 1 + 3
    assert upload(director, club, body, "open.ndjson").status_code == 302
    copies = Match.objects.filter(kind=Match.Kind.UPLOADED).order_by("pk")
    assert [records_of(m) for m in copies] == [records_of(first), records_of(second)]


def tampered(deal: Deal, change: str) -> dict[str, object]:
    """The deal's record with one thing changed."""
    record = deal_record(deal).to_json()
    actions = record["actions"]
    if change == "card":
        # Swap two different cards of the deck and keep the commitment: the deck no longer matches.
        deck = record["deck"]
        j = next(i for i, c in enumerate(deck) if c != deck[0])
        deck[0], deck[j] = deck[j], deck[0]
    elif change == "card-recommitted":
        deck = record["deck"]
        j = next(i for i, c in enumerate(deck) if c != deck[0])
        deck[0], deck[j] = deck[j], deck[0]
        record["commitment"] = commitment(record["salt"], deck)
    elif change == "play":
        index = next(i for i, (_, text) in enumerate(actions) if text.startswith("play"))
        seat = actions[index][0]
        actions[index] = [(seat + 1) % 4, actions[index][1]]
    elif change == "commitment":
        record["commitment"] = "0" * 64
    elif change == "result":
        record["result"]["defender_points"] += 5
    return record


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("card", "does not match its commitment"),
        ("commitment", "does not match its commitment"),
        ("play", "action "),
        ("card-recommitted", "deal 1"),
        ("result", "differs from the replayed"),
    ],
)
def test_it_refuses_a_tampered_record_with_the_reason(
    club: Club, director: User, tractor_deal: Deal, change: str, reason: str
) -> None:
    """The engine's reason is shown to the uploader, and nothing is stored."""
    body = json.dumps(tampered(tractor_deal, change)).encode()
    deals, moves = Deal.objects.count(), Move.objects.count()
    response = upload(director, club, body)
    assert response.status_code == 400
    error = response.context["error"]
    assert reason in error
    assert "Match 1, deal 1" in error
    assert reason in response.content.decode()
    assert (Deal.objects.count(), Move.objects.count()) == (deals, moves)


def test_it_names_the_first_illegal_action(tractor_deal: Deal) -> None:
    """An illegal play is reported with its index, seat, notation and the engine's reason."""
    record = deal_record(tractor_deal).to_json()
    index = next(i for i, (_, text) in enumerate(record["actions"]) if text.startswith("play"))
    seat, _text = record["actions"][index]
    record["actions"][index] = [seat, "play BJ BJ BJ"]
    with pytest.raises(imports.UploadError) as caught:
        imports.check_upload(json.dumps(record))
    assert f"action {index}: {seat} 'play BJ BJ BJ'" in str(caught.value)


def test_it_refuses_an_unfinished_deal_and_a_broken_chain(tractor_match: Match) -> None:
    """A deal cut short, or a match whose second deal does not follow the first, is refused."""
    record = deal_record(tractor_match.deals.get(number=1)).to_json()
    short = dict(record, actions=record["actions"][:-1], result=None)
    with pytest.raises(imports.UploadError, match="not finished"):
        imports.check_upload(json.dumps(short))
    second = deal_record(tractor_match.deals.get(number=2)).to_json()
    match_file = {"format": "cardclub-match", "deals": [second, record]}
    with pytest.raises(imports.UploadError, match="does not start where"):
        imports.check_upload(json.dumps(match_file))


@pytest.mark.parametrize(
    "body", [b"not json at all", b"[1, 2]", b'{"format": "cardclub-match", "deals": []}']
)
def test_it_refuses_files_that_are_not_records(club: Club, director: User, body: bytes) -> None:
    """Garbage is refused with a message and 400, not an error page."""
    response = upload(director, club, body)
    assert response.status_code == 400
    assert response.context["error"]


def test_only_directors_upload(club: Club, member: User, outsider: User, tractor_deal: Deal) -> None:
    """Members and outsiders get 404 from the upload page."""
    body = deal_record(tractor_deal).dumps().encode()
    for user in (member, outsider):
        assert upload(user, club, body).status_code == 404
        assert client_for(user).get(f"/clubs/{club.slug}/upload/").status_code == 404


def test_a_deal_record_loads_in_the_engine(tractor_deal: Deal) -> None:
    """The download is a record the engine reads back."""
    body = export(None, f"/deals/{tractor_deal.pk}/record.json")
    assert DealRecord.loads(body.decode()).to_json() == deal_record(tractor_deal).to_json()
