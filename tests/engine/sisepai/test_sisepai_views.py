"""Views: each seat sees its own hand and everything public; nobody sees another hand or the stock."""

from __future__ import annotations

import pytest
from sisepai_table import answer_all, play, table

SEAT1 = "RK RA RE RR RH YC YC YP GA GE GR GH GC GP WA WE WR WH WC WP"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_each_seat_sees_its_own_hand_and_only_counts_of_the_others(seat: int) -> None:
    deal = table(3, hands={1: SEAT1}, stock="YC")
    view = deal.view(seat)
    assert view["hand"] == deal.zones()[f"hand:{seat}"]
    assert view["hand_counts"] == [20, 20, 20]
    assert "hands" not in view
    assert deal.hidden_from(seat) == {"stock", *(f"hand:{s}" for s in range(3) if s != seat)}


def test_a_spectator_sees_no_hand() -> None:
    deal = table(3, hands={1: SEAT1}, stock="YC")
    assert deal.view(None)["hand"] is None
    assert deal.hidden_from(None) == {"stock", "hand:0", "hand:1", "hand:2"}


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_every_seat_sees_the_shown_card_exposed_melds_discards_and_the_claim(seat: int | None) -> None:
    deal = table(3, hands={1: SEAT1}, stock="YC")
    play(deal, "0:draw")
    assert deal.view(seat)["shown"] == {"card": "YC", "seat": 0, "source": "draw"}
    answer_all(deal, s1="pong")
    view = deal.view(seat)
    assert view["melds"][1] == [{"kind": "three", "cards": ["YC", "YC", "YC"], "exposed": True, "points": 1}]
    assert view["last_claim"] == {"seat": 1, "claim": "pong", "from": 0}
    assert view["hand_counts"] == [20, 18, 20]
    assert view["phase"] == "discard" and view["turn"] == 1


def test_once_the_deal_is_over_every_hand_is_shown() -> None:
    deal = table(2, hands={0: "RK RE YR YR YR YR GH GH GH WC WC RP YP GP WP YK GE GE GE WK"}, stock="RA")
    play(deal, "0:draw")
    answer_all(deal, s0="tsumo")
    for seat in (0, 1, None):
        view = deal.view(seat)
        assert view["hands"] == [deal.zones()["hand:0"], deal.zones()["hand:1"]]
        assert view["result"] == deal.result()
        assert deal.hidden_from(seat) == frozenset()
