"""Elo ratings per game family, as a fold over rated matches in a fixed order.

Pure Python, no Django. A match (or a single deal, for families rated per deal) is a list of
*sides*, each a tuple of player ids and a place (1 is best; equal places are a draw between
those sides). One function covers every family:

- Partnerships (Shengji, Tractor): two sides of two. Each side is rated by the rounded average of
  its players' ratings; both partners get the same change (unless one is still provisional and so
  has a larger K: the change is per player ``K * (score - expected)``, with the side's score and
  expectation).
- Tables with more than two sides: every pair of sides is a game; the results are summed and the
  sum divided by ``sides - 1``, so a table counts about as much as one two-sided game however
  many sit at it.
- Zhao Pengyou (找朋友, hidden uneven teams), ``zero_sum=True``: each deal is rated on its final
  sides, the declarer with the friends revealed during the deal against everyone else. Every
  player of one side meets every player of the other at the two sides' average ratings, and each
  player's sum is divided by the larger side's size: at 1 against 5 the lone declarer moves by
  ``K * (score - expected)`` and each defender by a fifth of that; at 3 against 3 everyone moves
  by the full amount. The sides' totals cancel exactly when everyone has the same K: each side's
  total is rounded once and shared out in whole points (largest remainders first, ties to the
  lower-rated player, then by seat), so a lone declarer's +7 is five defenders' -1, -1, -1, -2,
  -2. A provisional player's larger K moves only that player further, as in every family.
- Si Se Pai (四色牌, free-for-all): ``winner_only=True`` pairs only the winner with each other
  player (the others are not ranked against each other); void deals (no winner) are marked
  ``void`` and are not rated, nor counted as games.

Determinism: ratings are integers, averages round half up, the expected score comes from an
integer table (1/10000ths, rating difference clipped to +-800) and each change is one integer
division rounded half away from zero. Applying matches one by one to ratings loaded back from
storage therefore gives exactly the numbers of a full recompute in the same order
(chronological; ties by match id).

``RatingBook.rate`` returns each change as a plain tuple (``Figures``), the form a recompute
stores; ``RatingBook.apply`` wraps the same tuples in ``RatingChange``, and ``explanation`` words
either.

K factors (FIDE-like): 40 for a player's first 20 rated games in the family (provisional), then
20; the count is of games before the match being rated.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

EXPECTED_SCALE = 10_000
MAX_DIFF = 800

# EXPECTED[d + MAX_DIFF]: expected score in 1/10000ths for a side whose opponents are d points
# stronger. Computed once so that the hot loop is integer arithmetic only.
EXPECTED: tuple[int, ...] = tuple(
    round(EXPECTED_SCALE / (1 + 10 ** (d / 400))) for d in range(-MAX_DIFF, MAX_DIFF + 1)
)


@dataclass(frozen=True)
class EloConfig:
    """Rating parameters for one game family."""

    initial: int = 1500
    k: int = 20
    provisional_k: int = 40
    provisional_games: int = 20

    def fold_constants(self) -> tuple[int, int, int, int]:
        """(initial rating, provisional games, provisional K, K), read once a match by the fold."""
        return self.initial, self.provisional_games, self.provisional_k, self.k


# Side, RatedMatch and RatingChange are not frozen: a recompute builds hundreds of thousands of
# them, and a frozen dataclass sets each field through ``object.__setattr__`` (several times
# slower to build). Nothing changes them once built.
@dataclass(slots=True)
class Side:
    """Players who share one result in a match, and their place (1 is best)."""

    players: tuple[int, ...]
    place: int


@dataclass(slots=True)
class RatedMatch:
    """A finished match or deal to rate: its id (and the deal's, when rated per deal), family and sides."""

    match_id: int
    family: str
    sides: tuple[Side, ...]
    winner_only: bool = False
    void: bool = False
    zero_sum: bool = False
    deal_id: int | None = None


# One change as plain values, in this order (the fold's output; ``RatingChange`` holds the same):
# player, before, after, K, provisional, own side's average, opponents' average, games before,
# pairings, doubled score, expected (1/10000ths), and (own, other) side sizes for a zero-sum deal.
Figures = tuple[int, int, int, int, bool, int, int, int, int, int, int, tuple[int, ...]]

# The expected scores of one pairing as the explanation words them ("0.50"), made once.
EXPECTED_WORDS: tuple[str, ...] = tuple(f"{e / EXPECTED_SCALE:.2f}" for e in range(EXPECTED_SCALE + 1))


def _expected_words(expected: int) -> str:
    """An expected score (a sum over several pairings may pass 1) as the explanation words it."""
    return EXPECTED_WORDS[expected] if expected <= EXPECTED_SCALE else f"{expected / EXPECTED_SCALE:.2f}"


VERBS = {2: "won", 1: "drew", 0: "lost"}


def explanation(figures: Figures, sides: int) -> str:
    """One line saying why the rating moved (``sides``: how many sides the match had)."""
    (
        _p,
        before,
        after,
        k,
        provisional,
        side_average,
        opponents_average,
        _g,
        pairings,
        score2,
        expected,
        team,
    ) = figures
    mark = " (provisional)" if provisional else ""
    if team:
        own, other = team
        return (
            f"{after - before:+d} ({before} → {after}): side of {own} {VERBS[score2]} against {other} "
            f"averaging {opponents_average} (side {side_average}), expected {_expected_words(expected)}, "
            f"K {k}{mark} × {other}/{max(own, other)}, shared to stay zero-sum"
        )
    # With more than two sides K is shared out over the sides - 1 pairings (see the module).
    share = f"/{sides - 1}" if sides > 2 else ""
    return (
        f"{after - before:+d} ({before} → {after}): scored {score2 / 2:g}/{pairings} against opponents "
        f"averaging {opponents_average} (side {side_average}), expected {_expected_words(expected)}, "
        f"K {k}{share}{mark}"
    )


@dataclass(slots=True)
class RatingChange:
    """One player's rating change from one match, with what is needed to explain it."""

    match_id: int
    family: str
    player: int
    before: int
    after: int
    k: int
    provisional: bool
    side_average: int
    opponents_average: int
    games_before: int
    sides: int
    pairings: int
    score2: int
    expected: int
    deal_id: int | None = None
    # (own side, other side) sizes when the change comes from a zero-sum deal of uneven sides.
    team_sizes: tuple[int, ...] = ()

    @property
    def delta(self) -> int:
        """Signed change in rating points."""
        return self.after - self.before

    @property
    def figures(self) -> Figures:
        """The change as the fold's plain values."""
        return (
            self.player,
            self.before,
            self.after,
            self.k,
            self.provisional,
            self.side_average,
            self.opponents_average,
            self.games_before,
            self.pairings,
            self.score2,
            self.expected,
            self.team_sizes,
        )

    @property
    def explanation(self) -> str:
        """One line saying why the rating moved."""
        return explanation(self.figures, self.sides)


@dataclass
class RatingBook:
    """Current ratings and game counts per family; ``apply`` folds one match into it."""

    config: EloConfig = field(default_factory=EloConfig)
    ratings: dict[str, dict[int, int]] = field(default_factory=dict)
    games: dict[str, dict[int, int]] = field(default_factory=dict)

    def rating(self, family: str, player: int) -> int:
        """A player's current rating in a family (the initial rating if unrated)."""
        return self.ratings.get(family, {}).get(player, self.config.initial)

    def apply(self, match: RatedMatch) -> list[RatingChange]:
        """Rate one match (or deal), update the book and return one change per player."""
        n, m, d = len(match.sides), match.match_id, match.deal_id
        return [
            RatingChange(m, match.family, p, b, a, k, pr, sa, oa, g, n, pa, s2, e, d, t)
            for p, b, a, k, pr, sa, oa, g, pa, s2, e, t in self.rate(match)
        ]

    def rate(self, match: RatedMatch) -> list[Figures]:
        """Rate one match (or deal), update the book and return each player's change as plain values."""
        if match.void or len(match.sides) < 2:
            return []
        ratings = self.ratings.setdefault(match.family, {})
        games = self.games.setdefault(match.family, {})
        initial = self.config.initial
        averages = [_average([ratings.get(p, initial) for p in s.players]) for s in match.sides]
        rate = self._uneven_sides if match.zero_sum else self._pairwise
        changes = rate(match, ratings, games, averages)
        # Written back only after every side is computed: all sides see the ratings from before.
        for c in changes:
            player = c[0]
            ratings[player] = c[2]
            games[player] = c[7] + 1
        return changes

    def _pairwise(
        self, match: RatedMatch, ratings: dict[int, int], games: dict[int, int], averages: list[int]
    ) -> list[Figures]:
        """Every pair of sides is a game (only those with the winner if ``winner_only``); K / (sides - 1)."""
        sides = match.sides
        best = min(s.place for s in sides)
        divisor = EXPECTED_SCALE * (len(sides) - 1)
        initial, provisional_games, k_new, k_old = self.config.fold_constants()
        winner_only = match.winner_only
        changes: list[Figures] = []
        for a, side in enumerate(sides):
            score2 = expected = pairings = 0
            opponents: list[int] = []
            mine, place = averages[a], side.place
            for b, other in enumerate(sides):
                if b == a or (winner_only and place != best and other.place != best):
                    continue
                expected += _expected(mine, averages[b])
                score2 += _score2(place, other.place)
                pairings += 1
                opponents.extend(other.players)
            numerator = score2 * (EXPECTED_SCALE // 2) - expected
            opp_average = _average([ratings.get(p, initial) for p in opponents])
            for p in side.players:
                before, played = ratings.get(p, initial), games.get(p, 0)
                provisional = played < provisional_games
                k = k_new if provisional else k_old
                after = before + _div_round(k * numerator, divisor)
                changes.append(
                    (
                        p,
                        before,
                        after,
                        k,
                        provisional,
                        mine,
                        opp_average,
                        played,
                        pairings,
                        score2,
                        expected,
                        (),
                    )
                )
        return changes

    def _uneven_sides(
        self, match: RatedMatch, ratings: dict[int, int], games: dict[int, int], averages: list[int]
    ) -> list[Figures]:
        """Two sides of any sizes, each player against every player of the other, zero-sum (module doc)."""
        if len(match.sides) != 2:
            raise ValueError("a zero-sum deal has exactly two sides")
        first, second = match.sides
        denominator = EXPECTED_SCALE * max(len(first.players), len(second.players))
        initial, provisional_games, k_new, k_old = self.config.fold_constants()
        changes: list[Figures] = []
        at_first, at_second = averages
        for side, other, mine, theirs in (
            (first, second, at_first, at_second),
            (second, first, at_second, at_first),
        ):
            expected = _expected(mine, theirs)
            score2 = _score2(side.place, other.place)
            numerator = (score2 * (EXPECTED_SCALE // 2) - expected) * len(other.players)
            players = side.players
            played = [games.get(p, 0) for p in players]
            ks = [k_new if n < provisional_games else k_old for n in played]
            befores = [ratings.get(p, initial) for p in players]
            shares = _shares([k * numerator for k in ks], denominator, befores)
            sizes = (len(players), len(other.players))
            for p, n, k, share, before in zip(players, played, ks, shares, befores, strict=True):
                changes.append(
                    (
                        p,
                        before,
                        before + share,
                        k,
                        n < provisional_games,
                        mine,
                        theirs,
                        n,
                        1,
                        score2,
                        expected,
                        sizes,
                    )
                )
        return changes


def recompute(
    matches: Iterable[RatedMatch], config: EloConfig | None = None
) -> tuple[RatingBook, list[RatingChange]]:
    """Rate every match from scratch in the given order; returns the final book and all changes."""
    book = RatingBook(config or EloConfig())
    changes: list[RatingChange] = []
    for match in matches:
        changes.extend(book.apply(match))
    return book, changes


def _expected(mine: int, theirs: int) -> int:
    """Expected score in 1/10000ths of a side rated ``mine`` against one rated ``theirs``."""
    return EXPECTED[min(MAX_DIFF, max(-MAX_DIFF, theirs - mine)) + MAX_DIFF]


def _score2(mine: int, theirs: int) -> int:
    """Doubled score of one pairing from the two places: 2 better, 1 equal, 0 worse."""
    return 2 if mine < theirs else 1 if mine == theirs else 0


def _shares(numerators: list[int], denominator: int, ratings: list[int]) -> list[int]:
    """Whole-point shares of ``sum(numerators) / denominator``, each close to its own quotient.

    The total is rounded once (half away from zero); each share is its quotient rounded down and
    the points left go to the largest remainders, ties to the lowest ``ratings`` first, then in order.
    """
    total = _div_round(sum(numerators), denominator)
    floors = [n // denominator for n in numerators]
    left = total - sum(floors)
    if left:  # often none: then there is nothing to sort
        order = sorted(
            range(len(numerators)), key=lambda i: (floors[i] * denominator - numerators[i], ratings[i], i)
        )
        for i in order[:left]:
            floors[i] += 1
    return floors


def _average(values: list[int]) -> int:
    """Integer mean rounded half up (so that it is the same on every machine)."""
    n = len(values)
    return (2 * sum(values) + n) // (2 * n) if n else 0


def _div_round(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded half away from zero; ``denominator`` > 0."""
    q, r = divmod(abs(numerator), denominator)
    if 2 * r >= denominator:
        q += 1
    return q if numerator >= 0 else -q
