"""Si Se Pai (四色牌) pieces: four colours of the seven xiangqi pieces, and their codes.

A piece code is a colour letter followed by a piece letter, e.g. ``RK`` (red general) or ``WP``
(white soldier). The colour letters R Y G W are never a playing-card rank (2-9 T J Q K A) nor the
first letter of a joker code (LJ, BJ), so a piece code can never be read as a playing card.

| colour | letter |   | piece | Chinese | letter |
| --- | --- | --- | --- | --- | --- |
| red | R |   | general | 帥/將 | K |
| yellow | Y |   | advisor | 仕/士 | A |
| green | G |   | elephant | 相/象 | E |
| white | W |   | chariot | 車 | R |
|  |  |   | horse | 馬 | H |
|  |  |   | cannon | 炮 | C |
|  |  |   | soldier | 兵/卒 | P |
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import NotationError

COLOURS = "RYGW"
"""Red, yellow, green, white: the order used for sorting and for the dealer draw (red best)."""

PIECES = "KAERHCP"
"""General, advisor, elephant, chariot, horse, cannon, soldier: best first for the dealer draw."""

COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "W": "white"}
PIECE_NAMES = {
    "K": "general",
    "A": "advisor",
    "E": "elephant",
    "R": "chariot",
    "H": "horse",
    "C": "cannon",
    "P": "soldier",
}

GENERAL = "K"
SOLDIER = "P"

ALL_CODES: tuple[str, ...] = tuple(c + p for c in COLOURS for p in PIECES)
"""The 28 different pieces, in kind order (colour-major)."""

KIND_INDEX: dict[str, int] = {code: i for i, code in enumerate(ALL_CODES)}

COPIES = 4
"""Copies of each piece in one pack (4 × 28 = 112)."""


def is_piece(code: str) -> bool:
    """True if ``code`` is one of the 28 piece codes."""
    return code in KIND_INDEX


def parse_piece(text: str) -> str:
    """The piece code ``text`` (case-insensitive), or ``NotationError``."""
    code = text.strip().upper()
    if code not in KIND_INDEX:
        raise NotationError(f"{text!r} is not a Si Se Pai piece (colour R Y G W + piece K A E R H C P)")
    return code


def colour(code: str) -> str:
    """The colour letter of a piece code."""
    return code[0]


def piece(code: str) -> str:
    """The piece letter of a piece code."""
    return code[1]


def is_general(code: str) -> bool:
    """True for a general (帥/將) of any colour."""
    return code[1] == GENERAL


def is_soldier(code: str) -> bool:
    """True for a soldier (兵/卒) of any colour."""
    return code[1] == SOLDIER


def sort_key(code: str) -> int:
    """Display order: by colour, then general … soldier."""
    return KIND_INDEX[code]


def sorted_pieces(codes: Iterable[str]) -> list[str]:
    """``codes`` in display order."""
    return sorted(codes, key=sort_key)


def draw_strength(code: str) -> tuple[int, int]:
    """Strength in the dealer draw: the piece first (general best), then the colour (red best)."""
    return (len(PIECES) - PIECES.index(code[1]), len(COLOURS) - COLOURS.index(code[0]))


def pack(seats: int) -> tuple[str, ...]:
    """The unshuffled pack: 112 pieces for 2–3 players, one more copy of each (140) for 4 (sisepai.md §1)."""
    copies = COPIES + (1 if seats >= 4 else 0)
    return tuple(code for code in ALL_CODES for _ in range(copies))


def describe(code: str) -> str:
    """A piece's English name, e.g. ``red general``."""
    return f"{COLOUR_NAMES[code[0]]} {PIECE_NAMES[code[1]]}"
