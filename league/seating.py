"""Individual seating: who sits at which table, round after round, meeting new people.

Pure Python, no Django. Used when players enter as individuals and tables are drawn each round:
Shengji with rotating partners and San Da Ha at four seats, Zhao Pengyou (找朋友) at six to
twelve, Si Se Pai (四色牌) at two to four.

What is minimised: the cost of a plan is, over every pair of players, ``m * (m - 1) / 2`` where
``m`` is how often they shared a table (earlier rounds included), so zero means nobody met twice
and each further meeting costs more than the one before (the "sum of squared meetings" up to a
constant). With ``partners_opposite`` (four seats, fixed partners: seats 0 and 2 against 1 and
3, the whist layout) repeated *partners* cost ``PARTNER_WEIGHT`` times as much again, since
playing with someone twice matters more than playing against them twice. Pairs that must not
meet (family, a reported conflict) cost ``KEEP_APART_WEIGHT`` per meeting, and a plan in which any
of them still meet is refused with :class:`SeatingError`: that rule is hard.

How, in two steps:

1. When every player is seated at equal tables, a cyclic design is tried first: players are
   numbered (x, level) with x in Z_cycle plus a few fixed players, one base round is searched
   so that no pair meets twice when every x is shifted by 1, 2, ... (see ``_design_layout``),
   and players are then labelled at random. For 24 players at four seats this gives up to seven
   rounds with nobody meeting twice in milliseconds; plain local search stalls at two or three
   repeats there, because the six rounds use 18 of each player's 23 possible meetings.
2. Simulated annealing over all planned rounds at once (planning round by round paints itself
   into a corner in the last rounds), starting from the design or from a random plan. A move
   swaps two players of one round, preferring a player who has a repeat at their table. It
   also removes repeats with earlier rounds and separates kept-apart players; it stops as soon
   as no new repeat is left and restarts from a random plan otherwise.

Everything random comes from the ``random.Random`` passed in and every budget is counted in
steps, not seconds, so a seed always gives the same plan.

Player counts that do not fill the tables: with ``min_size`` below ``size`` tables of different
sizes are used (sizes differ by at most one; e.g. Si Se Pai with ten players: 4, 3, 3). Whoever
cannot be seated sits out; each round the players with the fewest sit-outs so far (earlier rounds
included) sit out first, ties drawn by the random generator, so sit-outs rotate and no one sits
out twice before everyone has once.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

PARTNER_WEIGHT = 2
KEEP_APART_WEIGHT = 1000


class PlanOptions(TypedDict, total=False):
    """The options :func:`plan_rounds` takes besides ``history``; its signature has the defaults."""

    keep_apart: Iterable[tuple[int, int]]
    partners_opposite: bool
    min_size: int | None
    iterations: int
    restarts: int


class SeatingError(Exception):
    """No plan satisfies the hard rules (a kept-apart pair would meet, or too few players)."""


@dataclass(frozen=True)
class SeatedRound:
    """One round: each table as player ids in seat order, and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True)
class Repeats:
    """Repeated meetings in a set of rounds: each extra time a pair met counts once."""

    partners: int
    opponents: int
    meetings: int


def table_sizes(players: int, size: int, min_size: int | None = None) -> list[int]:
    """Table sizes for a round, largest first; players beyond their sum sit out."""
    low = size if min_size is None else min_size
    if not 2 <= low <= size:
        raise ValueError(f"table sizes must satisfy 2 <= min_size <= size, got {low}..{size}")
    # As many players seated as possible, in as few tables as possible, sizes within one.
    for tables in range(math.ceil(players / size), 0, -1):
        if tables * low <= players:
            seated = min(players, tables * size)
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra)
    return []


