"""Every registered game passes the generic property harness (``harness.py``)."""

from __future__ import annotations

import pytest
from harness import run_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import game_names
from engine.core.rulesets import shipped

THROWS = {"real_hand_throws": True, "throw_penalty": True}  # real-hand throws, penalty included


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_deals_keep_every_invariant(name: str, seed: int) -> None:
    """Seeded random deals end, keep cards in zones, hide what they must and replay identically."""
    run_deal(name, seed)


@pytest.mark.parametrize("name", game_names())
def test_heuristic_deal_keeps_every_invariant(name: str) -> None:
    """A deal between heuristic bots keeps the same invariants."""
    run_deal(name, 7, kind="heuristic")


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        (
            "shengji",
            {"two_always_trump": True, "four_of_a_kind": True, "last_trick_passes": True, "j_hook": True},
        ),
        ("shengji", {"first_drawer": 3, "pointless_redeal": False, **THROWS}),
        ("tractor", {"tractor_follow": True, "kitty_per_card": True, "notrump_ranks": False, **THROWS}),
        ("sandaha", {"tractor_follow": True, "first_bidder": 2, **THROWS}),
        ("tractor", dict(shipped("shanghai-80fen").options)),
        ("tractor", {"level_step": 20, "zero_rise": 4, "no_declaration": "redeal", "kitty_per_trick": True}),
        ("sandaha", {"kitty_per_trick": True}),
    ],
)
def test_house_rules_keep_every_invariant(name: str, rules: dict[str, object]) -> None:
    """House-rule options keep the same invariants."""
    run_deal(name, 11, rules_json=rules)
