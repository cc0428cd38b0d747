"""Views count the completed tricks (``tricks_done``), so a page can tell which trick is on the felt.

A trick on the felt is trick number ``tricks_done`` (0-based), the last trick between tricks is
``tricks_done - 1``; a failed throw's ``trick`` is the same index. Public: every seat and the
spectator see the same count.
"""

from __future__ import annotations

import random

import pytest
from family_table import in_play, play

from engine.core.registry import get_game

SEATS = [0, 1, 2, 3, None]

# One deck, spades trump: seat 0 leads the AH and wins the first trick.
HANDS = {0: "AH 3C", 1: "KH 4C", 2: "QH 5C", 3: "JH 6C"}
FIRST_TRICK = [(0, "AH"), (1, "KH"), (2, "QH"), (3, "JH")]

# Two decks, spades trump: seat 0's A-K of hearts fails (seat 1 holds the other AH) and the KH is
# forced; seat 1 wins that trick, seat 0 wins the clubs trick and leads its second KH.
THROW_HANDS = {0: "AH KH KH AC", 1: "AH 3C 4D 5D", 2: "6D 7D 8D 9D", 3: "TD JD QD KD"}
THROW_TRICKS = [
    [(0, "AH KH"), (1, "AH"), (2, "6D"), (3, "TD")],
    [(1, "3C"), (2, "7D"), (3, "JD"), (0, "AC")],
]


@pytest.mark.parametrize("game", ["shengji", "tractor", "sandaha", "zhaopengyou"])
def test_a_new_deal_has_no_trick_done(game: str) -> None:
    """Every trick game's view starts at 0, for every seat and the spectator."""
    g = get_game(game)
    rules = g.rules_from_json({})
    seats = g.default_seats
    state = g.start(rules, seats, g.shuffled_deck(rules, seats, random.Random("tricks")), None)
    assert {state.view(s)["tricks_done"] for s in [*range(seats), None]} == {0}


@pytest.mark.parametrize(("plays", "done"), [(3, 0), (4, 1)])
def test_a_trick_counts_once_its_last_card_is_played(plays: int, done: int) -> None:
    """Three of four cards played: still 0; the fourth closes the trick: 1, for every seat."""
    state = in_play("shengji", HANDS, "S")
    for seat, text in FIRST_TRICK[:plays]:
        play(state, seat, text)
    assert [state.view(s)["tricks_done"] for s in SEATS] == [done] * len(SEATS)


def test_a_failed_throw_is_the_trick_on_the_felt() -> None:
    """While the failed throw's trick is open, its ``trick`` equals ``tricks_done``."""
    state = in_play("tractor", THROW_HANDS, "S", real_hand_throws=True)
    play(state, 0, "AH KH")
    view = state.view(None)
    assert view["trick"] == [[0, ["KH"]]]
    assert view["failed_throws"][0]["trick"] == view["tricks_done"] == 0


@pytest.mark.parametrize(("tricks", "on_felt"), [(1, True), (2, False)])
def test_a_failed_throw_is_the_last_trick_only_right_after_it(tricks: int, on_felt: bool) -> None:
    """Between tricks the last trick is ``tricks_done - 1``: the failed throw's just after it, not later."""
    state = in_play("tractor", THROW_HANDS, "S", real_hand_throws=True)
    for trick in THROW_TRICKS[:tricks]:
        for seat, text in trick:
            play(state, seat, text)
    view = state.view(None)
    assert view["trick"] == [] and view["tricks_done"] == tricks
    assert (view["failed_throws"][0]["trick"] == view["tricks_done"] - 1) == on_felt


def test_a_later_lead_of_the_same_card_is_another_trick() -> None:
    """Seat 0 leads its second KH at trick 2: same seat and cards as the forced KH, another index."""
    state = in_play("tractor", THROW_HANDS, "S", real_hand_throws=True)
    for trick in THROW_TRICKS:
        for seat, text in trick:
            play(state, seat, text)
    play(state, 0, "KH")
    view = state.view(None)
    assert view["trick"] == [[0, ["KH"]]] and view["failed_throws"][0]["forced"] == ["KH"]
    assert view["tricks_done"] == 2 and view["failed_throws"][0]["trick"] == 0
