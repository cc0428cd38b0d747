"""Reading a trick from the view: the leader, the winning play, the last trick's winner and points,
the sides' points so far, and the partners a seat knows (docs/tables.md, "Reading a trick").

Tractor, spades trump at rank 2, seat 0 the dealer: seats 0 and 2 are the declarer's side.
"""

from __future__ import annotations

import pytest

from engine import get_game
from tables.services.reading import reading
from tests.browser.card_pages import bots_until_trick_is_nearly_done
from tests.engine.family_table import in_play, play

HANDS = {0: "AH 3C", 1: "KH 4C", 2: "5H 6C", 3: "2S 7C"}


def test_before_the_lead_nothing_is_marked_on_the_felt() -> None:
    """No trick on the felt: no leader, no winning play, no last trick yet."""
    read = reading(in_play("tractor", HANDS, "S"), 0)
    assert read is not None
    assert (read["leader"], read["winning"], read["last_winner"], read["last_points"]) == (None,) * 4


@pytest.mark.parametrize(
    ("plays", "winning"),
    [
        ([(0, "AH")], 0),  # the lead alone wins so far
        ([(0, "AH"), (1, "KH")], 0),  # a lower heart does not take it
        ([(0, "AH"), (1, "KH"), (2, "5H"), (3, "2S")], None),  # closed: the trump took it
    ],
)
def test_the_leader_and_the_winning_play_are_marked(
    plays: list[tuple[int, str]], winning: int | None
) -> None:
    """The lead is seat 0's while the trick is on the felt; the winning play follows the cards."""
    state = in_play("tractor", HANDS, "S")
    for seat, card in plays:
        play(state, seat, card)
    read = reading(state, 0)
    assert read is not None
    assert read["winning"] == winning
    assert read["leader"] == (0 if winning is not None else None)


def test_a_trump_on_a_plain_lead_takes_the_trick_and_its_points() -> None:
    """The A♥ led is winning until seat 3's 2♠ (trump) takes the trick: the last trick is seat 3's,
    with the K♥'s 10 and the 5♥'s 5 points, all the defenders'."""
    state = in_play("tractor", HANDS, "S")
    for seat, card in [(0, "AH"), (1, "KH"), (2, "5H")]:
        play(state, seat, card)
    assert reading(state, 0)["winning"] == 0  # type: ignore[index]
    play(state, 3, "2S")
    read = reading(state, 0)
    assert read is not None
    assert (read["last_winner"], read["last_points"]) == (3, 15)
    assert read["side_points"] == [0, 15]


@pytest.mark.parametrize(("seat", "partners"), [(0, [2]), (1, [3]), (None, [])])
def test_each_seat_knows_its_partner(seat: int | None, partners: list[int]) -> None:
    """Tractor's sides are fixed: seats 0 and 2 against 1 and 3; a spectator has no partner."""
    read = reading(in_play("tractor", HANDS, "S"), seat)
    assert read is not None
    assert read["sides"] == [0, 1, 0, 1]
    assert read["partners"] == partners


def test_no_reading_before_play_or_in_si_se_pai() -> None:
    """During the draw nothing is read; Si Se Pai has no tricks."""
    game = get_game("tractor")
    rules = game.rules_from_json({})
    state = game.start(rules, 4, game.deck(rules, 4), None)
    assert reading(state, 0) is None
    ssp = get_game("sisepai")
    ssp_rules = ssp.rules_from_json({})
    assert reading(ssp.start(ssp_rules, 4, ssp.deck(ssp_rules, 4), None), 0) is None


def test_in_zhao_pengyou_only_the_declarers_side_knows_its_partners() -> None:
    """A defender has no known partner (a friend not yet revealed may be any of them); the declarer
    and the friends revealed know each other (heuristic bots play a six-seat deal into its play)."""
    state = bots_until_trick_is_nearly_done("zhaopengyou", 6, "reading-6")
    team = set(state.team)
    for seat in range(6):
        read = reading(state, seat)
        assert read is not None
        assert read["sides"] == [0 if s in team else 1 for s in range(6)]
        assert read["partners"] == ([s for s in sorted(team) if s != seat] if seat in team else [])


def test_a_redeal_has_nothing_to_read() -> None:
    """A deal that ended because nobody declared has no sides and no tricks."""
    game = get_game("tractor")
    rules = game.rules_from_json({})
    state = game.start(rules, 4, game.deck(rules, 4), None)
    while not state.is_over():
        seat = min(state.must_move())
        state.apply(seat, game.parse_action("draw" if state.view(seat)["phase"] == "draw" else "redeal"))
    assert state.result()["outcome"] == "redeal"  # type: ignore[index]
    assert reading(state, 0) is None
