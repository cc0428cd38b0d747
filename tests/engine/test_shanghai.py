"""The Shanghai 80分 rule set (``shanghai-80fen``), clause by clause of its rule book's worked
examples (ChannonTian/80fen, RULES.md, sections 4-6 and C-H); docs/rules/tractor.md §Shanghai 80分,
lists what the options cannot express. Following (pairs, tractors, tractor_follow) is Tractor's own
and tested in test_tractor.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from family_table import cards, deck_for, draw_all, in_play, last_trick, play, start

from engine.core.errors import IllegalAction
from engine.core.figures import Figures
from engine.core.registry import get_game
from engine.core.rulesets import shipped
from engine.family.actions import Declare, PickUp, Redeal
from engine.games.tractor import TractorRules, settle

GAME = get_game("tractor")
SHANGHAI: dict[str, Any] = dict(shipped("shanghai-80fen").options)
RULES = GAME.rules_from_json(SHANGHAI)
LATER = {"dealer": 0, "levels": ["2", "2"]}


def test_the_rule_set_is_tractor_with_the_shanghai_options() -> None:
    """Two decks, four players, throws against the hands without a penalty, gates 2 5 10 K."""
    assert isinstance(RULES, TractorRules)
    assert RULES.real_hand_throws and not RULES.throw_penalty and RULES.must_defend == "25TK"
    assert RULES.kitty_per_trick and RULES.tractor_follow


@pytest.mark.parametrize(
    ("points", "keeps", "rise"),
    [(0, True, 3), (5, True, 2), (35, True, 2), (40, True, 1), (75, True, 1), (80, False, 0)]
    + [(115, False, 0), (120, False, 1), (155, False, 1), (160, False, 2), (200, False, 3)],
)
def test_the_results_table(points: int, keeps: bool, rise: int) -> None:
    """Section 5 / G: 0 → +3, 1-39 → +2, 40-79 → +1, 80-119 take the deal, then +1 per 40 points
    (each side at 6, three levels below the next gate)."""
    result = settle(RULES, ("6", "6"), Figures(0, points))  # type: ignore[arg-type]
    assert (result["deal_winners"] == [0, 2], max(result["scores"])) == (keeps, rise)  # type: ignore[arg-type]


def kitty_result(last: dict[int, str], kitty: str) -> dict[str, Any]:
    return last_trick("tractor", last, kitty, **SHANGHAI)


@pytest.mark.parametrize(
    ("last", "multiplier"),
    [
        ({0: "3H", 1: "AS", 2: "4H", 3: "6H"}, 2),  # a single: × 2
        ({0: "3H 3H", 1: "AS AS", 2: "4H 6H", 3: "7H 8H"}, 4),  # a pair: × 4
        ({0: "3H 3H 4H 4H", 1: "JS JS QS QS", 2: "6H 7H 8H 9H", 3: "6C 7C 8C 9C"}, 8),  # a tractor: × 8
    ],
)
def test_the_kitty_counts_twice_the_cards_each_played_to_the_last_trick(
    last: dict[int, str], multiplier: int
) -> None:
    """Section 5, 抠底: 底分 × 2 × 最后一墩每人出的张数."""
    assert kitty_result(last, "5D")["kitty_multiplier"] == multiplier


def test_twenty_kitty_points_under_a_single_are_forty() -> None:
    """Section 5's example: 20 points in the kitty, the defenders win the last trick with a single: 40."""
    result = kitty_result({0: "3H", 1: "AS", 2: "4H", 3: "6H"}, "TD KD")
    assert result["defender_points"] == 40


def levels_after(levels: tuple[str, str], dealer: int, points: int) -> list[str]:
    result = settle(RULES, levels, Figures(dealer, points))  # type: ignore[arg-type]
    return list(result["levels_after"])  # type: ignore[arg-type]


def test_a_rise_stops_on_a_gate() -> None:
    """Section H, rule 1: at 3, +3 would reach 6; 5 is a gate, so the side stops at 5."""
    assert levels_after(("3", "2"), 0, 0) == ["5", "2"]


