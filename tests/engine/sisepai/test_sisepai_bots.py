"""Bots: legal, seeded, and deciding only from what their seat may see; the win-check benchmark."""

from __future__ import annotations

import random

import pytest
from sisepai_table import play, table

from engine.games.sisepai import GAME
from engine.games.sisepai.bench import win_check_median
from engine.games.sisepai.bots import hand_value

SEAT0 = "RK RA RE RR RH YC YC YP GA GE GR GH GC GP WA WE WR WH WC WP"


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_a_bot_decides_the_same_whatever_the_hidden_cards(kind: str) -> None:
    one = table(3, hands={0: SEAT0, 1: "YC RP RP"}, stock="YC")
    other = table(3, hands={0: SEAT0, 2: "YC RP RP"}, stock="YC")
    play(one, "0:draw")
    play(other, "0:draw")
    assert one.view(0) == other.view(0)
    assert one.hands[1] != other.hands[1]
    first = GAME.bot(kind, random.Random(4)).choose(one, 0)
    assert first == GAME.bot(kind, random.Random(4)).choose(other, 0)


def test_the_heuristic_bot_pongs_a_card_that_makes_three_when_it_has_a_loose_card() -> None:
    deal = table(3, hands={0: SEAT0.replace("WA", "YA")}, stock="YC")
    play(deal, "0:draw")
    assert str(GAME.bot("heuristic", random.Random(0)).choose(deal, 0)) == "pong"


def test_the_heuristic_bot_wins_when_it_can() -> None:
    hand = "RK RE YR YR YR YR GH GH GH WC WC RP YP GP WP YK GE GE GE WK"
    deal = table(2, hands={0: hand}, stock="RA")
    play(deal, "0:draw")
    assert str(GAME.bot("heuristic", random.Random(0)).choose(deal, 0)) == "tsumo"


def test_melds_are_worth_more_than_loose_cards() -> None:
    assert hand_value({"RK": 1, "RA": 1, "RE": 1}) > hand_value({"RK": 1, "RA": 1, "YE": 1})
    assert hand_value({"YC": 3}) > hand_value({"YC": 2, "GC": 1})


def test_the_win_check_median_is_under_a_millisecond() -> None:
    assert win_check_median(count=400) < 0.001
