"""Tractor's house-rule options beyond the seed's rules, each on both sides of its threshold
(docs/rules/tractor.md §Scoring, §Must-defend ranks, §Declaring and §Options)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from family_table import cards, deck_for, draw_all, in_play, last_trick, play, start

from engine.core.entered import entered_result
from engine.core.errors import BadSetup, IllegalAction
from engine.core.figures import Figures
from engine.core.registry import get_game
from engine.family.actions import Declare, PickUp, Redeal
from engine.games.tractor import TractorRules, settle

GAME = get_game("tractor")
LATER = {"dealer": 0, "levels": ["2", "2"]}


def last_trick_multiplier(last: dict[int, str], **options: Any) -> int:
    """The kitty multiplier when seat 1 (a defender) wins the last trick ``last``, led by seat 0."""
    return int(last_trick("tractor", last, "5D", **options)["kitty_multiplier"])


@pytest.mark.parametrize(
    ("last", "standard", "per_trick"),
    [
        ({0: "3S", 1: "AS", 2: "4S", 3: "6S"}, 2, 2),
        ({0: "3H 3H", 1: "AS AS", 2: "4H 6H", 3: "7H 8H"}, 4, 4),
        ({0: "3H 3H 4H 4H", 1: "JS JS QS QS", 2: "6H 7H 8H 9H", 3: "6C 7C 8C 9C"}, 16, 8),
        ({0: "AH KH KH", 1: "JS JS QS", 2: "6H 7H 8H", 3: "6C 7C 8C"}, 4, 6),
    ],
)
def test_kitty_per_trick_doubles_the_cards_each_played_to_the_last_trick(
    last: dict[int, str], standard: int, per_trick: int
) -> None:
    """× 2 × the cards each player played (a single ×2, a pair ×4, a tractor of 4 ×8, a throw of
    3 ×6); without the option the kitty is × 2^n of the longest tractor (× 4 for a pair)."""
    assert last_trick_multiplier(last) == standard
    assert last_trick_multiplier(last, kitty_per_trick=True) == per_trick


def test_two_kitty_multipliers_at_once_are_refused() -> None:
    """``kitty_per_card`` and ``kitty_per_trick`` exclude each other."""
    with pytest.raises(BadSetup, match="choose one"):
        GAME.rules_from_json({"kitty_per_card": True, "kitty_per_trick": True})


def dealer_rise(points: int, **options: Any) -> tuple[bool, int]:
    """(the dealer's side keeps the deal, the levels the winning side rises) from 2, seat 0 dealing."""
    result = settle(TractorRules(**options), ("2", "2"), Figures(0, points))
    keeps = result["deal_winners"] == [0, 2]
    return keeps, max(result["scores"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("points", "keeps", "rise"),
    [(0, True, 3), (5, True, 2), (35, True, 2), (40, True, 1), (75, True, 1), (80, False, 0)]
    + [(115, False, 0), (120, False, 1), (155, False, 1), (160, False, 2)],
)
def test_the_standard_table_by_40_points(points: int, keeps: bool, rise: int) -> None:
    """tractor.md §Scoring's table, both sides of every band."""
    assert dealer_rise(points) == (keeps, rise)


@pytest.mark.parametrize(
    ("points", "keeps", "rise"),
    [(0, True, 4), (15, True, 4), (20, True, 3), (35, True, 3), (40, True, 2), (55, True, 2)]
    + [(60, True, 1), (75, True, 1), (80, False, 0), (95, False, 0), (100, False, 1), (120, False, 2)],
)
def test_a_table_by_20_points(points: int, keeps: bool, rise: int) -> None:
    """``level_step`` 20: one level per 20 points on both sides of 80; a defence without a point
    gives the 5-point band's 4 (more than ``zero_rise`` 3)."""
    assert dealer_rise(points, level_step=20) == (keeps, rise)


@pytest.mark.parametrize(("points", "rise"), [(0, 5), (5, 2)])
def test_zero_rise_is_what_a_defence_without_a_point_gives(points: int, rise: int) -> None:
    """``zero_rise`` 5: 0 points give 5 levels; 5 points still the table's 2."""
    assert dealer_rise(points, zero_rise=5) == (True, rise)


@pytest.mark.parametrize(
    "options", [{"level_step": 0}, {"level_step": 42}, {"level_step": 85}, {"zero_rise": 0}]
)
def test_a_results_table_that_means_nothing_is_refused(options: dict[str, int]) -> None:
    """The step is a multiple of 5 from 5 to 80; a defence without a point gives at least 1."""
    with pytest.raises(BadSetup):
        GAME.rules_from_json(options)


@pytest.mark.parametrize(
    ("dead_zone", "points", "keeps", "rise"),
    [(0, 75, True, 1), (0, 80, False, 1), (0, 115, False, 1), (0, 120, False, 2)]
    + [(1, 115, False, 0), (1, 120, False, 1)]
    + [(2, 80, False, 0), (2, 155, False, 0), (2, 160, False, 1), (2, 195, False, 1), (2, 200, False, 2)],
)
def test_the_dead_zone_is_the_steps_from_80_in_which_nobody_rises(
    dead_zone: int, points: int, keeps: bool, rise: int
) -> None:
    """``dead_zone`` 0: from 80 the defenders rise at once; 1 (the default): 80-115 nobody rises;
    2: 80-155 nobody rises, 160 +1, 200 +2."""
    assert dealer_rise(points, dead_zone=dead_zone) == (keeps, rise)


@pytest.mark.parametrize(("points", "rise"), [(95, 0), (115, 0), (120, 1), (140, 2)])
def test_the_dead_zone_counts_steps_of_level_step(points: int, rise: int) -> None:
    """``level_step`` 20 with ``dead_zone`` 2: 80-115 nobody rises, 120 +1, 140 +2."""
    assert dealer_rise(points, level_step=20, dead_zone=2) == (False, rise)


@pytest.mark.parametrize("dead_zone", [-1, 13])
def test_a_dead_zone_of_0_to_12_steps(dead_zone: int) -> None:
    """The dead zone is 0 to 12 steps; anything else is refused."""
    with pytest.raises(BadSetup, match="dead_zone"):
        GAME.rules_from_json({"dead_zone": dead_zone})


@pytest.mark.parametrize(("dead_zone", "levels_after"), [(0, ["2", "3"]), (1, ["2", "2"])])
def test_a_deal_entered_by_hand_reads_the_dead_zone(dead_zone: int, levels_after: list[str]) -> None:
    """Defenders' 100 points entered by hand: they rise 1 without a dead zone, nobody rises with
    the default's 80-115."""
    rules = GAME.rules_from_json({"dead_zone": dead_zone})
    result = entered_result("tractor", rules, 4, None, Figures(0, 100))
    assert result["levels_after"] == levels_after


def test_the_default_dead_zone_stays_out_of_the_rules_json() -> None:
    """At its default the option is left out, so old records keep their rules byte for byte."""
    assert "dead_zone" not in TractorRules().to_json()
    assert TractorRules(dead_zone=0).to_json()["dead_zone"] == 0


def levels_after(levels: tuple[str, str], points: int, must_defend: str) -> list[str]:
    """Both sides' levels after seat 0 (side 0) deals with the defenders taking ``points``."""
    result = settle(TractorRules(must_defend=must_defend), levels, Figures(0, points))
    return list(result["levels_after"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("levels", "points", "gates", "after"),
    [
        (("3", "2"), 0, "", ["6", "2"]),  # no gates: +3
        (("3", "2"), 0, "5TK", ["5", "2"]),  # +3 stops at the gate 5
        (("4", "2"), 60, "5TK", ["5", "2"]),  # +1 reaches it exactly
        (("5", "2"), 0, "5TK", ["8", "2"]),  # defended as dealer at 5: passed, +3 from there
        (("9", "2"), 0, "5TK", ["T", "2"]),  # stops at the next gate, T
        (("2", "5"), 160, "5TK", ["2", "5"]),  # defenders at 5 take the deal but do not rise
        (("2", "4"), 200, "5TK", ["2", "5"]),  # defenders below a gate stop on it
        (("2", "5"), 160, "", ["2", "7"]),  # without gates: +2
    ],
)
def test_must_defend_ranks_stop_a_rise_and_are_passed_only_as_dealer(
    levels: tuple[str, str], points: int, gates: str, after: list[str]
) -> None:
    """A side reaching a must-defend rank stops there; it passes it only by winning a deal there
    as the dealer's side (the 80分 rule: no jumping a gate, and a gate must be played)."""
    assert levels_after(levels, points, gates) == after


@pytest.mark.parametrize(
    ("levels", "points", "jump", "after"),
    [
        (("3", "2"), 0, 0, ["5", "2"]),  # no jump: +3 stops at the gate 5
        (("3", "2"), 0, 1, ["6", "2"]),  # one level past 5: +3 reaches 6
        (("3", "2"), 0, 2, ["6", "2"]),  # a jump never adds to the rise
        (("4", "2"), 0, 1, ["6", "2"]),  # +3 from 4 would reach 7: one past 5 is 6
        (("2", "5"), 160, 1, ["2", "5"]),  # defenders standing on a gate still do not rise
    ],
)
def test_must_defend_jump_lets_a_rise_go_that_many_levels_past_a_gate(
    levels: tuple[str, str], points: int, jump: int, after: list[str]
) -> None:
    """``must_defend_jump`` 1: at 3, +3 goes one level past the gate 5 to 6; 0 (the default) stops on 5."""
    result = settle(TractorRules(must_defend="5TK", must_defend_jump=jump), levels, Figures(0, points))
    assert result["levels_after"] == after


def test_must_defend_jump_never_passes_a_second_gate() -> None:
    """With gates 5 and 6 and a jump of 2, a rise from 4 of +3 passes 5 but stops on 6."""
    result = settle(TractorRules(must_defend="56", must_defend_jump=2), ("4", "2"), Figures(0, 0))
    assert result["levels_after"] == ["6", "2"]


@pytest.mark.parametrize("jump", [-1, 13])
def test_must_defend_jump_is_0_to_12_levels(jump: int) -> None:
    """A jump is a number of levels a rise may go past a gate, at most the whole ladder."""
    with pytest.raises(BadSetup):
        GAME.rules_from_json({"must_defend": "5TK", "must_defend_jump": jump})


@pytest.mark.parametrize("gates", ["5T5", "5X", "10"])
def test_must_defend_ranks_are_rank_codes_once_each(gates: str) -> None:
    """Ranks are written 2-9, T, J, Q, K, A, each once."""
    with pytest.raises(BadSetup):
        GAME.rules_from_json({"must_defend": gates})


@pytest.mark.parametrize(("points_held", "weak"), [("5S TS", True), ("5S TS 5H", False)])
def test_a_hand_of_at_most_weak_points_may_demand_a_redeal(points_held: str, weak: bool) -> None:
    """``weak_points`` 15: 15 points may redeal, 20 may not (the filler holds no other points)."""
    state = draw_all(start("tractor", deck_for("tractor", {1: points_held}), LATER, weak_points=15))
    state.hands[1] = Counter(cards(points_held + " 3S 4S 6H"))
    assert state.pointless(1) is weak
    if weak:
        state.apply(1, Redeal())
        assert state.result()["reason"] == "weak hand"  # type: ignore[index]
    else:
        with pytest.raises(IllegalAction):
            state.apply(1, Redeal())


@pytest.mark.parametrize(("held", "weak"), [("3S 4S BJ", True), ("3S 4S BJ 2D", False)])
def test_a_hand_of_at_most_weak_trumps_may_demand_a_redeal(held: str, weak: bool) -> None:
    """``weak_trumps`` 3, spades trump at 2: three trumps may redeal, four may not."""
    state = draw_all(start("tractor", deck_for("tractor", {0: "2S"}), LATER, weak_trumps=3))
    state.apply(0, Declare(("2S",)))
    state.hands[1] = Counter(cards(held + " 6H 7H 8H KH"))
    assert state.pointless(1) is weak


def test_without_the_options_a_weak_hand_plays_on() -> None:
    """By default only a hand without 5, 10 or K may demand a redeal."""
    state = draw_all(start("tractor", deck_for("tractor", {}), LATER))
    state.hands[1] = Counter(cards("5S 3S 4S 6H"))
    assert not state.pointless(1)


def test_nobody_declaring_on_the_first_deal_plays_without_trumps_under_no_trump() -> None:
    """``no_declaration`` "no_trump": the first drawer takes the kitty; no trump suit (無主)."""
    state = draw_all(start("tractor", deck_for("tractor", {}), no_declaration="no_trump"))
    state.declaration = None
    assert Redeal() not in list(state.legal_actions(0))
    state.apply(0, PickUp())
    assert state.trump.suit is None and state.turned == [] and state.dealer_to_be() == 0


def test_nobody_declaring_on_a_later_deal_redeals_under_redeal() -> None:
    """``no_declaration`` "redeal": the dealer must redeal instead of turning up the kitty."""
    state = draw_all(start("tractor", deck_for("tractor", {}), LATER, no_declaration="redeal"))
    state.declaration = None
    with pytest.raises(IllegalAction):
        state.apply(0, PickUp())
    state.apply(0, Redeal())
    assert state.result()["reason"] == "nobody declared"  # type: ignore[index]


def test_an_unknown_no_declaration_rule_is_refused() -> None:
    """Only "", "redeal" and "no_trump" are rules."""
    with pytest.raises(BadSetup):
        GAME.rules_from_json({"no_declaration": "dealer_chooses"})


@pytest.mark.parametrize(("on", "multiplier"), [(False, 4), (True, 6)])
def test_san_da_ha_takes_the_kitty_per_trick_option_too(on: bool, multiplier: int) -> None:
    """San Da Ha, a throw of AH KH KH won by a defender's trumps: × 4 (its pair), × 6 with the option."""
    state = in_play(
        "sandaha", {0: "AH KH KH", 1: "JS JS QS", 2: "6H 8H 9H", 3: "6C 8C 9C"}, "S", kitty_per_trick=on
    )
    state.kitty = cards("5D")
    state.bids = [(0, 60), (1, None), (2, None), (3, None)]  # type: ignore[attr-defined]
    for seat, text in enumerate(["AH KH KH", "JS JS QS", "6H 8H 9H", "6C 8C 9C"]):
        play(state, seat, text)
    assert state.result()["kitty_multiplier"] == multiplier  # type: ignore[index]


@pytest.mark.parametrize(("gates", "after"), [("", ["6", "2"]), ("5TK", ["5", "2"])])
def test_a_deal_entered_by_hand_stops_on_a_gate_too(gates: str, after: list[str]) -> None:
    """Hand entry settles with the same table: at 3, a defence without a point stops at 5."""
    from engine.core.entered import entered_result

    rules = GAME.rules_from_json({"must_defend": gates})
    result = entered_result("tractor", rules, 4, {"dealer": 0, "levels": ["3", "2"]}, Figures(0, 0))
    assert result["levels_after"] == after


@pytest.mark.parametrize(("on", "top"), [(False, 120 + 80 * 2**24), (True, 120 + 80 * 50)])
def test_hand_entry_accepts_the_richest_kitty_under_kitty_per_trick(on: bool, top: int) -> None:
    """The top a physical table may report: the 120 points outside the richest kitty and its 80 × the largest
    multiplier (× 2 × 25 cards per player with the option)."""
    assert GAME.most_defender_points(GAME.rules_from_json({"kitty_per_trick": on})) == top
