"""Leads and throws (甩牌), judged from what the leader can know (shengji.md §Play, tractor.md §Leading)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.family.cards import make_deck
from engine.family.plays import legal_leads
from engine.family.tricks import lead_error, unknown_cards
from engine.family.trump import TrumpContext

TWO_DECKS = Counter(make_deck(2))
ONE_DECK = Counter(make_deck(1))
SPADES_2 = TrumpContext("2", "S")
ONE_DECK_SPADES_2 = TrumpContext("2", "S", sequences=False)


def error(
    lead: str, hand: str, played: str = "", ctx: TrumpContext = SPADES_2, deck: Counter[str] = TWO_DECKS
) -> str | None:
    held = Counter(hand.split())
    return lead_error(Counter(lead.split()), held, unknown_cards(deck, Counter(played.split()), held), ctx)


@pytest.mark.parametrize("lead", ["3H", "3H 3H", "3H 3H 4H 4H", "BJ", "AC"])
def test_any_single_pair_or_tractor_may_be_led(lead: str) -> None:
    """A single, a pair or a tractor is always a legal lead."""
    assert error(lead, "3H 3H 4H 4H BJ AC") is None


def test_seed_example_a_k_k_is_legal_on_the_first_trick() -> None:
    """Two decks, first trick: A-K-K with one A is legal (nothing beats A, no A-A above K-K)."""
    assert error("AH KH KH", "AH KH KH 3C") is None


def test_seed_example_a_k_is_not() -> None:
    """A-K is not: the other A beats the K."""
    assert "throw" in (error("AH KH", "AH KH KH 3C") or "")


def test_seed_example_a_a_k_is_legal() -> None:
    """A-A-K is legal: both As are in the leader's hand."""
    assert error("AH AH KH", "AH AH KH 3C") is None


def test_played_cards_count_as_known() -> None:
    """shengji.md §Play: hearts A, Q, J already played, K-10 may be thrown together in one deck."""
    played = "AH QH JH"
    assert error("KH TH", "KH TH 3C", played, ONE_DECK_SPADES_2, ONE_DECK) is None


def test_the_kitty_counts_as_unknown() -> None:
    """A missing card that might be in the kitty still makes a throw unsafe."""
    assert error("KH TH", "KH TH 3C", "AH QH", ONE_DECK_SPADES_2, ONE_DECK) is not None


def test_joker_pair_of_one_deck_is_a_legal_throw() -> None:
    """Trumps count as one suit: BJ + LJ is a legal one-deck lead."""
    assert error("BJ LJ", "BJ LJ 3C", "", ONE_DECK_SPADES_2, ONE_DECK) is None


def test_a_lead_must_be_of_one_suit() -> None:
    """Cards of two suits cannot be led together."""
    assert "one suit" in (error("AH AC", "AH AC") or "")


def test_a_pair_in_a_throw_needs_no_higher_unknown_pair() -> None:
    """K-K in a throw is unsafe while an A-A may be out."""
    assert error("KH KH QH QH AH", "KH KH QH QH AH") is None  # K-Q tractor: only A-A would beat; one A held
    assert error("KH KH 5H", "KH KH 5H AH", played="") is not None


def test_cannot_lead_cards_not_held() -> None:
    """Leading a card you do not hold is refused."""
    assert "do not hold" in (error("AH", "KH") or "")


def test_enumerated_leads_are_all_legal_and_include_safe_throws() -> None:
    """legal_leads yields singles, pairs, tractors and every safe throw, each legal."""
    hand = Counter(["AH", "AH", "KH", "3C", "3C"])
    unknown = unknown_cards(TWO_DECKS, Counter(), hand)
    leads = list(legal_leads(hand, unknown, SPADES_2))
    assert ("AH", "AH", "KH") in leads and ("3C", "3C") in leads
    assert all(lead_error(Counter(p), hand, unknown, SPADES_2) is None for p in leads)
