"""Pairing of entries for two-sided matches: round robin (Berger tables) and Swiss.

Pure Python, no Django: the caller passes entry ids in pairing-number or standing order and gets
tuples of ids back. Colours do not exist in these card games, so the first/second order inside a
pair only follows the published Berger tables (handy for checking them); seat order is decided
later at the table.

Why the Swiss pairing is written here rather than taken from a library (checked 2026-11):
``caissify-pairings`` 0.5 has a FIDE Dutch engine, but it is driven by colour preferences and
float histories that card games do not have, and it took about 55 s per round for 200 entries
(target 0.5 s); its ``casual`` engine is fast but greedy and hands out extra byes when the last
entries of a round have all met. So this module pairs score groups top-down with backtracking,
which never rematches, is deterministic, and needs no dependency.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Pair = tuple[int, int]


class PairingError(Exception):
    """No pairing satisfies the hard rules (for Swiss: every pair would be a rematch)."""


@dataclass(frozen=True)
class RoundPairing:
    """One round: pairs in board order (best first) and the entry with the bye, if any."""

    number: int
    pairs: tuple[Pair, ...]
    bye: int | None = None


# --- Round robin ------------------------------------------------------------------------------


def berger_round(n: int, round_number: int) -> list[Pair]:
    """Pairing numbers (1-based) for one round of the FIDE Berger table for an even ``n``."""
    # FIDE Handbook C.05, Annex 1: the last number n is fixed; odd rounds give it the second
    # place, even rounds the first, and the others rotate by n/2 positions each round.
    if n < 2 or n % 2:
        raise ValueError(f"Berger tables need an even number of places, got {n}")
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"round must be in 1..{n - 1}, got {round_number}")
    if round_number % 2:
        anchor = (round_number + 1) // 2
        pairs = [(anchor, n)]
    else:
        anchor = n // 2 + round_number // 2
        pairs = [(n, anchor)]
    for i in range(1, n // 2):
        pairs.append(((anchor - 1 + i) % (n - 1) + 1, (anchor - 1 - i) % (n - 1) + 1))
    return pairs


def round_robin(entries: Sequence[int], cycles: int = 1) -> list[RoundPairing]:
    """Every round of a round robin; ``entries`` are in pairing-number order (1, 2, 3, ...)."""
    # An odd field gets a phantom last number; meeting it is the bye, so each entry rests once
    # per cycle. The second cycle repeats the first with each pair's order reversed.
    if len(set(entries)) != len(entries):
        raise ValueError("entries must be distinct")
    if len(entries) < 2:
        return []
    n = len(entries) + len(entries) % 2
    rounds: list[RoundPairing] = []
    for cycle in range(cycles):
        for r in range(1, n):
            pairs: list[Pair] = []
            bye = None
            for a, b in berger_round(n, r):
                if cycle % 2:
                    a, b = b, a
                if max(a, b) > len(entries):
                    bye = entries[min(a, b) - 1]
                else:
                    pairs.append((entries[a - 1], entries[b - 1]))
            rounds.append(RoundPairing(len(rounds) + 1, tuple(pairs), bye))
    return rounds


# --- Swiss ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwissEntry:
    """An entry as the Swiss pairing sees it: its id and match points (integers, as stored)."""

    entry: int
    points: int


@dataclass
class _Search:
    """State of one backtracking search: rematches to avoid and dead ends already proven."""

    played: set[frozenset[int]]
    points: dict[int, int]
    failed: set[frozenset[int]] = field(default_factory=set)
    steps: int = 0
    max_steps: int = 200_000


def pair_swiss(
    standings: Sequence[SwissEntry],
    played: Iterable[Pair],
    previous_byes: Iterable[int] = (),
    round_number: int = 1,
    max_steps: int = 200_000,
) -> RoundPairing:
    """Pair one Swiss round: no rematches, score groups top-down, bye to the lowest-ranked."""
    # ``standings`` is the current order, best first (by seed in round one, later by points and
    # the tournament's tie-breaks); it is re-sorted stably by points so that score groups are
    # contiguous however the caller ordered ties.
    ranked = sorted(standings, key=lambda e: -e.points)
    ids = [e.entry for e in ranked]
    if len(set(ids)) != len(ids):
        raise ValueError("entries must be distinct")
    search = _Search({frozenset(p) for p in played}, {e.entry: e.points for e in ranked}, max_steps=max_steps)
    if len(ids) % 2 == 0:
        pairs = _pair_all(ids, search)
        if pairs is None:
            raise PairingError("every remaining pairing would be a rematch")
        return RoundPairing(round_number, tuple(pairs))
    for bye in _bye_candidates(ids, Counter(previous_byes)):
        pairs = _pair_all([i for i in ids if i != bye], search)
        if pairs is not None:
            return RoundPairing(round_number, tuple(pairs), bye)
    raise PairingError("no bye leaves a pairing without rematches")


def _bye_candidates(ranked: list[int], byes: Counter[int]) -> list[int]:
    """Bye order: fewest byes so far first, then lowest-ranked first."""
    position = {e: i for i, e in enumerate(ranked)}
    return sorted(ranked, key=lambda e: (byes[e], -position[e]))


def _pair_all(remaining: list[int], search: _Search) -> list[Pair] | None:
    """Pair ``remaining`` (in rank order) or return ``None``; tries best boards first."""
    if not remaining:
        return []
    key = frozenset(remaining)
    if key in search.failed:
        return None
    search.steps += 1
    if search.steps > search.max_steps:
        raise PairingError("pairing search gave up (too many dead ends)")
    top, rest = remaining[0], remaining[1:]
    for partner in _candidates(top, rest, search.points):
        if frozenset((top, partner)) in search.played:
            continue
        tail = _pair_all([e for e in rest if e != partner], search)
        if tail is not None:
            return [(top, partner), *tail]
    search.failed.add(key)
    return None


def _candidates(top: int, rest: list[int], points: dict[int, int]) -> list[int]:
    """Opponents for ``top`` in order of preference: own score group first, Dutch fold inside it."""
    # The fold pairs the top half of a score group with the bottom half in order (1 v n/2+1,
    # 2 v n/2+2, ...): in a group of m entries the top one prefers the entry m//2 places below.
    # When that one is excluded the rest of the bottom half is tried downwards, then the top
    # half upwards (the Dutch transpositions before exchanges), then lower score groups: an
    # odd group's last entry, or an entry alone in its group, floats down.
    mine = points[top]
    group = 1 + sum(1 for e in rest if points[e] == mine)
    nominal = group // 2 - 1 if group > 1 else 0

    def preference(item: tuple[int, int]) -> tuple[int, int, int]:
        i, e = item
        return (mine - points[e], i < nominal, i if i >= nominal else -i)

    return [e for _, e in sorted(enumerate(rest), key=preference)]
