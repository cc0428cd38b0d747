"""Who wins a trick (docs/rules/shengji.md §Play, tractor.md §Winning a trick)."""

from __future__ import annotations

from collections import Counter

from engine.family.tricks import trick_winner
from engine.family.trump import TrumpContext

SPADES_2 = TrumpContext("2", "S")
ONE_DECK = TrumpContext("2", "S", sequences=False)


def winner(*plays: str, ctx: TrumpContext = SPADES_2, quads: bool = False) -> int:
    return trick_winner([Counter(p.split()) for p in plays], ctx, quads)


def test_highest_card_of_the_led_suit_wins() -> None:
    """Highest card of the led suit wins."""
    assert winner("9H", "KH", "3H", "AH") == 3


def test_a_trump_beats_the_led_suit() -> None:
    """A trump beats any card of a side suit."""
    assert winner("AH", "3S", "KH", "QH") == 1


def test_another_side_suit_never_wins() -> None:
    """A card of another side suit never wins."""
    assert winner("3H", "AC", "AD", "4H") == 3


def test_equal_off_suit_rank_cards_first_played_wins() -> None:
    """Two off-suit rank cards: the first played wins (shengji.md §Play)."""
    assert winner("3S", "2H", "2D", "4S") == 1


def test_identical_cards_first_played_wins() -> None:
    """Two decks: of two identical highest cards the first wins."""
    assert winner("AH", "AH", "3H", "4H") == 0


def test_singles_never_beat_a_pair() -> None:
    """Two higher singles do not beat a pair; nor do two trumps that are not a pair."""
    assert winner("3H 3H", "AH KH", "3S 4S", "5H 6H") == 0


def test_a_trump_pair_beats_a_side_pair() -> None:
    """A void follower's trump pair beats a pair of the led suit."""
    assert winner("AH AH", "3S 3S", "4H 5H", "6H 7H") == 1


def test_tractor_beaten_only_by_a_higher_tractor_of_the_same_shape() -> None:
    """A tractor is beaten by a higher tractor in suit or a trump tractor, not by two pairs."""
    assert winner("3H 3H 4H 4H", "9H 9H JH JH", "5H 5H 6H 6H", "7H 8H 9H TH") == 2
    assert winner("3H 3H 4H 4H", "3S 3S 4S 4S", "5S 5S 7S 7S", "7H 8H 9H TH") == 1


def test_throw_trumped_by_matching_shape_only() -> None:
    """A throw (AH AH KH) is beaten by trumps of the same shape, compared by their largest unit."""
    assert winner("AH AH KH", "3S 3S 4S", "5S 5S 3D", "6S 6S 4S") == 3


def test_one_deck_multi_card_lead_beaten_only_by_all_trumps() -> None:
    """One deck: a void follower wins a multi-card lead only with all trumps (shengji.md §Play)."""
    assert winner("AH KH", "3S 4S", "5D 6S", "QH JH", ctx=ONE_DECK) == 1


def test_four_of_a_kind_beaten_only_by_higher_four() -> None:
    """Variant: a four-of-a-kind lead is beaten only by a higher one, trump rank highest."""
    assert winner("9S 9H 9D 9C", "KS KH KD KC", "3S 4S 5S 6S", "QH JH TD 8C", ctx=ONE_DECK, quads=True) == 1
    assert winner("AS AH AD AC", "2S 2H 2D 2C", "3S 4S 5S 6S", "QH JH TD 9C", ctx=ONE_DECK, quads=True) == 1
