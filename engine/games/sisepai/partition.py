"""The win check: split a hand into melds with the most points (胡, docs/rules/sisepai.md §6).

Melds never mix groups: a general-advisor-elephant or chariot-horse-cannon run stays within one
colour, and only soldiers combine across colours. So a hand splits into nine independent groups
(the K-A-E and R-H-C pieces of each colour, and the four soldiers), and the best partition of the
hand is the best partition of each group. Each group's best is a memoised search over at most
6^4 count vectors, so after warm-up the win check is a handful of dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from engine.games.sisepai.melds import Meld, MeldKind, meld_points
from engine.games.sisepai.pieces import COLOURS

Template = tuple[MeldKind, tuple[int, ...]]
"""A meld inside a group: its kind and the group positions of its cards."""

GROUPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(c + p for p in pieces) for c in COLOURS for pieces in ("KAE", "RHC")
) + (tuple(c + "P" for c in COLOURS),)
"""The nine groups of piece codes that melds never cross."""


def _identical(size: int) -> list[Template]:
    kinds = {2: MeldKind.PAIR, 3: MeldKind.TRIPLE, 4: MeldKind.FOUR}
    return [(kinds[n], (i,) * n) for i in range(size) for n in (2, 3, 4)]


_RUN_GENERALS: list[Template] = [(MeldKind.SINGLE, (0,)), (MeldKind.GENERALS, (0, 1, 2))]
_RUN_CHARIOTS: list[Template] = [(MeldKind.CHARIOTS, (0, 1, 2))]
_SOLDIER_SETS: list[Template] = [
    (MeldKind.SOLDIERS3, (0, 1, 2)),
    (MeldKind.SOLDIERS3, (0, 1, 3)),
    (MeldKind.SOLDIERS3, (0, 2, 3)),
    (MeldKind.SOLDIERS3, (1, 2, 3)),
    (MeldKind.SOLDIERS4, (0, 1, 2, 3)),
]
TEMPLATES: dict[str, tuple[Template, ...]] = {
    "KAE": tuple(_RUN_GENERALS + _identical(3)),
    "RHC": tuple(_RUN_CHARIOTS + _identical(3)),
    "P": tuple(_SOLDIER_SETS + _identical(4)),
}

Best = tuple[int, tuple[Template, ...]] | None


def template_points(shape: str, template: Template) -> int:
    kind, positions = template
    return meld_points(kind, shape == "KAE" and positions[0] == 0, False)


@cache
def best_group(shape: str, counts: tuple[int, ...]) -> Best:
    """Most points (and the melds) for a group's counts split wholly into concealed melds, or None."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return (0, ())
    best: Best = None
    for template in TEMPLATES[shape]:
        _, positions = template
        if first not in positions:
            continue
        rest = list(counts)
        for p in positions:
            rest[p] -= 1
        if min(rest) < 0:
            continue
        sub = best_group(shape, tuple(rest))
        if sub is None:
            continue
        score = sub[0] + template_points(shape, template)
        if best is None or score > best[0]:
            best = (score, (template, *sub[1]))
    return best


def _shape(group: tuple[str, ...]) -> str:
    return "P" if group[0][1] == "P" else "KAE" if group[0][1] == "K" else "RHC"


def concealed_score(counts: Mapping[str, int]) -> int | None:
    """Most points for ``counts`` split wholly into concealed melds, or ``None`` if they cannot be."""
    total = 0
    for group in GROUPS:
        best = best_group(_shape(group), tuple(counts.get(code, 0) for code in group))
        if best is None:
            return None
        total += best[0]
    return total


def concealed_melds(counts: Mapping[str, int]) -> list[Meld] | None:
    """The best-scoring split of ``counts`` into concealed melds, or ``None`` if there is none."""
    melds: list[Meld] = []
    for group in GROUPS:
        best = best_group(_shape(group), tuple(counts.get(code, 0) for code in group))
        if best is None:
            return None
        melds.extend(Meld.of(group[p] for p in positions) for _, positions in best[1])
    return melds


def winning_score(hand: Mapping[str, int], card: str, exposed: Iterable[Meld], minimum: int) -> int | None:
    """Points of a win with ``card`` (hand + card all in melds, plus exposed melds), if ``minimum``+."""
    counts = dict(hand)
    counts[card] = counts.get(card, 0) + 1
    score = concealed_score(counts)
    if score is None:
        return None
    score += sum(m.points for m in exposed)
    return score if score >= minimum else None