def count_repeats(rounds: Iterable[SeatedRound], partners_opposite: bool = False) -> Repeats:
    """Count repeated partners, opponents and meetings (any role) over ``rounds``."""
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for i, a in enumerate(table):
                for j in range(i + 1, len(table)):
                    pair = frozenset((a, table[j]))
                    same_side = partners_opposite and (j - i) % 2 == 0
                    book = partners if same_side else opponents
                    book[pair] = book.get(pair, 0) + 1
    meetings = {p: partners.get(p, 0) + opponents.get(p, 0) for p in {*partners, *opponents}}

    def extra(counts: dict[frozenset[int], int]) -> int:
        return sum(m - 1 for m in counts.values() if m > 1)

    return Repeats(extra(partners), extra(opponents), extra(meetings))


def seat_round(
    players: Sequence[int],
    size: int,
    rng: random.Random,
    *,
    history: Sequence[SeatedRound] = (),
    **options: Unpack[PlanOptions],
) -> SeatedRound:
    """Seat one round after ``history`` (see :func:`plan_rounds`)."""
    return plan_rounds(players, 1, size, rng, history=history, **options)[0]


def seat_planned_round(
    players: Sequence[int],
    size: int,
    seed: int | str,
    total_rounds: int,
    *,
    history: Sequence[SeatedRound] = (),
    **options: Unpack[PlanOptions],
) -> SeatedRound:
    """Seat round ``len(history) + 1`` as one round of a plan for all ``total_rounds``."""
    # Drawing round by round paints itself into a corner (24 players at four seats meet
    # nobody twice in six rounds only if the six are planned together). So the whole event is
    # planned from the tournament's seed, and while the rounds played so far are the plan's
    # rounds, the next round is the plan's next round. Once they differ (a withdrawal, a late
    # entry, a table changed by hand) the remaining rounds are planned again after what was
    # actually played, and the first of them is returned. ``players`` must come in the same
    # order at every call (e.g. by entry id) for the plan to be the same.
    options["keep_apart"] = list(options.get("keep_apart", ()))  # read by up to two plans
    partners_opposite = options.get("partners_opposite", False)

    def plan(count: int, rng: random.Random, earlier: Sequence[SeatedRound]) -> list[SeatedRound]:
        return plan_rounds(players, count, size, rng, history=earlier, **options)

    number = len(history) + 1
    if number <= total_rounds:
        try:
            whole = plan(total_rounds, random.Random(seed), ())
        except SeatingError:
            whole = []
        played = [_shape(r, partners_opposite) for r in history]
        if whole and played == [_shape(r, partners_opposite) for r in whole[: len(history)]]:
            return whole[number - 1]
    return plan(max(1, total_rounds - len(history)), random.Random(f"{seed}:{number}"), history)[0]


def _shape(
    rnd: SeatedRound, partners_opposite: bool
) -> tuple[frozenset[frozenset[frozenset[int]]], frozenset[int]]:
    """A round without seat order (each table as its partner pairs, or whole), for comparing."""
    tables = frozenset(
        frozenset((frozenset(t[0::2]), frozenset(t[1::2])))
        if partners_opposite
        else frozenset((frozenset(t),))
        for t in rnd.tables
    )
    return tables, frozenset(rnd.sitting_out)


def plan_rounds(
    players: Sequence[int],
    rounds: int,
    size: int,
    rng: random.Random,
    *,
    history: Sequence[SeatedRound] = (),
    keep_apart: Iterable[tuple[int, int]] = (),
    partners_opposite: bool = False,
    min_size: int | None = None,
    iterations: int = 200_000,
    restarts: int = 5,
) -> list[SeatedRound]:
    """Plan ``rounds`` rounds at tables of ``size`` with as few repeated meetings as possible."""
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if rounds < 1:
        return []
    if partners_opposite and (size != 4 or min_size not in (None, 4)):
        raise ValueError("partners sit opposite only at tables of exactly four")
    sizes = table_sizes(len(players), size, min_size)
    if not sizes:
        raise SeatingError(f"{len(players)} players cannot fill a table of {min_size or size}")
    problem = _Problem(list(players), history, keep_apart, partners_opposite)
    sit_outs = _choose_sit_outs(problem, rounds, len(players) - sum(sizes), rng)
    best: _Plan | None = None
    design = None
    if len(set(sizes)) == 1 and sum(sizes) == len(players):
        design = _design_layout(len(players), size, rounds, rng)
    for attempt in range(max(1, restarts)):
        start = design if design and attempt == 0 else _random_layout(problem, sizes, sit_outs, rng)
        plan = _Plan(problem, start, sit_outs)
        plan = plan.anneal(iterations, rng)
        if best is None or plan.cost < best.cost:
            best = plan
        if best.cost == best.floor:
            break
    assert best is not None
    if best.apart_meetings():
        raise SeatingError("players who must be kept apart could not all be separated")
    return best.result()


