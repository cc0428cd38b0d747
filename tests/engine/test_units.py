"""Pairs and tractors (tractor.md §Units): decomposition, the rank gap, the trump chain."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.family.trump import TrumpContext
from engine.family.units import decompose, match_shape, shape_of

SPADES_8 = TrumpContext("8", "S")
HEARTS_2 = TrumpContext("2", "H")


def shape(ctx: TrumpContext, cards: str) -> tuple[tuple[int, int], ...]:
    return shape_of(decompose(Counter(cards.split()), ctx))


def test_pair_is_two_identical_cards() -> None:
    """Two identical cards are a pair; two different ones are two singles."""
    assert shape(SPADES_8, "4H 4H") == ((2, 1),)
    assert shape(SPADES_8, "4H 5H") == ((1, 1), (1, 1))


def test_consecutive_pairs_are_a_tractor() -> None:
    """4-4-5-5 is a tractor of two pairs (tractor.md §Units)."""
    assert shape(SPADES_8, "4H 4H 5H 5H") == ((2, 2),)


def test_rank_is_skipped_inside_a_suit() -> None:
    """Rank 8: 7-7-9-9 of hearts is a tractor (tractor.md §Units)."""
    assert shape(SPADES_8, "7H 7H 9H 9H") == ((2, 2),)


def test_non_consecutive_pairs_are_two_pairs() -> None:
    """5-5-7-7 (rank 8) is two pairs, not a tractor."""
    assert shape(SPADES_8, "5H 5H 7H 7H") == ((2, 1), (2, 1))


def test_trump_chain_runs_from_trump_ace_to_off_suit_rank_pair() -> None:
    """AH AH + 2S 2S is a tractor with 2 of hearts trump."""
    assert shape(HEARTS_2, "AH AH 2S 2S") == ((2, 2),)


@pytest.mark.parametrize("cards", ["2S 2S 2H 2H", "2H 2H LJ LJ", "LJ LJ BJ BJ", "2S 2S 2H 2H LJ LJ BJ BJ"])
def test_trump_chain_continues_through_trump_rank_and_jokers(cards: str) -> None:
    """Off-suit rank pair → trump-suit rank pair → LJ pair → BJ pair."""
    assert shape(HEARTS_2, cards) == ((2, len(cards.split()) // 2),)


def test_two_off_suit_rank_pairs_are_never_consecutive() -> None:
    """2S 2S + 2D 2D are two pairs."""
    assert shape(HEARTS_2, "2S 2S 2D 2D") == ((2, 1), (2, 1))


def test_longest_tractor_is_preferred() -> None:
    """A lead is decomposed with its longest tractor first."""
    assert shape(SPADES_8, "3H 3H 4H 4H 5H 5H AH") == ((2, 3), (1, 1))


def test_no_tractors_in_one_deck_game() -> None:
    """With sequences off (one deck) pairs cannot occur, and nothing chains."""
    ctx = TrumpContext("2", "H", sequences=False)
    assert shape(ctx, "3H 4H") == ((1, 1), (1, 1))


def test_sets_of_three_with_three_decks() -> None:
    """Three decks: three identical cards and a sequence of such sets are units (zhaopengyou.md §Leading)."""
    assert shape(SPADES_8, "4H 4H 4H 5H 5H 5H") == ((3, 2),)


def test_zhao_pengyou_jokers_never_form_sequences() -> None:
    """rank_sequences=False: LJ LJ BJ BJ are two pairs (zhaopengyou.md §Leading)."""
    ctx = TrumpContext("2", "H", rank_sequences=False)
    assert shape(ctx, "LJ LJ BJ BJ") == ((2, 1), (2, 1))


def test_match_shape_finds_the_strongest_first_unit() -> None:
    """A play can be arranged as a shape; the top of its largest unit is reported."""
    top = match_shape(Counter(["9H", "9H", "TH", "TH", "3H"]), ((2, 2), (1, 1)), SPADES_8)
    assert top == SPADES_8.order["TH"]


def test_match_shape_fails_without_the_shape() -> None:
    """Two pairs that are not consecutive cannot answer a tractor."""
    assert match_shape(Counter(["9H", "9H", "JH", "JH"]), ((2, 2),), SPADES_8) is None
