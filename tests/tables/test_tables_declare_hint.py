"""The declare hint: a player holding a card of the declared rank who cannot declare is told why."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.utils import translation

from tables.services import declaring


class Deal:
    """The part of a trick game's deal the hint reads: a standing declaration and the hands."""

    def __init__(self, declaration: Any, hands: list[Counter[str]], accepts: set[tuple[str, ...]]) -> None:
        self.phase, self.declaration, self.hands, self.accepts = "draw", declaration, hands, accepts

    def may_declare(self, seat: int) -> bool:
        return any(self.declare_error(seat, cards) is None for cards in self.accepts)

    def declare_error(self, seat: int, cards: tuple[str, ...]) -> str | None:
        held = all(self.hands[seat][c] >= cards.count(c) for c in cards)
        return None if held and cards in self.accepts else "no"

    def copy(self) -> Deal:
        return Deal(self.declaration, list(self.hands), self.accepts)


# Tractor: a pair of the rank overrides a single (docs/rules/tractor.md §Declaring).
PAIRS_OVERRIDE = {("2D", "2D"), ("LJ", "LJ"), ("BJ", "BJ")}


def test_a_single_cannot_override_a_single_a_pair_is_needed() -> None:
    deal = Deal((1, ("2C",)), [Counter({"2D": 1, "5S": 1}), Counter()], PAIRS_OVERRIDE)
    with translation.override("en"):
        assert declaring.hint(deal, 0) == (
            "A single 2 of diamonds cannot override a single 2 of clubs: a pair is needed."
        )


def test_the_hint_is_translated() -> None:
    deal = Deal((1, ("2C",)), [Counter({"2D": 1}), Counter()], PAIRS_OVERRIDE)
    with translation.override("zh-hans"):
        assert declaring.hint(deal, 0) == "单张方块2压不过单张梅花2：需要一对。"


def test_a_pair_against_a_pair_needs_jokers() -> None:
    deal = Deal((1, ("2C", "2C")), [Counter({"2D": 2}), Counter()], {("LJ", "LJ"), ("BJ", "BJ")})
    with translation.override("en"):
        assert declaring.hint(deal, 0) == (
            "A pair of 2 of diamonds cannot override a pair of 2 of clubs: only a pair of jokers can."
        )


def test_where_the_first_declaration_stands_it_says_so() -> None:
    deal = Deal((1, ("2C",)), [Counter({"2D": 1}), Counter()], set())
    with translation.override("en"):
        assert declaring.hint(deal, 0) == (
            "A single 2 of diamonds cannot override a single 2 of clubs: the first declaration stands."
        )


@pytest.mark.parametrize(
    ("hand", "declaration"),
    [
        (Counter({"5S": 1}), (1, ("2C",))),  # no card of the rank
        (Counter({"2D": 2}), (1, ("2C",))),  # may declare: no hint needed
        (Counter({"2D": 1}), None),  # nobody declared yet
        (Counter({"2D": 1}), (0, ("2C",))),  # its own declaration
    ],
)
def test_no_hint(hand: Counter[str], declaration: Any) -> None:
    deal = Deal(declaration, [hand, Counter()], PAIRS_OVERRIDE)
    assert declaring.hint(deal, 0) is None
