"""The viewer lays hands out in the engine's display order: each trick-game frame names its order
(the trump of that step), the payload holds each order once, and the page only sorts by it."""

from __future__ import annotations

import pytest

from engine.family.cards import ALL_CARDS
from engine.family.trump import TrumpContext
from league.models import Club
from replays.services.frames import ALL
from replays.services.records import deal_record
from replays.services.samples import play_sample_match
from replays.services.steps import build
from replays.services.viewer import as_payload

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["shengji", "tractor", "zhaopengyou"])
def test_every_frame_names_an_order_that_puts_its_trumps_last(club: Club, game: str) -> None:
    """Each order holds every card once, its last ``trumps`` exactly the trumps of the frame's trump."""
    record = deal_record(play_sample_match(club, game, 1, 5).deals.get(number=1))
    payload = as_payload(build(record, ALL))
    orders = payload["orders"]
    assert {frame["order"] for frame in payload["frames"]} == set(orders)
    for frame in payload["frames"]:
        order = orders[frame["order"]]
        trump = TrumpContext(frame["trump"]["rank"], frame["trump"]["suit"])
        tail = set(order["cards"][len(order["cards"]) - order["trumps"] :])
        assert sorted(order["cards"]) == sorted(ALL_CARDS)
        # Permanent trumps (San Da Ha's 7s and 2s) are not in this plain context: not tested here.
        assert tail == {c for c in ALL_CARDS if trump.is_trump(c)}


def test_the_order_changes_when_the_trump_is_declared(club: Club) -> None:
    """Before a declaration only the rank and jokers are trump; after it, the suit too: two orders."""
    record = deal_record(play_sample_match(club, "tractor", 1, 5).deals.get(number=1))
    payload = as_payload(build(record, 0))
    first, last = payload["frames"][0]["order"], payload["frames"][-1]["order"]
    assert first.endswith("-") and not last.endswith("-")
    assert payload["orders"][first]["trumps"] < payload["orders"][last]["trumps"]


def test_si_se_pai_frames_have_no_order(club: Club) -> None:
    """No trumps in Si Se Pai: no order named, none sent."""
    record = deal_record(play_sample_match(club, "sisepai", 1, 5).deals.get(number=1))
    payload = as_payload(build(record, ALL))
    assert payload["orders"] == {} and all("order" not in f for f in payload["frames"])
