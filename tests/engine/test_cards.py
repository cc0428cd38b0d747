"""Cards: codes, decks and points (docs/rules/shengji.md §Cards)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import NotationError
from engine.family.cards import make_deck, parse_card, points


@pytest.mark.parametrize("code", ["AS", "TH", "2D", "KC", "LJ", "BJ"])
def test_card_codes_parse_to_themselves(code: str) -> None:
    """Every card has one code: rank + suit, or LJ / BJ."""
    assert parse_card(code) == code


@pytest.mark.parametrize("bad", ["1S", "AX", "10H", "JJ", "", "A"])
def test_bad_codes_are_notation_errors(bad: str) -> None:
    """Anything else is a NotationError with the bad_notation code."""
    with pytest.raises(NotationError) as err:
        parse_card(bad)
    assert err.value.code == "bad_notation"


@pytest.mark.parametrize(("decks", "without", "size"), [(1, "", 54), (2, "", 108), (2, "34", 92)])
def test_deck_sizes(decks: int, without: str, size: int) -> None:
    """One deck 54, Tractor 108, San Da Ha (no 3s, 4s) 92 (sandaha.md §Cards and deal)."""
    assert len(make_deck(decks, without_ranks=without)) == size


def test_two_decks_hold_identical_cards() -> None:
    """Several decks hold identical cards: two of each."""
    assert set(Counter(make_deck(2)).values()) == {2}


@pytest.mark.parametrize(
    ("card", "value"), [("5S", 5), ("TH", 10), ("KD", 10), ("AS", 0), ("QC", 0), ("BJ", 0)]
)
def test_card_points(card: str, value: int) -> None:
    """5 is worth 5, 10 and K 10, nothing else scores (shengji.md §Cards)."""
    assert points([card]) == value


@pytest.mark.parametrize(("decks", "total"), [(1, 100), (2, 200)])
def test_deck_points(decks: int, total: int) -> None:
    """One deck holds 100 points (打百分), two decks 200."""
    assert points(make_deck(decks)) == total
