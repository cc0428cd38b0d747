"""Duplicate movements: which pairs sit where, in which direction, with which boards, round by round.

Pure Python, no Django. Pairs, tables, rounds and board sets are 1-based numbers as printed on
bridge movement cards; a set ``s`` of ``per_set`` boards holds boards
``(s - 1) * per_set + 1 .. s * per_set``. Directions: NS are seats 0 & 2 (side 0), EW seats 1 & 3.

- **Mitchell** (standard, any number of tables from 2): NS pairs 1..n stay at their table, EW
  pairs 1..n start at the table of their number and move up one table each round, boards move
  down one table. With an odd number of tables every EW pair meets every NS pair over n rounds.
  With an even number the EW pairs would meet their boards again halfway, so they skip a table
  after round n/2 (the "skip Mitchell") and the movement has n - 1 rounds.
- **Howell** (small fields, an even number of pairs from 4): every pair meets every other pair
  once over n - 1 rounds, in the endless ("flower") Howell of the movement guides: pair n sits
  NS at table 1 all evening; in round 1 table t seats pair n + 1 - t NS against pair t EW
  (4 tables: 8-1 7-2 6-3 5-4); after each round the other NS pairs move up a table and the EW
  pairs down one, the EW pair of table 1 becoming NS at table 2 and the NS pair of the last
  table swivelling to EW there, so each pair takes the place of the pair numbered one below it.
  In round r every table plays set r: with duplicated boards, which the board sheets print per
  table, all tables play the round's set at once (the flower Howell's duplicated copies), so no
  relay or board sharing is needed, each pair plays every set exactly once and no set comes back
  to a table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the pair sitting NS, the pair sitting EW, the board set."""

    round: int
    table: int
    ns: int
    ew: int
    board_set: int


Movement = list[list[Sitting]]  # rounds, each a list of tables in table order


class MovementError(ValueError):
    """No movement of this kind for this field."""


def mitchell_rounds(tables: int) -> int:
    """Rounds of a full Mitchell: n for an odd number of tables, n - 1 (skip) for an even one."""
    return tables if tables % 2 else tables - 1


def mitchell(tables: int, rounds: int | None = None) -> Movement:
    """The Mitchell movement for ``tables`` tables (EW pair j is pair ``tables + j`` overall)."""
    if tables < 2:
        raise MovementError(f"a Mitchell needs at least 2 tables, got {tables}")
    full = mitchell_rounds(tables)
    rounds = full if rounds is None else rounds
    if not 1 <= rounds <= full:
        raise MovementError(f"a {tables}-table Mitchell has 1 to {full} rounds, got {rounds}")
    out: Movement = []
    for r in range(rounds):
        # EW move up one table a round (skipping one halfway for an even n); boards move down.
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        sittings = []
        for t in range(tables):
            ew = (t - r - skip) % tables
            sittings.append(Sitting(r + 1, t + 1, t + 1, tables + ew + 1, (t + r) % tables + 1))
        out.append(sittings)
    return out


def howell(pairs: int) -> Movement:
    """The complete endless Howell for an even number of pairs: n/2 tables, n - 1 rounds, set r in round r."""
    if pairs < 4 or pairs % 2:
        raise MovementError(f"a Howell needs an even number of pairs from 4, got {pairs}")
    tables, moving = pairs // 2, pairs - 1

    def seated(start: int, r: int) -> int:
        # Each round a place is taken by the pair numbered one above its last occupant (mod n - 1).
        return (start + r - 2) % moving + 1

    out: Movement = []
    for r in range(1, pairs):
        first = Sitting(r, 1, pairs, seated(1, r), r)
        rest = [Sitting(r, t, seated(pairs + 1 - t, r), seated(t, r), r) for t in range(2, tables + 1)]
        out.append([first, *rest])
    return out


def pairs_of(movement: Movement) -> set[int]:
    """Every pair number in a movement."""
    return {p for rnd in movement for s in rnd for p in (s.ns, s.ew)}


def check_movement(movement: Movement) -> None:
    """Raise ``MovementError`` unless each pair plays once a round, meets each board set at most
    once, and no board set comes back to a table."""
    seen_sets: dict[int, set[int]] = {}
    table_sets: dict[int, set[int]] = {}
    for rnd in movement:
        seated = [p for s in rnd for p in (s.ns, s.ew)]
        if len(seated) != len(set(seated)):
            raise MovementError(f"round {rnd[0].round}: a pair sits twice")
        for s in rnd:
            for p in (s.ns, s.ew):
                if s.board_set in seen_sets.setdefault(p, set()):
                    raise MovementError(f"pair {p} meets board set {s.board_set} again")
                seen_sets[p].add(s.board_set)
            if s.board_set in table_sets.setdefault(s.table, set()):
                raise MovementError(f"table {s.table} gets board set {s.board_set} again")
            table_sets[s.table].add(s.board_set)


def boards_of_set(board_set: int, per_set: int) -> list[int]:
    """Board numbers of a set."""
    return list(range((board_set - 1) * per_set + 1, board_set * per_set + 1))