def test_taking_the_deal_on_a_gate_moves_the_deal_but_not_the_level() -> None:
    """Section H, rule 2: a side standing on 2 takes the deal as defenders with 160: it deals next
    but stays at 2 (it never played 2 as dealer)."""
    result = settle(RULES, ("2", "2"), Figures(0, 160))  # type: ignore[arg-type]
    assert result["levels_after"] == ["2", "2"] and result["next_dealer"] == 1


def test_defending_a_gate_as_dealer_passes_it() -> None:
    """Won as the dealer's side on 5: the side rises from 5 (to 7 with +2), up to the next gate."""
    assert levels_after(("5", "2"), 0, 20) == ["7", "2"]
    assert levels_after(("9", "2"), 0, 0) == ["T", "2"]


def test_losing_the_deal_on_a_gate_does_not_pass_it() -> None:
    """坐庄丢庄也不算过关: the dealer's side on 5 loses; it stays at 5."""
    assert levels_after(("5", "3"), 0, 120) == ["5", "4"]


def test_a_hand_of_fifteen_points_or_fewer_may_ask_for_a_redeal() -> None:
    """Section F, 完全造反 thresholds used as a redeal: 15 points may, 20 may not."""
    state = draw_all(start("tractor", deck_for("tractor", {}), LATER, **SHANGHAI))
    trumps = "BJ LJ 2C 2D"  # four trumps: only the points decide
    state.hands[1] = Counter(cards(f"5S TS 6H 7H 8H 9H {trumps}"))
    assert state.pointless(1)
    state.hands[1] = Counter(cards(f"5S TS 5H 6H 7H 8H 9H {trumps}"))
    assert not state.pointless(1)


def test_a_hand_of_three_trumps_or_fewer_may_ask_for_a_redeal() -> None:
    """Section F: at most 3 trumps (spades and the 2s here) may redeal; 4 may not."""
    state = draw_all(start("tractor", deck_for("tractor", {0: "2S"}), LATER, **SHANGHAI))
    state.apply(0, Declare(("2S",)))
    state.hands[1] = Counter(cards("3S 4S BJ KH KD KC 5H 5D"))
    assert state.pointless(1)
    state.apply(1, Redeal())
    assert state.result()["reason"] == "weak hand"  # type: ignore[index]


def test_nobody_declaring_plays_without_trumps_the_first_drawer_dealing() -> None:
    """Section F / J: 无人亮主 → 无主局, 先拿牌的人坐庄."""
    state = draw_all(start("tractor", deck_for("tractor", {}), **SHANGHAI))
    state.declaration = None
    state.apply(0, PickUp())
    assert state.trump.suit is None and state.dealer_to_be() == 0


def test_only_the_declarer_reinforces_its_single() -> None:
    """Section F, 加固: the declarer shows the pair of its single; its partner cannot, and the
    declarer cannot outbid itself with another pair."""
    state = draw_all(start("tractor", deck_for("tractor", {0: "2H 2H 2S 2S", 2: "2C 2C"}), **SHANGHAI))
    state.apply(0, Declare(("2H",)))
    with pytest.raises(IllegalAction):
        state.apply(0, Declare(("2S", "2S")))
    state.apply(0, Declare(("2H", "2H")))
    assert Declare(("2C", "2C")) not in state.declarations(2)


def test_a_failed_throw_plays_its_smallest_part_without_a_penalty() -> None:
    """Section D: any seat holding a higher unit in the suit (partner too) makes the throw fail;
    only a part is played, and no points change hands for it."""
    hands = {0: "AH KH", 1: "3C 4C", 2: "AH 5C", 3: "6C 7C"}
    state = in_play("tractor", hands, "S", **SHANGHAI)
    play(state, 0, "AH KH")
    assert state.trick == [(0, Counter(cards("KH")))] and state.hands[0] == Counter(cards("AH"))