class _Problem:
    """Players as indices 0..n-1, with the meetings and sit-outs of earlier rounds."""

    def __init__(
        self,
        players: list[int],
        history: Sequence[SeatedRound],
        keep_apart: Iterable[tuple[int, int]],
        partners_opposite: bool,
    ) -> None:
        self.players = players
        self.index = {p: i for i, p in enumerate(players)}
        self.partners_opposite = partners_opposite
        n = len(players)
        self.meet = [[0] * n for _ in range(n)]
        self.partner = [[0] * n for _ in range(n)]
        self.apart = [[False] * n for _ in range(n)]
        self.sat_out = [0] * n
        for a, b in keep_apart:
            if a in self.index and b in self.index:
                i, j = self.index[a], self.index[b]
                self.apart[i][j] = self.apart[j][i] = True
        for rnd in history:
            for p in rnd.sitting_out:
                if p in self.index:
                    self.sat_out[self.index[p]] += 1
            for table in rnd.tables:
                self._add_history_table(table)

    def _add_history_table(self, table: tuple[int, ...]) -> None:
        """Count an earlier table's meetings (players who left the event are ignored)."""
        for s, a in enumerate(table):
            for t in range(s + 1, len(table)):
                b = table[t]
                if a in self.index and b in self.index:
                    i, j = self.index[a], self.index[b]
                    self.meet[i][j] += 1
                    self.meet[j][i] += 1
                    if self.partners_opposite and (t - s) % 2 == 0:
                        self.partner[i][j] += 1
                        self.partner[j][i] += 1


def _choose_sit_outs(problem: _Problem, rounds: int, count: int, rng: random.Random) -> list[set[int]]:
    """Who sits out in each planned round: fewest sit-outs so far first, ties drawn at random."""
    counts = list(problem.sat_out)
    chosen: list[set[int]] = []
    for _ in range(rounds):
        order = list(range(len(counts)))
        rng.shuffle(order)
        order.sort(key=lambda i: counts[i])
        out = set(order[:count])
        for i in out:
            counts[i] += 1
        chosen.append(out)
    return chosen


Layout = list[list[list[int]]]


def _random_layout(
    problem: _Problem, sizes: list[int], sit_outs: list[set[int]], rng: random.Random
) -> Layout:
    """A random seating of each round's players (as indices) at tables of the given sizes."""
    layout: Layout = []
    for out in sit_outs:
        seated = [i for i in range(len(problem.players)) if i not in out]
        rng.shuffle(seated)
        tables, start = [], 0
        for size in sizes:
            tables.append(seated[start : start + size])
            start += size
        layout.append(tables)
    return layout


