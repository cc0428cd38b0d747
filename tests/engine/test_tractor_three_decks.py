"""Three-deck Tractor for six players (docs/rules/tractor.md §Options, "Three decks for six
players"): the deck, the draw, the partnerships, triples, a bot-played deal and hand entry."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.core.errors import BadResult, BadSetup, IllegalAction
from engine.core.figures import Figures
from engine.core.match import selfplay_deal
from engine.core.record import check_record
from engine.core.registry import get_game
from engine.family.actions import Draw, Play
from engine.family.cards import parse_cards, points
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext
from engine.games.tractor import TractorRules, settle

GAME = get_game("tractor")
THREE: dict[str, Any] = {"decks": 3, "level_step": 60}  # the rule set tractor-three-decks
RULES = GAME.rules_from_json(THREE)
LATER = {"dealer": 0, "levels": ["2", "2"]}


def dealt(seed: int = 1) -> TrickDeal:
    """A later deal (seat 0 dealing) of the three-deck game from a shuffled deck, drawn out."""
    deck = GAME.shuffled_deck(RULES, 6, random.Random(seed))
    state = GAME.start(RULES, 6, deck, LATER)
    assert isinstance(state, TrickDeal)
    while state.phase == "draw":
        state.apply(state.drawer, Draw())
    return state


def in_play(hands: dict[int, str], leader: int = 0) -> TrickDeal:
    """A three-deck deal in play with exactly ``hands``, hearts trump at 2, seat 0 dealing."""
    state = dealt()
    state.hands = [Counter(parse_cards(hands.get(s, ""))) for s in range(6)]
    state.trump = TrumpContext("2", "H", (), sequences=True)
    state.dealer, state.phase, state.leader, state.kitty = 0, Phase.PLAY, leader, []
    return state


def play(state: TrickDeal, seat: int, text: str) -> None:
    """Seat ``seat`` plays the named cards."""
    state.apply(seat, Play(parse_cards(text)))


def test_the_deck_is_three_decks_with_their_jokers() -> None:
    """162 cards, each card three times, 300 points."""
    deck = GAME.deck(RULES, 6)
    assert len(deck) == 162
    assert set(Counter(deck).values()) == {3}
    assert points(deck) == 300


def test_the_draw_gives_26_each_and_6_to_the_kitty() -> None:
    """Six hands of 26, the kitty 6."""
    state = dealt()
    assert [sum(hand.values()) for hand in state.hands] == [26] * 6
    assert len(state.kitty) == 6


@pytest.mark.parametrize(("decks", "seats", "ok"), [(2, 4, True), (2, 6, False), (3, 6, True), (3, 4, False)])
def test_the_decks_fix_the_seats(decks: int, seats: int, ok: bool) -> None:
    """Two decks seat four, three seat six; any other count is refused before a card is dealt."""
    rules = GAME.rules_from_json({"decks": decks})
    assert GAME.seats_for(rules) == (6 if decks == 3 else 4)
    deck = GAME.deck(rules, seats)
    if ok:
        assert GAME.start(rules, seats, deck, None) is not None
    else:
        with pytest.raises(BadSetup, match="played by"):
            GAME.start(rules, seats, deck, None)


@pytest.mark.parametrize("decks", [1, 4])
def test_other_numbers_of_decks_are_refused(decks: int) -> None:
    """Only 2 and 3 decks are played."""
    with pytest.raises(BadSetup, match="decks is 2"):
        GAME.rules_from_json({"decks": decks})


@pytest.mark.parametrize(("step", "ok"), [(120, True), (125, False)])
def test_the_points_per_level_stop_at_the_pivot(step: int, ok: bool) -> None:
    """With three decks ``level_step`` may be at most 120 (40 points a deck)."""
    if ok:
        assert GAME.rules_from_json({"decks": 3, "level_step": step})
    else:
        with pytest.raises(BadSetup, match="from 5 to 120"):
            GAME.rules_from_json({"decks": 3, "level_step": step})


@pytest.mark.parametrize(
    ("points", "keeps", "rise"),
    [
        (0, True, 3),
        (5, True, 2),
        (55, True, 2),
        (60, True, 1),
        (115, True, 1),
        (120, False, 0),
        (175, False, 0),
        (180, False, 1),
        (240, False, 2),
    ],
)
def test_the_results_table_by_60_points_turns_at_120(points: int, keeps: bool, rise: int) -> None:
    """0 → +3; 5-55 → +2; 60-115 → +1; from 120 the defenders take the deal, +1 a 60 points from 180."""
    result = settle(TractorRules(**THREE), ("2", "2"), Figures(0, points))
    assert (result["deal_winners"] == [0, 2, 4]) == keeps
    assert max(result["scores"]) == rise  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("dealer", "points", "winners", "next_dealer"), [(0, 0, [0, 2, 4], 2), (5, 120, [0, 2, 4], 0)]
)
def test_the_partnerships_are_alternate_seats(
    dealer: int, points: int, winners: list[int], next_dealer: int
) -> None:
    """0, 2, 4 against 1, 3, 5: partners rise together; the deal passes to the next partner when
    kept, to the next seat when lost."""
    result = settle(TractorRules(**THREE), ("2", "2"), Figures(dealer, points))
    assert result["deal_winners"] == winners
    scores = result["scores"]
    assert len(scores) == 6 and scores[0] == scores[2] == scores[4] and scores[1] == scores[3] == scores[5]  # type: ignore[arg-type,index]
    assert result["next_dealer"] == next_dealer


def test_a_triple_is_a_unit_beaten_only_by_a_higher_triple() -> None:
    """♠7 7 7 led: ♠9 9 9 beats it, ♠A A + ♠K does not, though higher cards."""
    state = in_play(
        {
            0: "7S 7S 7S 3D",
            1: "9S 9S 9S 3D",
            2: "AS AS KS 3D",
            3: "4S 5S 6S 3D",
            4: "8S 8S 8S 3D",
            5: "JS QS 3S 3D",
        }
    )
    for seat, text in enumerate(("7S 7S 7S", "9S 9S 9S", "AS AS KS", "4S 5S 6S", "8S 8S 8S", "JS QS 3S")):
        play(state, seat, text)
    assert state.leader == 1


@pytest.mark.parametrize(
    ("held", "answer", "ok"), [("9S 9S 9S 4S", "9S 9S 4S", False), ("9S 9S 4S 5S", "9S 9S 4S", True)]
)
def test_a_held_triple_must_answer_a_triple(held: str, answer: str, ok: bool) -> None:
    """Holding a triple of the suit, you play it; without one any cards of the suit do."""
    state = in_play(
        {0: "7S 7S 7S 3D", 1: held, 2: "3C 4C 5C 6C", 3: "3C 4C 5C 6C", 4: "3C 4C 5C 6C", 5: "3C 4C 5C 6C"}
    )
    play(state, 0, "7S 7S 7S")
    if ok:
        play(state, 1, answer)
    else:
        with pytest.raises(IllegalAction):
            play(state, 1, answer)


def test_a_whole_deal_by_bots_replays_and_checks() -> None:
    """Six heuristic bots play a deal; the record replays to the same result, partners alike."""
    record = selfplay_deal(GAME, RULES, 6, None, random.Random(7), ["heuristic"])
    assert len(record.seats) == 6 and len(record.deck) == 162
    state = check_record(record)
    result = state.result()
    assert result == record.result and result is not None
    if result["outcome"] == "played":
        assert result["deal_winners"] in ([0, 2, 4], [1, 3, 5])


def test_the_rules_json_of_two_decks_does_not_name_the_option() -> None:
    """Two-deck records stay as they were: ``decks`` at its default is left out."""
    assert "decks" not in GAME.rules_from_json({}).to_json()
    assert RULES.to_json()["decks"] == 3


TOP = GAME.most_defender_points(RULES)


@pytest.mark.parametrize(("points", "ok"), [(TOP, True), (TOP + 5, False)])
def test_hand_entry_takes_points_up_to_the_top(points: int, ok: bool) -> None:
    """An entered deal's points run from 0 to the three-deck top (300 and the richest kitty multiplied)."""
    assert TOP > 300
    if ok:
        result = GAME.entered_result(RULES, 6, None, Figures(3, points))
        assert result["deal_winners"] == [0, 2, 4] or result["deal_winners"] == [1, 3, 5]
    else:
        with pytest.raises(BadResult):
            GAME.entered_result(RULES, 6, None, Figures(3, points))
