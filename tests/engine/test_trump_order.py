"""Trump order and suit-in-effect (shengji.md §Trumps, ``two_always_trump``; sandaha.md §Permanent trumps)."""

from __future__ import annotations

import pytest

from engine.family.cards import ALL_CARDS, parse_cards
from engine.family.trump import TRUMP, TrumpContext, display_order, display_sorted

HEARTS_2 = TrumpContext("2", "H")


def cards(text: str) -> list[str]:
    return list(parse_cards(text))


def strongest_first(ctx: TrumpContext, cards: str) -> list[str]:
    return sorted(cards.split(), key=lambda c: -ctx.order[c])


def test_trumps_rank_big_joker_little_joker_trump_rank_card_other_rank_cards_then_suit() -> None:
    """BJ > LJ > 2H > the other 2s > AH > ... > 3H with 2 of hearts trump."""
    ctx = HEARTS_2
    assert strongest_first(ctx, "3H AH 2S BJ 2H LJ") == ["BJ", "LJ", "2H", "2S", "AH", "3H"]


def test_off_suit_rank_cards_are_equal() -> None:
    """The other suits' rank cards are equal to each other."""
    assert HEARTS_2.order["2S"] == HEARTS_2.order["2D"] == HEARTS_2.order["2C"]


@pytest.mark.parametrize("card", ["BJ", "LJ", "2H", "2S", "2C", "AH", "3H"])
def test_all_trumps_form_one_suit(card: str) -> None:
    """Jokers, every rank card and the trump suit are one suit-in-effect."""
    assert HEARTS_2.eff[card] == TRUMP


@pytest.mark.parametrize(("card", "suit"), [("AS", "S"), ("3D", "D"), ("KC", "C")])
def test_other_cards_keep_their_suit(card: str, suit: str) -> None:
    """Plain cards of the other suits stay in their suit."""
    assert HEARTS_2.eff[card] == suit


def test_eighteen_trumps_in_one_deck() -> None:
    """One deck: 2 jokers + 4 rank cards + 12 other trump-suit cards = 18 trumps (shengji.md §Trumps)."""
    from engine.family.cards import make_deck

    assert sum(HEARTS_2.is_trump(c) for c in make_deck(1)) == 18


def test_no_trump_makes_jokers_and_rank_cards_trump() -> None:
    """無主: jokers and all rank cards are trump, all rank cards equal (tractor.md §Trumps)."""
    ctx = TrumpContext("5", None)
    assert [ctx.eff[c] for c in ("BJ", "5S", "5H", "AH")] == [TRUMP, TRUMP, TRUMP, "H"]
    assert ctx.order["5S"] == ctx.order["5H"]


def test_no_trump_literal_reading_makes_only_jokers_trump() -> None:
    """Option notrump_ranks=False: the literal reading, "only jokers become trump" (tractor.md §Trumps)."""
    ctx = TrumpContext("5", None, notrump_ranks=False)
    assert (ctx.eff["5S"], ctx.eff["BJ"]) == ("S", TRUMP)


def test_two_always_trump_variant_order() -> None:
    """Variant 1 at rank 3: BJ > LJ > 3 of trumps > other 3s > 2 of trumps > other 2s > A of trumps."""
    ctx = TrumpContext("3", "S", ("2",), sequences=False)
    assert strongest_first(ctx, "AS 2H 3H 2S 3S LJ") == ["LJ", "3S", "3H", "2S", "2H", "AS"]
    assert ctx.eff["2D"] == TRUMP and ctx.eff["4D"] == "D"


def test_san_da_ha_permanent_trumps() -> None:
    """sandaha.md §Permanent trumps: BJ > LJ > trump 7 > other 7s > trump 2 > other 2s > trump A."""
    ctx = TrumpContext(None, "D", ("7", "2"))
    assert strongest_first(ctx, "AD 2S 2D 7C 7D LJ BJ") == ["BJ", "LJ", "7D", "7C", "2D", "2S", "AD"]


def test_beats_compares_within_suit_and_trump_beats_side_suit() -> None:
    """A higher card of the led suit wins; any trump beats a side suit; another side suit never does."""
    assert HEARTS_2.beats("AS", "KS")
    assert HEARTS_2.beats("3H", "AS")
    assert not HEARTS_2.beats("AD", "3S")
    assert not HEARTS_2.beats("2S", "2D")


def test_a_hand_is_laid_out_plain_suits_first_then_every_trump_strongest_first() -> None:
    """Spades, clubs, diamonds high to low, then BJ LJ 2H 2S 2C AH 5H with 2 of hearts trump."""
    hand = cards("5H 3D AS 2C LJ 2S KC BJ AH 2H 9S")
    assert display_sorted(hand, HEARTS_2) == (cards("AS 9S KC 3D BJ LJ 2H 2S 2C AH 5H"), 7)


def test_with_no_trump_suit_only_jokers_and_rank_cards_are_laid_out_as_trumps() -> None:
    """No trump suit (無主): the hearts stay a plain suit; the 2s of every suit are trumps, equal."""
    hand = cards("2D AH 2S BJ 3H")
    assert display_sorted(hand, TrumpContext("2", None)) == (cards("AH 3H BJ 2S 2D"), 3)


@pytest.mark.parametrize("suit", ["S", "H", "D", "C", None])
def test_the_display_order_holds_every_card_once_with_the_trumps_last(suit: str | None) -> None:
    """54 cards; its last ``trumps`` are exactly the trumps, strongest first."""
    ctx = TrumpContext("7", suit, ("2",))
    order, trumps = display_order(ctx)
    assert sorted(order) == sorted(ALL_CARDS)
    assert all(ctx.is_trump(c) == (i >= len(order) - trumps) for i, c in enumerate(order))
    tail = order[len(order) - trumps :]
    assert [ctx.order[c] for c in tail] == sorted((ctx.order[c] for c in tail), reverse=True)
