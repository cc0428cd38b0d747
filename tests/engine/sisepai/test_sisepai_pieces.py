"""docs/rules/sisepai.md §1: the pack, and the piece codes."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import NotationError
from engine.games.sisepai.pieces import ALL_CODES, describe, draw_strength, pack, parse_piece

PLAYING_CARD_CODES = {r + s for r in "23456789TJQKA" for s in "SHDC"} | {"LJ", "BJ"}


def test_it_has_four_colours_of_seven_pieces() -> None:
    assert len(ALL_CODES) == 28
    assert {c[0] for c in ALL_CODES} == set("RYGW")
    assert {c[1] for c in ALL_CODES} == set("KAERHCP")


@pytest.mark.parametrize("seats", [2, 3])
def test_two_or_three_players_use_112_cards_four_of_each(seats: int) -> None:
    deck = pack(seats)
    assert len(deck) == 112
    assert set(Counter(deck).values()) == {4}


def test_four_players_add_one_more_copy_of_each_piece() -> None:
    deck = pack(4)
    assert len(deck) == 112 + 28
    assert set(Counter(deck).values()) == {5}


def test_piece_codes_never_collide_with_playing_card_codes() -> None:
    assert not set(ALL_CODES) & PLAYING_CARD_CODES


def test_codes_read_case_insensitively_and_name_the_piece() -> None:
    assert parse_piece("rk") == "RK"
    assert describe("RK") == "red general"
    assert describe("WP") == "white soldier"


@pytest.mark.parametrize("text", ["AS", "LJ", "RX", "R", "RKK", ""])
def test_other_text_is_not_a_piece(text: str) -> None:
    with pytest.raises(NotationError):
        parse_piece(text)


def test_dealer_draw_ranks_general_highest_then_red() -> None:
    assert draw_strength("WK") > draw_strength("RA")
    assert draw_strength("RK") > draw_strength("YK")
    assert draw_strength("WA") > draw_strength("RP")