def _design_shapes(n: int, k: int, rounds: int) -> list[tuple[int, int, int]]:
    """Shapes (cycle length, levels, fixed points) whose difference classes could suffice."""
    tables = n // k
    shapes = []
    for levels in range(1, n):
        for fixed in range(tables + 1):
            cycle, rest = divmod(n - fixed, levels)
            if rest or cycle < max(rounds, 3) or (fixed and levels < k - 1):
                continue
            classes = levels * ((cycle - 1) // 2) + levels * (levels - 1) // 2 * cycle
            if classes >= tables * k * (k - 1) // 2 - fixed * (k - 1):
                shapes.append((cycle, levels, fixed))
    return shapes


def _design_layout(n: int, k: int, rounds: int, rng: random.Random, budget: int = 50_000) -> Layout | None:
    """Rounds from a cyclic design with no pair meeting twice, if a small search finds one."""
    # Players are (x, level) for x in Z_cycle, plus fixed players; round i is the base round
    # with every x shifted by i. A pair of players meets at most once over the whole cycle
    # when each "difference class" (same level and difference +-d, or levels j < l and
    # difference d) occurs at most once in the base round, and each fixed player's table has
    # at most one player per level. 24 players at four seats: cycle 7, three levels, three
    # fixed players, found in milliseconds (and good for seven rounds).
    if math.comb(n - 1, k - 1) > 20_000:
        return None
    # The search time is heavy-tailed, so several short tries beat one long one.
    tries = (shape for shape in _design_shapes(n, k, rounds)[:4] for _ in range(4))
    for cycle, levels, fixed in tries:
        base = _BaseRound(cycle, levels, fixed, k, rng, budget).find()
        if base is None:
            continue
        finite = cycle * levels
        label = list(range(n))
        rng.shuffle(label)
        layout: Layout = []
        for shift in range(rounds):
            tables = [
                [
                    label[p if p >= finite else (p // cycle) * cycle + (p % cycle + shift) % cycle]
                    for p in block
                ]
                for block in base
            ]
            for table in tables:
                rng.shuffle(table)
            rng.shuffle(tables)
            layout.append(tables)
        return layout
    return None


class _BaseRound:
    """Depth-first search for the base round of a cyclic design (see :func:`_design_layout`)."""

    def __init__(self, cycle: int, levels: int, fixed: int, k: int, rng: random.Random, budget: int) -> None:
        self.cycle, self.k, self.rng, self.budget = cycle, k, rng, budget
        self.finite = cycle * levels
        self.fixed = list(range(self.finite, self.finite + fixed))
        self.used: set[tuple[int, int, int]] = set()
        self.free = set(range(self.finite))
        self.blocks: list[tuple[int, ...]] = []

    def find(self) -> list[tuple[int, ...]] | None:
        """The base round's tables, or ``None`` when the budget runs out first."""
        try:
            return self.blocks if self._extend() else None
        except _OutOfBudget:
            return None

    def _extend(self) -> bool:
        if not self.free:
            return True
        if len(self.blocks) < len(self.fixed):
            head, pool = self.fixed[len(self.blocks)], sorted(self.free)
        else:
            head = min(self.free)
            pool = sorted(self.free - {head})
        combos = list(itertools.combinations(pool, self.k - 1))
        self.rng.shuffle(combos)
        for rest in combos:
            self.budget -= 1
            if self.budget < 0:
                raise _OutOfBudget
            block = (head, *rest)
            added = self._classes(block)
            if added is None:
                continue
            self.used.update(added)
            self.free.difference_update(block)
            self.blocks.append(block)
            if self._extend():
                return True
            self.blocks.pop()
            self.free.update(p for p in block if p < self.finite)
            self.used.difference_update(added)
        return False

    def _classes(self, block: tuple[int, ...]) -> list[tuple[int, int, int]] | None:
        """The difference classes a block would use, or ``None`` if any is taken or invalid."""
        m = self.cycle
        finite = [p for p in block if p < self.finite]
        if len(finite) < len(block) and len({p // m for p in finite}) < len(finite):
            return None
        added: list[tuple[int, int, int]] = []
        for u, v in itertools.combinations(finite, 2):
            (lu, xu), (lv, xv) = divmod(u, m), divmod(v, m)
            if lu == lv:
                d = (xv - xu) % m
                if 2 * d == m:
                    return None
                key = (lu, lu, min(d, m - d))
            else:
                key = (lu, lv, (xv - xu) % m) if lu < lv else (lv, lu, (xu - xv) % m)
            if key in self.used or key in added:
                return None
            added.append(key)
        return added


class _OutOfBudget(Exception):
    """The design search used up its budget."""


class _Plan:
    """A mutable plan for the search: seats per round and the running meeting counts."""

    def __init__(self, problem: _Problem, layout: Layout, sit_outs: list[set[int]]) -> None:
        self.problem = problem
        self.meet = [row[:] for row in problem.meet]
        self.partner = [row[:] for row in problem.partner]
        self.apart = problem.apart
        self.pairs_mode = problem.partners_opposite
        self.sit_outs = sit_outs
        # ``floor`` is the cost of earlier rounds alone: reaching it means no new repeat.
        self.floor = self.cost = self._total()
        # tables[r][t][s] is a player index; where[r][p] is (table, seat) of player p in round r.
        self.tables: Layout = []
        self.where: list[dict[int, tuple[int, int]]] = []
        for seated in layout:
            tables = [[-1] * len(table) for table in seated]
            for table, players in zip(tables, seated, strict=True):
                for s, p in enumerate(players):
                    self.cost += self._place(table, s, p)
            self.tables.append(tables)
            self.where.append({p: (t, s) for t, table in enumerate(tables) for s, p in enumerate(table)})

    def _total(self) -> int:
        """Cost of the current counts, from scratch."""
        n = len(self.meet)
        total = 0
        for i in range(n):
            for j in range(i + 1, n):
                m, q = self.meet[i][j], self.partner[i][j]
                total += m * (m - 1) // 2 + PARTNER_WEIGHT * (q * (q - 1) // 2)
                if self.apart[i][j]:
                    total += KEEP_APART_WEIGHT * m
        return total

    def _place(self, table: list[int], seat: int, p: int) -> int:
        """Seat ``p`` on an empty seat and return the change in cost."""
        delta = 0
        meet_p, partner_p, apart_p = self.meet[p], self.partner[p], self.apart[p]
        for s, q in enumerate(table):
            if q < 0:
                continue
            m = meet_p[q]
            delta += m
            meet_p[q] = self.meet[q][p] = m + 1
            if apart_p[q]:
                delta += KEEP_APART_WEIGHT
            if self.pairs_mode and (s - seat) % 2 == 0:
                k = partner_p[q]
                delta += PARTNER_WEIGHT * k
                partner_p[q] = self.partner[q][p] = k + 1
        table[seat] = p
        return delta

    def _lift(self, table: list[int], seat: int) -> int:
        """Empty a seat and return the change in cost."""
        p = table[seat]
        table[seat] = -1
        delta = 0
        meet_p, partner_p, apart_p = self.meet[p], self.partner[p], self.apart[p]
        for s, q in enumerate(table):
            if q < 0:
                continue
            m = meet_p[q] - 1
            delta -= m
            meet_p[q] = self.meet[q][p] = m
            if apart_p[q]:
                delta -= KEEP_APART_WEIGHT
            if self.pairs_mode and (s - seat) % 2 == 0:
                k = partner_p[q] - 1
                delta -= PARTNER_WEIGHT * k
                partner_p[q] = self.partner[q][p] = k
        return delta

    def _swap(self, r: int, x: int, y: int) -> int:
        """Swap players ``x`` and ``y`` in round ``r``; returns the change in cost."""
        tables, where = self.tables[r], self.where[r]
        a, b = where[x], where[y]
        ta, tb = tables[a[0]], tables[b[0]]
        delta = self._lift(ta, a[1]) + self._lift(tb, b[1])
        delta += self._place(ta, a[1], y) + self._place(tb, b[1], x)
        where[x], where[y] = b, a
        return delta

    def _swap_delta(self, r: int, x: int, y: int) -> int:
        """Change in cost if ``x`` and ``y`` swapped seats in round ``r`` (nothing is changed)."""
        (ta, sa), (tb, sb) = self.where[r][x], self.where[r][y]
        meet_x, meet_y, partner_x, partner_y = self.meet[x], self.meet[y], self.partner[x], self.partner[y]
        if ta == tb:
            # Same table: only the partner pairs can change (four seats, x and y not partners).
            if not self.pairs_mode or (sa - sb) % 2 == 0:
                return 0
            table = self.tables[r][ta]
            px, py = table[(sa + 2) % 4], table[(sb + 2) % 4]
            return PARTNER_WEIGHT * (partner_x[py] + partner_y[px] - partner_x[px] - partner_y[py] + 2)
        # x leaves table a (pair x-z goes from m to m-1: cost -(m-1)) and y joins it (+m'),
        # and the same the other way round for table b.
        delta = 0
        apart_x, apart_y = self.apart[x], self.apart[y]
        for here, seat, gone, m_gone, m_come, p_gone, p_come, a_gone, a_come in (
            (self.tables[r][ta], sa, x, meet_x, meet_y, partner_x, partner_y, apart_x, apart_y),
            (self.tables[r][tb], sb, y, meet_y, meet_x, partner_y, partner_x, apart_y, apart_x),
        ):
            for s, z in enumerate(here):
                if z == gone:
                    continue
                delta += m_come[z] - m_gone[z] + 1
                if a_come[z] or a_gone[z]:
                    delta += KEEP_APART_WEIGHT * (a_come[z] - a_gone[z])
                if self.pairs_mode and (s - seat) % 2 == 0:
                    delta += PARTNER_WEIGHT * (p_come[z] - p_gone[z] + 1)
        return delta

    def _conflicted(self, r: int, p: int) -> bool:
        """Whether ``p`` meets anyone at its table in round ``r`` more than once (or must not)."""
        t, _ = self.where[r][p]
        row, apart = self.meet[p], self.apart[p]
        return any(q != p and (row[q] > 1 or apart[q]) for q in self.tables[r][t])

    def anneal(self, iterations: int, rng: random.Random) -> _Plan:
        """Simulated annealing over swaps inside one round; returns the best plan seen."""
        # A repeat costs 1, so the temperature runs from "a repeat is often accepted" down to
        # "almost never". The first player of a swap is preferably one who has a repeat at their
        # table (a few random tries), the second any player at another table of that round.
        hot, cold = 1.0, 0.1
        rounds = len(self.tables)
        if len(self.tables[0]) < 2 and not self.pairs_mode:
            return self  # a single table: every seating is the same
        players = [list(where) for where in self.where]
        best_cost, best = self.cost, self.layout()
        for step in range(iterations):
            if self.cost == self.floor:
                break
            r = rng.randrange(rounds)
            seated = players[r]
            x = seated[rng.randrange(len(seated))]
            for _ in range(4):
                if self._conflicted(r, x):
                    break
                x = seated[rng.randrange(len(seated))]
            y = seated[rng.randrange(len(seated))]
            if x == y or (not self.pairs_mode and self.where[r][x][0] == self.where[r][y][0]):
                continue
            delta = self._swap_delta(r, x, y)
            temperature = hot * (cold / hot) ** (step / iterations)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self.cost += self._swap(r, x, y)
                if self.cost < best_cost:
                    best_cost, best = self.cost, self.layout()
        if self.cost == best_cost:
            return self
        return _Plan(self.problem, best, self.sit_outs)

    def layout(self) -> Layout:
        """A copy of the seats of every round."""
        return [[table[:] for table in tables] for tables in self.tables]

    def apart_meetings(self) -> int:
        """Meetings between kept-apart players in the planned rounds."""
        return sum(
            1
            for tables in self.tables
            for table in tables
            for i, p in enumerate(table)
            for q in table[i + 1 :]
            if self.apart[p][q]
        )

    def result(self) -> list[SeatedRound]:
        """The plan in player ids."""
        ids = self.problem.players
        return [
            SeatedRound(
                tuple(tuple(ids[p] for p in table) for table in tables),
                tuple(sorted((ids[p] for p in out), key=self.problem.index.__getitem__)),
            )
            for tables, out in zip(self.tables, self.sit_outs, strict=True)
        ]
