"""Tractor's expert compares burials by whole playouts where its budget affords them (``strong``),
from the dealer's knowledge alone; at ``fast`` it keeps the one-ply bot's burial for voids.

Positions come from deals played by heuristic bots up to the dealer's burial."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.registry import get_game
from engine.family.actions import Bury
from engine.family.trickdeal import TrickDeal
from engine.games.tractor.expert import burials
from tests.engine.test_expert import indistinguishable
from tests.engine.test_leaf import expert


def at_the_burial(seed: int) -> TrickDeal:
    """A Tractor deal played by heuristic bots until its dealer buries (a later seed if redealt)."""
    game = get_game("tractor")
    rules = game.rules_from_json({})
    for n in range(seed, seed + 20):
        state = game.start(rules, 4, game.shuffled_deck(rules, 4, random.Random(n)), None)
        bots = [game.bot("heuristic", random.Random(n * 10 + s)) for s in range(4)]
        while not state.is_over() and state.phase != "bury":
            seat = min(state.must_move())
            state.apply(seat, bots[seat].choose(state, seat))
        if state.phase == "bury":
            assert isinstance(state, TrickDeal)
            return state
    raise AssertionError("every deal was redealt")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_burials_start_with_the_one_ply_burial_and_each_buries_the_kitty_size_from_the_hand(
    seed: int,
) -> None:
    """Distinct burials of eight cards the dealer holds, the one-ply bot's first."""
    state = at_the_burial(seed)
    assert state.dealer is not None
    bot = expert("strong")
    hand = state.hands[state.dealer]
    first = bot.fallback.choose(state, state.dealer)
    options = bot.knowledge.candidates(state, state.dealer, bot.fallback, 6)
    assert options[0] == first and 1 < len(options) <= 6
    assert len({tuple(sorted(b.cards)) for b in options if isinstance(b, Bury)}) == len(options)
    for option in options:
        assert isinstance(option, Bury) and len(option.cards) == state.setup.kitty_size
        assert not Counter(option.cards) - hand


def test_a_plain_suit_that_fits_is_offered_buried_whole() -> None:
    """Three cards of a plain suit in a hand: one burial holds all three (a void to ruff with)."""
    state = at_the_burial(1)
    short, long = _plain(state)
    hand = Counter({f"3{short}": 1, f"5{short}": 1, f"9{short}": 1})
    hand.update({f"{rank}{long}": 2 for rank in "46789"})
    hand.update({f"J{long}": 1, f"Q{long}": 1})
    first = Bury(tuple(sorted(Counter({f"{rank}{long}": 2 for rank in "4678"}).elements())))
    options = burials(hand, state.trump, 8, first, 6)
    whole = [
        b for b in options if isinstance(b, Bury) and {f"3{short}", f"5{short}", f"9{short}"} <= set(b.cards)
    ]
    assert options[0] == first and whole


def _plain(state: TrickDeal) -> tuple[str, str]:
    """Two suits that are not trumps in ``state`` (their 3 to Q are plain cards)."""
    plain = [s for s in "SHDC" if not any(state.trump.is_trump(f"{r}{s}") for r in "3456789JQ")]
    return plain[0], plain[1]


@pytest.mark.parametrize("limit", [1, 2])
def test_burials_stop_at_the_limit(limit: int) -> None:
    """No more burials than asked for."""
    state = at_the_burial(2)
    assert state.dealer is not None
    bot = expert("strong")
    assert len(bot.knowledge.candidates(state, state.dealer, bot.fallback, limit)) <= limit


@pytest.mark.parametrize(("budget", "searched"), [("fast", ""), ("strong", "whole")])
def test_only_strong_affords_whole_playouts_of_the_burial(budget: str, searched: str) -> None:
    """``fast`` (one world's steps for three burials) buries as its one-ply bot does; ``strong``
    plays its burials out, and never by the leaf estimate, which judges plays only."""
    state = at_the_burial(3)
    assert state.dealer is not None
    bot = expert(budget)
    choice = bot.choose(state, state.dealer)
    assert bot.searched == searched
    assert not bot.knowledge.judges(state)
    if budget == "fast":
        assert choice == bot.fallback.choose(state, state.dealer)


def test_burials_the_dealer_cannot_tell_apart_give_the_same_choice() -> None:
    """The other hands permuted consistently: the same burial with the same seed."""
    state = at_the_burial(3)
    seat = state.dealer
    assert seat is not None
    twin = indistinguishable(state, seat, random.Random(7))
    assert twin.view(seat) == state.view(seat)
    assert expert("strong").choose(state, seat) == expert("strong").choose(twin, seat)
