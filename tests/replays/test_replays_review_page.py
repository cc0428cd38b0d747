"""What the viewer, the API and a player's profile show of a review: timeline data, the better
move's board (from the viewer's own perspective, nothing more), the per-seat table, the API's
schema, and the accuracy chart over a player's recent reviewed deals."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import TestCase

from engine import review as engine_review
from engine.core.record import start_state
from engine.core.registry import get_game
from league.models import Club, Deal, Match
from replays.models import Review, ReviewLine
from replays.services import reviews
from replays.services.records import deal_record
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for, user_with
from tests.replays.reviewing import FakeEngine, seat_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def inline(settings: object) -> None:
    settings.REVIEWS_RUN = "inline"  # type: ignore[attr-defined]


def reviewed(deal: Deal) -> None:
    """``deal`` reviewed by the stand-in engine (the task is queued once the request commits)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        reviews.request_review(deal, None, "fast")


def first_play_with_choice(deal: Deal) -> tuple[int, int, str, str]:
    """The first card play (Si Se Pai: discard) whose seat had another legal one: index, seat,
    played, another."""
    record = deal_record(deal)
    game = get_game(record.game)
    state = start_state(record)
    for index, (seat, text) in enumerate(record.actions):
        if text.split()[0] in ("play", "discard"):
            others = [str(a) for a in state.legal_actions(seat) if str(a) != text]
            if others:
                return index, seat, text, others[0]
        state.apply(seat, game.parse_action(text))
    raise AssertionError("no play with a choice")


def better_line(deal: Deal) -> ReviewLine:
    """A stored mistake whose better move is a legal alternative."""
    index, seat, played, other = first_play_with_choice(deal)
    review = Review.objects.create(
        deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, status="done"
    )
    return ReviewLine.objects.create(
        review=review,
        index=index,
        seat=seat,
        kind="play",
        played=played,
        best=other,
        value_played=0,
        value_best=20,
        loss=20,
        se=2,
        label="mistake",
    )


