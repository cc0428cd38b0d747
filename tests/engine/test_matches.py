"""Matches: consecutive deals, levels or scores carried over, rebuilt from records."""

from __future__ import annotations

import random

import pytest

from engine import get_game
from engine.core.errors import BadRecord
from engine.core.match import Match, rebuild, selfplay_deal


def play_match(name: str, deals: int, seed: int = 5) -> Match:
    game = get_game(name)
    rules = game.rules_from_json({})
    rng = random.Random(seed)
    match = Match(name, rules, 4)
    for _ in range(deals):
        match.add(selfplay_deal(game, rules, 4, match.situation, rng, ["heuristic"]))
    return match


@pytest.mark.parametrize("name", ["shengji", "tractor", "sandaha"])
def test_match_is_rebuilt_from_its_records(name: str) -> None:
    """Replaying a match's deal records gives the same situation and winners."""
    match = play_match(name, 4)
    again = rebuild(match.deals)
    assert (again.situation, again.winners) == (match.situation, match.winners)


def test_deals_must_chain() -> None:
    """A deal that does not start where the previous ended is refused."""
    match = play_match("shengji", 2)
    with pytest.raises(BadRecord):
        rebuild(list(reversed(match.deals)))


def test_levels_carry_over_and_dealer_rotates() -> None:
    """The second deal starts with the first deal's levels and next dealer."""
    match = play_match("tractor", 1)
    result = match.deals[0].result
    assert result is not None and match.situation is not None
    assert match.situation["dealer"] == result["next_dealer"]
    assert match.situation["levels"] == result["levels_after"]


def test_shengji_match_is_won_as_dealer_at_ace() -> None:
    """A match ends with winners once a side wins as dealer at A."""
    game = get_game("shengji")
    rules = game.rules_from_json({})
    situation = game.next_situation(
        rules,
        4,
        {"dealer": 0, "levels": ["A", "5"]},
        {"outcome": "played", "next_dealer": 2, "levels_after": ["A", "5"], "winners": [0, 2]},
    )
    assert game.match_winners(rules, situation) == [0, 2]


def test_redeal_keeps_the_situation() -> None:
    """A redeal changes nothing but the deal count."""
    game = get_game("tractor")
    rules = game.rules_from_json({})
    before = {"deal": 3, "dealer": 1, "levels": ["4", "6"], "winners": None}
    after = game.next_situation(rules, 4, before, {"outcome": "redeal"})
    assert after == {**before, "deal": 4}
