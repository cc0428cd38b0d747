"""Melds (組み合わせ) and their points, concealed and exposed (docs/rules/sisepai.md §3).

| meld | cards | concealed | exposed |
| --- | --- | --- | --- |
| single general (帥/將) | 1 | 1 | 1 |
| pair (identical) | 2 | 0 | never exposed |
| general-advisor-elephant, one colour | 3 | 1 | 1 |
| chariot-horse-cannon, one colour | 3 | 1 | 1 |
| three identical (碰) | 3 | 3 | 1 (three generals: 3, as three singles) |
| three soldiers of different colours | 3 | 1 | 1 |
| four identical (槓) | 4 | 8 | 6 |
| four soldiers of different colours | 4 | 4 | 4 |

Every meld's points have the parity of its card count, so a 21-card hand always scores odd.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.games.sisepai.pieces import SOLDIER, colour, describe, is_general, piece, sorted_pieces


class MeldKind(Enum):
    """The kinds of meld; the value is the name used in views and results."""

    SINGLE = "single"
    PAIR = "pair"
    GENERALS = "general-advisor-elephant"
    CHARIOTS = "chariot-horse-cannon"
    TRIPLE = "three"
    SOLDIERS3 = "three-soldiers"
    FOUR = "four"
    SOLDIERS4 = "four-soldiers"


RUN_PIECES = {MeldKind.GENERALS: "KAE", MeldKind.CHARIOTS: "RHC"}

_CONCEALED = {
    MeldKind.SINGLE: 1,
    MeldKind.PAIR: 0,
    MeldKind.GENERALS: 1,
    MeldKind.CHARIOTS: 1,
    MeldKind.TRIPLE: 3,
    MeldKind.SOLDIERS3: 1,
    MeldKind.FOUR: 8,
    MeldKind.SOLDIERS4: 4,
}
_EXPOSED = {**_CONCEALED, MeldKind.TRIPLE: 1, MeldKind.FOUR: 6}


def meld_points(kind: MeldKind, generals: bool, exposed: bool) -> int:
    """Points of a meld (``generals``: made of generals only); three generals count as three singles."""
    if kind is MeldKind.TRIPLE and generals:
        return 3
    return (_EXPOSED if exposed else _CONCEALED)[kind]


def meld_kind(cards: Sequence[str]) -> MeldKind | None:
    """The kind of meld ``cards`` form, or ``None`` if they form none."""
    n = len(cards)
    same = len(set(cards)) == 1
    if n == 1:
        return MeldKind.SINGLE if is_general(cards[0]) else None
    if n == 2:
        return MeldKind.PAIR if same else None
    if same:
        return MeldKind.TRIPLE if n == 3 else MeldKind.FOUR if n == 4 else None
    if all(piece(c) == SOLDIER for c in cards) and len({colour(c) for c in cards}) == n:
        return MeldKind.SOLDIERS3 if n == 3 else MeldKind.SOLDIERS4 if n == 4 else None
    if n == 3 and len({colour(c) for c in cards}) == 1:
        pieces = "".join(sorted(piece(c) for c in cards))
        for kind, run in RUN_PIECES.items():
            if pieces == "".join(sorted(run)):
                return kind
    return None


@dataclass(frozen=True)
class Meld:
    """A meld: its kind, its cards (display order) and whether it lies exposed on the table."""

    kind: MeldKind
    cards: tuple[str, ...]
    exposed: bool = False

    @staticmethod
    def of(cards: Iterable[str], exposed: bool = False) -> Meld:
        """The meld ``cards`` form; ``ValueError`` if they form none."""
        ordered = tuple(sorted_pieces(cards))
        kind = meld_kind(ordered)
        if kind is None:
            raise ValueError(f"{' '.join(ordered)} is not a meld")
        return Meld(kind, ordered, exposed)

    @property
    def points(self) -> int:
        return meld_points(self.kind, is_general(self.cards[0]), self.exposed)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "cards": list(self.cards),
            "exposed": self.exposed,
            "points": self.points,
        }

    def __str__(self) -> str:
        return " ".join(self.cards)

    def describe(self) -> str:
        return f"{self.kind.value} ({', '.join(describe(c) for c in self.cards)})"
