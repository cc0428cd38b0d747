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
from collections.abc import Collection, Iterable, Sequence
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
    # Forbidden pairs that had to meet anyway (no pairing kept them all apart), to report.
    forbidden_met: tuple[Pair, ...] = ()


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
    forbidden: Iterable[Pair] = (),
) -> RoundPairing:
    """Pair one Swiss round: no rematches, no forbidden pair, score groups top-down, bye lowest.

    Forbidden pairs (relatives, partners at work) are kept apart like rematches. When no pairing
    keeps them all apart, they are given up one at a time, in the order given, until the round
    pairs; the forbidden pairs that then meet are named in ``forbidden_met``. A rematch is never
    made to keep a forbidden pair apart (the director can still swap a forbidden pair by hand).
    """
    played = [(a, b) for a, b in played]
    apart = [(a, b) for a, b in forbidden if a != b]
    for given_up in range(len(apart) + 1):
        try:
            rnd = _pair_swiss(standings, [*played, *apart[given_up:]], previous_byes, round_number, max_steps)
        except PairingError:
            if given_up == len(apart):
                raise
            continue
        return RoundPairing(rnd.number, rnd.pairs, rnd.bye, met_pairs(rnd.pairs, apart))
    raise AssertionError("unreachable: the last attempt pairs or raises")


def met_pairs(groups: Iterable[Collection[int]], forbidden: Iterable[Pair]) -> tuple[Pair, ...]:
    """The forbidden pairs that share one of ``groups`` (a pair of entries, or a table's entries)."""
    together = [set(g) for g in groups]
    return tuple(sorted({(min(a, b), max(a, b)) for a, b in forbidden if any({a, b} <= g for g in together)}))


def _pair_swiss(
    standings: Sequence[SwissEntry],
    played: Iterable[Pair],
    previous_byes: Iterable[int],
    round_number: int,
    max_steps: int,
) -> RoundPairing:
    """Pair one Swiss round: no pair of ``played`` meets, score groups top-down, bye to the lowest."""
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


def group_pairs(pairs: Sequence[Pair], group: int, forbidden: Iterable[Pair] = ()) -> list[list[Pair]]:
    """Join consecutive pairs into tables of ``group`` pairs, keeping forbidden pairs at separate tables.

    Four individuals at a four-seat table are two pairs of the round (a v b and c v d). The pairs
    go to tables in order, best boards first; a pair that would bring a forbidden pair to a table
    waits for the next table. Pairs left over when nothing fits are placed in order anyway (the
    caller reports them with ``met_pairs``); a pair that is itself forbidden is the pairing's.
    """
    apart = {frozenset(p) for p in forbidden}
    waiting = list(pairs)
    tables: list[list[Pair]] = []
    while len(waiting) >= group:
        table = [waiting.pop(0)]
        while len(table) < group:
            seated = {e for p in table for e in p}
            fits = next(
                (p for p in waiting if not any(frozenset((e, x)) in apart for e in p for x in seated)), None
            )
            chosen = fits if fits is not None else waiting[0]
            waiting.remove(chosen)
            table.append(chosen)
        tables.append(table)
    if waiting:
        tables.append(waiting)
    return tables
