"""Following (跟牌): suit, then pairs and sets (shengji.md §Play, tractor.md §Following)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.family.plays import legal_follows, sub_multisets
from engine.family.tricks import follow_error, read_lead
from engine.family.trump import TrumpContext

SPADES_2 = TrumpContext("2", "S")


def error(lead: str, play: str, hand: str, ctx: TrumpContext = SPADES_2) -> str | None:
    led = read_lead(Counter(lead.split()), ctx)
    assert led is not None
    return follow_error(Counter(play.split()), Counter(hand.split()), led, ctx)


def test_must_follow_suit() -> None:
    """Holding a heart, a heart lead must be followed with it."""
    assert error("AH", "3C", "3C 4H") is not None
    assert error("AH", "4H", "3C 4H") is None


def test_void_may_play_anything() -> None:
    """Without the led suit any card may be played."""
    assert error("AH", "3C", "3C 4D") is None


def test_rank_card_of_led_suit_is_trump_not_that_suit() -> None:
    """2H is a trump: it does not follow a heart lead while other hearts are held (shengji.md §Trumps)."""
    assert error("AH", "2H", "2H 4H") is not None


def test_trump_lead_must_be_followed_with_trumps_jokers_included() -> None:
    """A trump lead is followed by any trump, a joker or a rank card."""
    assert error("3S", "4H", "BJ 4H") is not None
    assert error("3S", "BJ", "BJ 4H") is None


def test_must_play_as_many_cards_as_the_lead() -> None:
    """A follow has exactly as many cards as the lead."""
    assert "exactly 2" in (error("3H 3H", "4H", "4H 5H") or "")


def test_short_in_suit_plays_all_of_it_then_anything() -> None:
    """With one heart against a pair of hearts: that heart plus any card."""
    assert error("3H 3H", "4H 5C", "4H 5C 6C") is None
    assert error("3H 3H", "5C 6C", "4H 5C 6C") is not None


def test_pair_lead_must_be_answered_with_a_pair_when_held() -> None:
    """Holding a pair of the led suit, a pair lead is answered with a pair."""
    assert error("3H 3H", "9H 9H", "9H 9H 5H") is None
    assert "pairs" in (error("3H 3H", "9H 5H", "9H 9H 5H") or "")


def test_tractor_lead_takes_as_many_pairs_as_held_even_not_consecutive() -> None:
    """tractor.md §Following: a tractor is followed with every pair of the suit, consecutive or not."""
    assert error("3H 3H 4H 4H", "6H 6H 9H 9H", "6H 6H 9H 9H 5H") is None
    assert error("3H 3H 4H 4H", "6H 6H 9H 5H", "6H 6H 9H 9H 5H") is not None


def test_tractor_lead_with_one_pair_held_plays_it_and_other_cards() -> None:
    """One pair held: play it plus singles of the suit."""
    assert error("3H 3H 4H 4H", "6H 6H 9H 5H", "6H 6H 9H 5H 8H") is None


def test_throw_components_are_matched_largest_first() -> None:
    """A throw of a pair and a single: a held pair must be played."""
    assert error("AH AH KH", "9H 9H 5H", "9H 9H 5H 6H") is None
    assert error("AH AH KH", "9H 5H 6H", "9H 9H 5H 6H") is not None


@pytest.mark.parametrize(
    ("lead", "hand"),
    [("3H", "4H 5H 6C"), ("3H 3H", "9H 9H 5H 5C"), ("3H 3H 4H 4H", "6H 6H 9H 5H 8H 2C"), ("AH", "2C 3D")],
)
def test_enumerated_follows_are_exactly_the_legal_ones(lead: str, hand: str) -> None:
    """legal_follows yields every legal follow once and nothing else."""
    from engine.family.plays import sub_multisets

    led = read_lead(Counter(lead.split()), SPADES_2)
    assert led is not None
    held = Counter(hand.split())
    follows = set(legal_follows(held, led, SPADES_2))
    every = set(sub_multisets(held, led.size))
    assert follows == {p for p in every if follow_error(Counter(p), held, led, SPADES_2) is None}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    counts=st.dictionaries(
        st.sampled_from(["3C", "4C", "5C", "KC", "AC", "2S", "LJ", "BJ"]), st.integers(0, 3)
    ),
    size=st.integers(0, 6),
)
def test_sub_multisets_come_once_each_in_card_order(counts: dict[str, int], size: int) -> None:
    """Every sub-multiset of the size, once, in the order of its sorted cards: the bots pick by
    position in this list, so a faster listing (pairs, distinct cards) must keep the order."""
    cards = sorted(card for card, n in counts.items() for _ in range(n))
    assert list(sub_multisets(counts, size)) == sorted(set(combinations(cards, size)))
