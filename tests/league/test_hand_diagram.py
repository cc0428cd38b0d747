"""A board's hand diagram: who draws each card of the stack, each hand sorted by suit with the
trumps known before any declaration (jokers and the dealer's side's level rank) grouped."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.family.cards import make_deck
from league.boards import stack_rows
from league.diagram import hand_diagram

DECK = list(make_deck(2))


def cards_of(hand) -> list[str]:  # type: ignore[no-untyped-def]
    """A diagram hand's cards back as codes (ranks 10 → T), trumps included."""
    plain = [("T" if r == "10" else r) + row.suit for row in hand.suits for r in row.ranks]
    return plain + list(hand.trumps)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_hands_and_kitty_are_who_draws_each_card(dealer: int) -> None:
    diagram = hand_diagram(DECK, dealer, ["5", "9"])
    drawn = {
        seat: Counter(c for _, c, s in stack_rows(DECK, dealer) if s == seat) for seat in (-1, 0, 1, 2, 3)
    }
    for hand in diagram.hands:
        assert Counter(cards_of(hand)) == drawn[hand.seat]
    assert Counter(diagram.kitty) == drawn[-1] and len(diagram.kitty) == 8


@pytest.mark.parametrize(("dealer", "rank"), [(0, "5"), (1, "9"), (2, "5"), (3, "9")])
def test_the_trumps_are_the_jokers_and_the_dealer_s_side_s_level(dealer: int, rank: str) -> None:
    diagram = hand_diagram(DECK, dealer, ["5", "9"])
    assert diagram.trump_rank == rank
    for hand in diagram.hands:
        assert all(c in ("BJ", "LJ") or c[0] == rank for c in hand.trumps)
        assert all(r != rank for row in hand.suits for r in row.ranks)


def test_a_suit_is_laid_out_strongest_first() -> None:
    diagram = hand_diagram(DECK, 0, ["2", "2"])
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    for hand in diagram.hands:
        for row in hand.suits:
            assert [order.index(r) for r in row.ranks] == sorted(order.index(r) for r in row.ranks)


def test_seats_are_named_by_compass() -> None:
    assert [h.compass for h in hand_diagram(DECK, 0, ["2", "2"]).hands] == ["S", "E", "N", "W"]
