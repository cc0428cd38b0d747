"""docs/rules/sisepai.md §8: a hand with no single general, no three or four identical and
no four-colour soldiers may demand a redeal."""

from __future__ import annotations

from collections import Counter

import pytest
from sisepai_table import cards, play, table

from engine.core.errors import IllegalAction
from engine.games.sisepai.actions import Redeal
from engine.games.sisepai.claims import may_demand_redeal
from engine.games.sisepai.rules import SiSePaiRules

WEAK = "RA RE RR RH RC RP YA YE YR YH YC YP GA GE GR GH GC GP WA WE"


def hand(text: str) -> Counter[str]:
    return Counter(cards(text))


def test_a_hand_with_none_of_them_may_demand_a_redeal() -> None:
    assert may_demand_redeal(hand(WEAK))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ("WK", "a single general"),
        ("RA RA", "three identical"),
        ("WP", "soldiers of four colours"),
    ],
)
def test_a_hand_with_one_of_them_may_not(change: str, why: str) -> None:
    weak = cards(WEAK)
    strong = weak[: len(weak) - len(change.split())] + change.split()
    assert not may_demand_redeal(hand(" ".join(strong))), why


def test_four_identical_also_forbid_a_redeal() -> None:
    assert not may_demand_redeal(hand("YH YH YH YH " + " ".join(cards(WEAK)[4:])))


def test_pairs_and_three_colour_soldiers_do_not_count() -> None:
    assert may_demand_redeal(hand("RA RA RP YP GP"))


def test_before_play_every_seat_answers_and_one_demand_ends_the_deal() -> None:
    deal = table(3, hands={1: WEAK}, rules=SiSePaiRules())
    assert deal.to_move() == {0, 1, 2}
    assert deal.view(0)["window"] == {"seats": [0, 1, 2], "answered": False}
    assert "redeal" in {str(a) for a in deal.legal_actions(1)}
    play(deal, "0:pass", "1:redeal", "2:pass")
    result = deal.result()
    assert result is not None
    assert (result["outcome"], result["redeal_by"], result["payments"]) == ("redeal", [1], [0, 0, 0])


def test_a_seat_whose_hand_does_not_qualify_may_only_pass() -> None:
    deal = table(3, hands={0: "RK"}, rules=SiSePaiRules())
    assert {str(a) for a in deal.legal_actions(0)} == {"pass"}
    with pytest.raises(IllegalAction):
        deal.apply(0, Redeal())


def test_when_everyone_keeps_the_dealer_draws() -> None:
    deal = table(3, hands={1: WEAK}, dealer=1, rules=SiSePaiRules())
    play(deal, "0:pass", "1:pass", "2:pass")
    assert deal.to_move() == {1} and deal.phase.value == "draw"


def test_the_option_off_skips_the_redeal_window() -> None:
    deal = table(3, hands={1: WEAK}, rules=SiSePaiRules(redeal=False))
    assert deal.to_move() == {0} and deal.phase.value == "draw"
