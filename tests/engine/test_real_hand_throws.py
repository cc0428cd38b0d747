"""tractor.md §Throws judged against the real hands (``real_hand_throws``), a failed throw
cut down to its smallest beatable unit, and the optional 10-point penalty (``throw_penalty``).

Tractor, two decks, spades trump at rank 2; seat 0 deals and leads. A card no hand holds is in the
kitty or still unseen: with the option only the other seats' hands can beat a throw.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from family_table import cards, finish, in_play, play

from engine.core.errors import BadSetup, IllegalAction
from engine.core.registry import get_game
from engine.family.trickdeal import TrickDeal

FILLER = ["3D 4D", "5D 6D", "7D 8D"]  # seats 1, 2, 3: two cards each besides what a test names


def deal(leader: str, others: dict[int, str] | None = None, **options: Any) -> TrickDeal:
    """Seat 0 holds ``leader``; seats 1-3 hold ``others`` plus filler; the option is on."""
    hands = {0: leader, **{s: f"{(others or {}).get(s, '')} {FILLER[s - 1]}" for s in (1, 2, 3)}}
    return in_play("tractor", hands, "S", real_hand_throws=True, **options)


def trick_cards(state: TrickDeal) -> list[str]:
    return sorted(c for _, counts in state.trick for c in counts.elements())


def test_default_rules_refuse_a_throw_the_unseen_cards_could_beat() -> None:
    """Option off: A-K with the other A unseen is refused, whoever holds it (tractor.md §Leading)."""
    state = in_play("tractor", {0: "AH KH", 1: "AH"}, "S")
    with pytest.raises(IllegalAction):
        play(state, 0, "AH KH")


@pytest.mark.parametrize(("holder", "fails"), [(None, False), (1, True), (2, True), (3, True)])
def test_a_throw_fails_only_when_another_hand_can_beat_it(holder: int | None, fails: bool) -> None:
    """A-K stands while the other A is in no hand (the kitty); any seat holding it, partner too, breaks it."""
    state = deal("AH KH 3C", {} if holder is None else {holder: "AH"})
    play(state, 0, "AH KH")
    assert trick_cards(state) == (["KH"] if fails else ["AH", "KH"])
    assert bool(state.failed_throws) == fails


def test_the_rest_of_a_failed_throw_goes_back_to_the_hand() -> None:
    """The unplayed A stays in the leader's hand."""
    state = deal("AH KH 3C", {1: "AH"})
    play(state, 0, "AH KH")
    assert sorted(state.hands[0].elements()) == ["3C", "AH"]


@pytest.mark.parametrize(
    ("throw", "beater", "forced"),
    [
        ("KH TH 9H", "AH", "9H"),  # three singles beatable: the lowest
        ("KH KH 9H", "AH AH", "9H"),  # a pair and a single: the single (fewer cards)
        ("QH QH JH JH 5H 5H", "AH AH KH KH 6H 6H", "5H 5H"),  # a tractor and a pair: the pair
        ("JH JH TH TH AH AH", "KH KH QH QH", "JH JH TH TH"),  # only the tractor is beatable
    ],
)
def test_of_several_beatable_units_the_smallest_is_forced(throw: str, beater: str, forced: str) -> None:
    """Fewest cards first, then the lowest top."""
    state = deal(f"{throw} 3C", {1: beater})
    play(state, 0, throw)
    assert trick_cards(state) == sorted(cards(forced))


def test_a_failed_throw_leads_the_forced_unit() -> None:
    """The forced 9 is the lead: followers answer one card, not the attempted throw."""
    state = deal("KH KH 9H 3C", {1: "AH AH"})
    play(state, 0, "KH KH 9H")
    assert state.lead is not None and state.lead.size == 1


