"""Which ruff wins a ruffed throw: by the largest unit (the default) or, with ``ruff_every_unit``,
only when every unit beats the standing best's (docs/rules/tractor.md §Winning a trick)."""

from __future__ import annotations

from collections import Counter

import pytest
from family_table import cards, in_play, play

from engine.core.registry import get_game
from engine.family.tricks import overtakes, read_lead, trick_best, trick_winner
from engine.family.trump import TrumpContext

SPADES_2 = TrumpContext("2", "S")
ONE_DECK = TrumpContext("2", "S", sequences=False)


def winner(*plays: str, every_unit: bool, ctx: TrumpContext = SPADES_2) -> int:
    return trick_winner([Counter(p.split()) for p in plays], ctx, every_unit=every_unit)


@pytest.mark.parametrize(("every_unit", "won_by"), [(False, 2), (True, 1)])
def test_a_second_ruff_with_the_higher_pair_but_a_lower_single(every_unit: bool, won_by: int) -> None:
    """♥A A K ruffed by ♠3 3 A, then by ♠4 4 5: the pair 4 4 beats 3 3, so by the largest unit the
    second ruff wins; its single 5 does not beat the A, so unit by unit the first ruff keeps it."""
    assert winner("AH AH KH", "3S 3S AS", "4S 4S 5S", "3H 4H 5H", every_unit=every_unit) == won_by


AGREED = {
    # ♠4 4 A over ♠3 3 K: the pair and the single both beat
    "a second ruff beating every unit": (("AH AH KH", "3S 3S KS", "4S 4S AS", "3H 4H 5H"), 2),
    # trumps of the throw's shape beat a side suit's throw, however low each unit is
    "the first ruff of a side suit": (("AH AH KH", "3S 3S 4S", "3H 4H 5H", "6H 7H 8H"), 1),
    # ♠3 3 A after ♠4 4 5: its pair is lower
    "a lower largest unit": (("AH AH KH", "4S 4S 5S", "3S 3S AS", "3H 4H 5H"), 1),
    # a pair lead ruffed twice is no throw: the higher trump pair wins
    "a lead of one unit": (("AH AH", "3S 3S", "4S 4S", "3H 4H"), 2),
}


@pytest.mark.parametrize("every_unit", [False, True])
@pytest.mark.parametrize(("plays", "won_by"), list(AGREED.values()), ids=list(AGREED))
def test_where_both_rules_agree(plays: tuple[str, ...], won_by: int, every_unit: bool) -> None:
    """A ruff beating every unit, a first ruff, a lower pair and a lead of one unit: the same winner."""
    assert winner(*plays, every_unit=every_unit) == won_by


@pytest.mark.parametrize(("every_unit", "won_by"), [(False, 2), (True, 1)])
def test_one_deck_singles_each_compared(every_unit: bool, won_by: int) -> None:
    """One deck, ♥A K ruffed by ♠Q 9, then by ♠K 3: the K beats the Q, but the 3 not the 9."""
    assert winner("AH KH", "QS 9S", "KS 3S", "3H 4H", every_unit=every_unit, ctx=ONE_DECK) == won_by


@pytest.mark.parametrize(("every_unit", "won_by"), [(False, 2), (True, 1)])
def test_the_ruffs_units_are_matched_in_the_arrangement_that_beats(every_unit: bool, won_by: int) -> None:
    """♥A A K Q ruffed by ♠3 3 K 8, then by ♠5 5 A 6: unit by unit A over K but 6 under 8."""
    plays = ("AH AH KH QH", "3S 3S KS 8S", "5S 5S AS 6S", "3H 4H 5H 6H")
    assert winner(*plays, every_unit=every_unit) == won_by


PLAYED = {
    "tractor": {0: "AH AH KH", 1: "3S 3S AS", 2: "4S 4S 5S", 3: "3H 4H 5H"},
    "shengji": {0: "AH KH", 1: "QS 9S", 2: "KS 3S", 3: "3H 4H"},
}


@pytest.mark.parametrize(("every_unit", "won_by"), [(False, 2), (True, 1)])
@pytest.mark.parametrize("game", list(PLAYED))
def test_a_played_trick_honours_the_option(game: str, every_unit: bool, won_by: int) -> None:
    """The tricks above played in a deal of Tractor and of one-deck Shengji: the rule decides."""
    hands = PLAYED[game]
    state = in_play(game, hands, "S", ruff_every_unit=every_unit)
    for seat in range(4):
        play(state, seat, hands[seat])
    result = state.result()
    assert result is not None and result["last_trick_winner"] == won_by


@pytest.mark.parametrize("game", ["tractor", "shengji", "sandaha", "zhaopengyou"])
def test_the_option_stays_out_of_the_rules_json_at_its_default(game: str) -> None:
    """Off by default and left out of the rules' JSON, so old records stay as they were."""
    rules_type = get_game(game).rules_type
    assert "ruff_every_unit" not in rules_type().to_json()
    assert rules_type(ruff_every_unit=True).to_json()["ruff_every_unit"] is True


@pytest.mark.parametrize(("every_unit", "overtakes_it"), [(False, True), (True, False)])
def test_a_bot_reads_the_same_rule(every_unit: bool, overtakes_it: bool) -> None:
    """The bots' shortcut agrees with the trick: ♠4 4 5 overtakes ♠3 3 A only by the largest unit."""
    plays = [Counter(cards("AH AH KH")), Counter(cards("3S 3S AS"))]
    lead = read_lead(plays[0], SPADES_2)
    assert lead is not None
    _, best = trick_best(plays, SPADES_2, every_unit=every_unit)
    beaten = plays[1] if every_unit else None
    assert overtakes(("4S", "4S", "5S"), lead, best, SPADES_2, beaten) is overtakes_it