def test_the_viewer_carries_the_review(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """The page embeds the review's lines and summary for the timeline and the table."""
    reviewed(tractor_deal)
    page = client_for(None).get(f"/deals/{tractor_deal.pk}/").content.decode()
    data = json.loads(page.split('id="replay-review" type="application/json">')[1].split("</script>")[0])
    assert data["status"] == "done"
    assert {line["label"] for line in data["lines"]} == set(engine_review.LABELS)
    assert [s["seat"] for s in data["per_seat"]] == [0, 1, 2, 3]
    assert 'id="review-marks"' in page and 'id="btn-next-mistake"' in page


def test_the_progress_endpoint_reads_the_review_so_far(tractor_deal: Deal) -> None:
    """While running: status, done of total, and the lines saved so far."""
    review = Review.objects.create(
        deal=tractor_deal, budget="fast", engine_version="v", status="running", done=1, total=9
    )
    ReviewLine.objects.create(
        review=review,
        index=3,
        seat=1,
        kind="play",
        played="play AS",
        best="play AS",
        value_played=1,
        value_best=1,
        loss=0,
        se=0,
        label="best",
    )
    data = client_for(None).get(f"/deals/{tractor_deal.pk}/review.json").json()
    assert (data["status"], data["done"], data["total"], data["outdated"]) == ("running", 1, 9, True)
    assert [line["index"] for line in data["lines"]] == [3]


def test_the_better_board_is_the_engines_after_the_better_move(tractor_deal: Deal) -> None:
    """All hands: the deciding seat's hand lacks the better move's cards and the trick holds them."""
    line = better_line(tractor_deal)
    data = (
        client_for(None)
        .get(f"/deals/{tractor_deal.pk}/review/better.json?index={line.index}&seat=all")
        .json()
    )
    frame = data["frame"]
    cards = line.best.split()[1:]
    assert frame["trick"][-1] == [line.seat, cards] or frame["last_trick"][-1] == [line.seat, cards]
    assert frame["order"] in data["orders"]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_better_board_from_a_seat_shows_only_that_seats_hand(tractor_deal: Deal, seat: int) -> None:
    """From a seat's perspective the other hands are counts, as in the replay's own frames."""
    line = better_line(tractor_deal)
    frame = (
        client_for(None)
        .get(f"/deals/{tractor_deal.pk}/review/better.json?index={line.index}&seat={seat}")
        .json()["frame"]
    )
    for other, hand in enumerate(frame["hands"]):
        assert isinstance(hand, list) == (other == seat)


def test_the_better_board_only_for_judged_positions(tractor_deal: Deal) -> None:
    """An index with no judgement (or none at all) is 404: no arbitrary moves replayed."""
    line = better_line(tractor_deal)
    assert (
        client_for(None)
        .get(f"/deals/{tractor_deal.pk}/review/better.json?index={line.index + 1}")
        .status_code
        == 404
    )
    assert client_for(None).get(f"/deals/{tractor_deal.pk}/review/better.json").status_code == 404


def test_the_api_gives_the_review_and_declares_it_in_the_schema(
    tractor_deal: Deal, fake_engine: FakeEngine
) -> None:
    """``/api/deals/{id}/review``: the review and its lines; 404 without a review; in the OpenAPI schema."""
    client = client_for(None)
    assert client.get(f"/api/deals/{tractor_deal.pk}/review").status_code == 404
    reviewed(tractor_deal)
    data = client.get(f"/api/deals/{tractor_deal.pk}/review").json()
    assert (data["deal_id"], data["status"], data["engine_version"]) == (
        tractor_deal.pk,
        "done",
        engine_review.ENGINE_VERSION,
    )
    assert set(data["lines"][0]) == {
        "index",
        "seat",
        "kind",
        "played",
        "best",
        "value_played",
        "value_best",
        "loss",
        "se",
        "label",
        "value_side",
        "played_words",
        "best_words",
    }
    assert data["lines"][0]["played_words"]["verb"] in ("lead", "play")
    assert isinstance(data["seconds"], int)
    schema = client.get("/api/openapi.json").json()
    assert "/api/deals/{deal_id}/review" in schema["paths"]
    assert {"ReviewOut", "JudgementOut", "SeatSummaryOut"} <= set(schema["components"]["schemas"])


def test_a_profile_charts_accuracy_over_reviewed_deals_the_visitor_may_see(
    club: Club, private_club: Club, fake_engine: FakeEngine
) -> None:
    """The player's chart has a point per reviewed deal; a private club's deal only for its members."""
    user = User.objects.create_user("pat", password="pw")
    public: Match = play_sample_match(club, "tractor", 2, seed=7)
    hidden: Match = play_sample_match(private_club, "tractor", 1, seed=8)
    player = seat_user(public, 2, user)
    from league.models import MatchSeat

    MatchSeat.objects.filter(match=hidden, seat=0).update(player=player, bot="")
    for deal in [*public.deals.all(), *hidden.deals.all()]:
        reviewed(deal)
    outsider = User.objects.create_user("otto", password="pw")
    member = user_with(private_club, "member", "pm")
    assert len(reviews.accuracy_history(player, outsider)) == public.deals.count()
    assert len(reviews.accuracy_history(player, member)) == public.deals.count() + 1
    page = client_for(outsider).get(f"/players/{player.pk}/").content.decode()
    assert 'id="accuracy"' in page and "<svg" in page


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_si_se_pai_better_board_shows_only_that_seats_hand(club: Club, seat: int) -> None:
    """Si Se Pai's frames too: the better discard's board hides the other seats' pieces."""
    deal = play_sample_match(club, "sisepai", 1, seed=2).deals.get()
    line = better_line(deal)
    url = f"/deals/{deal.pk}/review/better.json?index={line.index}&seat={seat}"
    frame = client_for(None).get(url).json()["frame"]
    for other, hand in enumerate(frame["hands"]):
        assert isinstance(hand, list) == (other == seat)
    # The better discard is on show in the claim window that follows it.
    assert (frame["shown"]["card"], frame["shown"]["seat"]) == (line.best.split()[1], line.seat)