def test_the_view_shows_the_attempt_and_the_forced_cards_to_everyone() -> None:
    """Every seat and the spectator see the same failed throw: who threw, what, what was forced."""
    state = deal("AH KH 3C", {2: "AH"})
    play(state, 0, "AH KH")
    shown = {"seat": 0, "trick": 0, "attempted": ["AH", "KH"], "forced": ["KH"]}
    assert all(state.view(s)["failed_throws"] == [shown] for s in [0, 1, 2, 3, None])


@pytest.mark.parametrize("seat", [0, 3, None])
def test_no_view_tells_who_could_beat_the_throw(seat: int | None) -> None:
    """With the other A in seat 1's or seat 2's hand, every other seat's view is the same."""
    views = []
    for holder in (1, 2):
        state = deal("AH KH 3C", {holder: "AH", 3 - holder: "4H"})
        play(state, 0, "AH KH")
        views.append(json.dumps(state.view(seat), sort_keys=True))
    assert views[0] == views[1]


def test_default_views_have_no_failed_throws() -> None:
    """Option off: views are as they always were."""
    assert "failed_throws" not in in_play("tractor", {0: "AH"}, "S").view(None)


# Seat 0 (dealer's side) throws A-K and is forced to the K; seat 1 takes it with the other A; the
# defenders (1 and 3) take KH and 5C: 15 card points.
SMALL_DEAL = {0: "AH KH 3C", 1: "AH 4C 5C", 2: "6C 7C 8C", 3: "9C JC QC"}
TRICKS = [
    [(0, "AH KH"), (1, "AH"), (2, "6C"), (3, "9C")],
    [(1, "4C"), (2, "7C"), (3, "JC"), (0, "3C")],
    [(3, "QC"), (0, "AH"), (1, "5C"), (2, "8C")],
]


@pytest.mark.parametrize(("penalty", "defenders"), [(False, 15), (True, 25)])
def test_the_penalty_adds_10_to_the_defenders_when_the_declarers_side_fails(
    penalty: bool, defenders: int
) -> None:
    """The declarer's side's failed throw gives the defenders 10 more points, only with the penalty."""
    state = in_play("tractor", SMALL_DEAL, "S", real_hand_throws=True, throw_penalty=penalty)
    result = finish(state, TRICKS)
    assert result["defender_points"] == defenders
    assert result["card_points"] == {"dealer_side": 0, "defenders": 15}


def test_the_result_lists_the_failed_throws() -> None:
    """The deal's result keeps every failed throw, for the record."""
    state = in_play("tractor", SMALL_DEAL, "S", real_hand_throws=True)
    result = finish(state, TRICKS)
    assert result["failed_throws"] == [{"seat": 0, "trick": 0, "attempted": ["AH", "KH"], "forced": ["KH"]}]


@pytest.mark.parametrize(("before", "after"), [(50, 40), (10, 0), (5, 0)])
def test_a_defenders_failed_throw_costs_them_10_never_below_0(before: int, after: int) -> None:
    """A defender's failed throw takes 10 from the defenders' points, which stop at 0."""
    state = in_play(
        "tractor",
        {1: "AH KH 3C", 2: "AH", 0: "4D", 3: "5D"},
        "S",
        leader=1,
        real_hand_throws=True,
        throw_penalty=True,
    )
    play(state, 1, "AH KH")
    assert state.penalised(before) == after


@pytest.mark.parametrize("game", ["shengji", "tractor", "sandaha", "zhaopengyou"])
def test_the_penalty_needs_real_hand_throws(game: str) -> None:
    """Judged from what the leader can know, no throw fails: a penalty alone is refused."""
    with pytest.raises(BadSetup):
        get_game(game).rules_from_json({"throw_penalty": True})


def test_one_deck_shengji_forces_the_lowest_beatable_single() -> None:
    """One deck: K-Q-9 of hearts against a hand holding the A: the 9 is forced."""
    hands = {0: "KH QH 9H", 1: "AH", 2: "3D", 3: "4D"}
    state = in_play("shengji", hands, "S", real_hand_throws=True)
    play(state, 0, "KH QH 9H")
    assert trick_cards(state) == ["9H"]
