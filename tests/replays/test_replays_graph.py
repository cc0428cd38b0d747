"""The expected-points graph of every game against the review lines stored for its deal: a point
per line at the step its move led to, the declaring side's card points (Shengji, Tractor, Zhao
Pengyou) or the dealer's payment (San Da Ha, Si Se Pai), the same on the page and in the review's
progress the viewer polls."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from engine import review as engine_review
from league.models import Club, Deal
from replays.models import Review
from replays.services.graph import declaring_sides, expected_points
from replays.services.records import deal_record
from replays.services.reviews import review_json, save_line
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db

GAMES = ("shengji", "tractor", "zhaopengyou", "sandaha", "sisepai")
CIRCLE = re.compile(r'<circle class="gpoint[^"]*" data-at="(\d+)" data-seat="(\d+)" data-value="(-?[\d.]+)"')


def played_deal(club: Club, game: str) -> Deal:
    """The first deal of a sample match of ``game`` that was played out (not redealt)."""
    for seed in range(20):
        deal = play_sample_match(club, game, 1, seed=seed).deals.get()
        if (deal.result or {}).get("outcome") != "redeal":
            return deal
    raise AssertionError(f"every {game} deal was redealt")


def reviewed(deal: Deal, decisions: int = 6) -> list[dict]:
    """The deal's first ``decisions`` judged by the real engine (fast), stored, as the page reads them."""
    record = deal_record(deal)
    review = Review.objects.create(
        deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, status="running"
    )
    for judgement in islice(engine_review.iter_judgements(record, "fast", 0), decisions):
        save_line(review, judgement, engine_review.unit_of(deal.game))
    review.refresh_from_db()
    return review_json(review)["lines"]


def declaring_value(deal: Deal, line: dict) -> float:
    """The declaring side's result a stored line gives, as the game's unit defines it."""
    if engine_review.unit_of(deal.game) == "points paid":
        return line["value_side"]
    side = declaring_sides(deal_record(deal))[line["seat"]]
    return line["value_played"] if side else -line["value_played"]


@pytest.mark.parametrize("game", GAMES)
def test_the_graph_has_a_point_per_stored_line_with_the_declaring_sides_value(club: Club, game: str) -> None:
    deal = played_deal(club, game)
    lines = reviewed(deal)
    record = deal_record(deal)
    graph = expected_points(record, engine_review.unit_of(game), lines, len(record.actions))
    assert graph is not None and lines
    assert [(p.at, p.seat) for p in graph.points] == [(line["index"] + 1, line["seat"]) for line in lines]
    assert [p.value for p in graph.points] == [round(declaring_value(deal, line), 1) for line in lines]
    assert [p.marked for p in graph.points] == [
        line["label"] in ("inaccuracy", "mistake", "blunder") for line in lines
    ]


@pytest.mark.parametrize("game", ["sandaha", "sisepai"])
def test_a_payment_line_carries_the_dealers_value_its_own_once_it_deals(club: Club, game: str) -> None:
    """Once the dealer (庄家: San Da Ha's declarer, known after the bidding) decides, its own
    payment is the graph's; a bid is valued for whoever ends as declarer in each world."""
    deal = played_deal(club, game)
    lines = reviewed(deal, 12)
    dealer = deal.result["dealer"]
    assert all(line["value_side"] is not None for line in lines)
    own = [line for line in lines if line["seat"] == dealer and line["kind"] != "bid"]
    assert own and all(line["value_side"] == pytest.approx(line["value_played"]) for line in own)


@pytest.mark.parametrize("game", ["shengji", "zhaopengyou"])
def test_a_card_point_line_carries_no_dealers_value(club: Club, game: str) -> None:
    """The card-point games' values mirror between the sides: their lines are as they were."""
    lines = reviewed(played_deal(club, game), 2)
    assert [line["value_side"] for line in lines] == [None, None]


def test_a_payment_review_stored_without_the_dealers_value_has_no_graph(club: Club) -> None:
    """An older review's lines hold only the deciding seat's payment: nothing to draw."""
    deal = played_deal(club, "sandaha")
    lines = [{**line, "value_side": None} for line in reviewed(deal, 2)]
    record = deal_record(deal)
    assert expected_points(record, "points paid", lines, len(record.actions)) is None


@pytest.mark.parametrize("game", ["tractor", "sisepai"])
def test_the_page_and_the_progress_draw_the_same_points(club: Club, game: str) -> None:
    """The viewer's graph and the one the review's progress carries (redrawn without a reload)."""
    deal = played_deal(club, game)
    lines = reviewed(deal, 4)
    client = client_for(None)
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    progress = client.get(f"/deals/{deal.pk}/review.json").json()
    expected = [(str(line["index"] + 1), str(line["seat"])) for line in lines]
    assert [(at, seat) for at, seat, _ in CIRCLE.findall(page)] == expected
    assert CIRCLE.findall(progress["graph_html"]) == CIRCLE.findall(page)


def test_the_progress_has_no_graph_before_a_line_is_judged(club: Club) -> None:
    deal = played_deal(club, "tractor")
    Review.objects.create(deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION)
    assert client_for(None).get(f"/deals/{deal.pk}/review.json").json()["graph_html"] == ""
