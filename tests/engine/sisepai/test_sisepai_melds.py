"""docs/rules/sisepai.md §3: each meld and its points, concealed and exposed."""

from __future__ import annotations

import pytest

from engine.games.sisepai.melds import Meld, MeldKind

CASES = [
    # cards, kind, concealed points, exposed points
    ("RK", MeldKind.SINGLE, 1, 1),
    ("YH YH", MeldKind.PAIR, 0, 0),
    ("RK RA RE", MeldKind.GENERALS, 1, 1),
    ("GR GH GC", MeldKind.CHARIOTS, 1, 1),
    ("WC WC WC", MeldKind.TRIPLE, 3, 1),
    ("RK RK RK", MeldKind.TRIPLE, 3, 3),
    ("RP YP GP", MeldKind.SOLDIERS3, 1, 1),
    ("YA YA YA YA", MeldKind.FOUR, 8, 6),
    ("GK GK GK GK", MeldKind.FOUR, 8, 6),
    ("RP YP GP WP", MeldKind.SOLDIERS4, 4, 4),
]


@pytest.mark.parametrize(("cards", "kind", "concealed", "exposed"), CASES)
def test_each_meld_scores_its_points_concealed_and_exposed(
    cards: str, kind: MeldKind, concealed: int, exposed: int
) -> None:
    assert Meld.of(cards.split()).kind is kind
    assert Meld.of(cards.split()).points == concealed
    assert Meld.of(cards.split(), exposed=True).points == exposed


def test_three_generals_score_as_three_singles_even_exposed() -> None:
    assert Meld.of(["YK"] * 3, exposed=True).points == 3 == 3 * Meld.of(["YK"]).points


@pytest.mark.parametrize(
    "cards",
    [
        "RA",  # only a general stands alone
        "RK YK",  # a pair must be identical: same colour and piece
        "RK RA YE",  # runs are of one colour
        "RK RA RR",  # general-advisor-chariot is no run
        "RR RH RH",
        "RP RP YP",  # soldiers of a set are of different colours
        "RA YA GA",  # only soldiers make colour sets
        "RP YP GP WP RP",
        "RK RK RK RK RK",
    ],
)
def test_other_groups_are_no_meld(cards: str) -> None:
    with pytest.raises(ValueError, match="not a meld"):
        Meld.of(cards.split())


def test_melds_list_their_cards_in_display_order() -> None:
    assert Meld.of(["RE", "RK", "RA"]).cards == ("RK", "RA", "RE")
