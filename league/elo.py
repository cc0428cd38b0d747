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

    def k_for(self, games: int) -> int:
        """K factor for a player who has ``games`` rated games so far."""
        return self.provisional_k if games < self.provisional_games else self.k


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
    def explanation(self) -> str:
        """One line saying why the rating moved."""
        if self.team_sizes:
            return self._team_explanation()
        score = f"{self.score2 / 2:g}/{self.pairings}"
        expected = f"{self.expected / EXPECTED_SCALE:.2f}"
        # With more than two sides K is shared out over the sides - 1 pairings (see the module).
        share = f"/{self.sides - 1}" if self.sides > 2 else ""
        k = f"K {self.k}{share}" + (" (provisional)" if self.provisional else "")
        return (
            f"{self.delta:+d} ({self.before} → {self.after}): scored {score} against opponents "
            f"averaging {self.opponents_average} (side {self.side_average}), expected {expected}, {k}"
        )

    def _team_explanation(self) -> str:
        """The line for a zero-sum deal of two uneven sides (Zhao Pengyou)."""
        own, other = self.team_sizes
        verb = {2: "won", 1: "drew", 0: "lost"}[self.score2]
        expected = f"{self.expected / EXPECTED_SCALE:.2f}"
        provisional = " (provisional)" if self.provisional else ""
        return (
            f"{self.delta:+d} ({self.before} → {self.after}): side of {own} {verb} against {other} "
            f"averaging {self.opponents_average} (side {self.side_average}), expected {expected}, "
            f"K {self.k}{provisional} × {other}/{max(own, other)}, shared to stay zero-sum"
        )


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
        if match.void or len(match.sides) < 2:
            return []
        ratings = self.ratings.setdefault(match.family, {})
        games = self.games.setdefault(match.family, {})
        averages = [_average([ratings.get(p, self.config.initial) for p in s.players]) for s in match.sides]
        rate = self._uneven_sides if match.zero_sum else self._pairwise
        changes = rate(match, ratings, games, averages)
        # Written back only after every side is computed: all sides see the ratings from before.
        for c in changes:
            ratings[c.player] = c.after
            games[c.player] = games.get(c.player, 0) + 1
        return changes

    def _pairwise(
        self, match: RatedMatch, ratings: dict[int, int], games: dict[int, int], averages: list[int]
    ) -> list[RatingChange]:
        """Every pair of sides is a game (only those with the winner if ``winner_only``); K / (sides - 1)."""
        sides = match.sides
        best = min(s.place for s in sides)
        divisor = EXPECTED_SCALE * (len(sides) - 1)
        changes: list[RatingChange] = []
        for a, side in enumerate(sides):
            score2 = expected = pairings = 0
            opponents: list[int] = []
            for b, other in enumerate(sides):
                if b == a or (match.winner_only and side.place != best and other.place != best):
                    continue
                expected += _expected(averages[a], averages[b])
                score2 += _score2(side.place, other.place)
                pairings += 1
                opponents.extend(other.players)
            numerator = score2 * (EXPECTED_SCALE // 2) - expected
            opp_average = _average([ratings.get(p, self.config.initial) for p in opponents])
            for p in side.players:
                before, played = ratings.get(p, self.config.initial), games.get(p, 0)
                k = self.config.k_for(played)
                change = _div_round(k * numerator, divisor)
                score = (pairings, score2, expected)
                changes.append(
                    self._change(match, p, (before, change), played, (averages[a], opp_average), score)
                )
        return changes

    def _uneven_sides(
        self, match: RatedMatch, ratings: dict[int, int], games: dict[int, int], averages: list[int]
    ) -> list[RatingChange]:
        """Two sides of any sizes, each player against every player of the other, zero-sum (module doc)."""
        if len(match.sides) != 2:
            raise ValueError("a zero-sum deal has exactly two sides")
        larger = max(len(s.players) for s in match.sides)
        changes: list[RatingChange] = []
        for a, side in enumerate(match.sides):
            other = match.sides[1 - a]
            expected = _expected(averages[a], averages[1 - a])
            score2 = _score2(side.place, other.place)
            numerator = (score2 * (EXPECTED_SCALE // 2) - expected) * len(other.players)
            played = [games.get(p, 0) for p in side.players]
            ks = [self.config.k_for(n) for n in played]
            befores = [ratings.get(p, self.config.initial) for p in side.players]
            shares = _shares([k * numerator for k in ks], EXPECTED_SCALE * larger, befores)
            sizes = (len(side.players), len(other.players))
            for p, n, share, before in zip(side.players, played, shares, befores, strict=True):
                score = (1, score2, expected)
                changes.append(
                    self._change(match, p, (before, share), n, (averages[a], averages[1 - a]), score, sizes)
                )
        return changes

    def _change(
        self,
        match: RatedMatch,
        player: int,
        move: tuple[int, int],
        played: int,
        averages: tuple[int, int],
        score: tuple[int, int, int],
        team_sizes: tuple[int, ...] = (),
    ) -> RatingChange:
        """One change: ``move`` is (before, delta), ``averages`` (own side, opponents), ``score``
        (pairings, doubled score, expected in 1/10000ths)."""
        before, delta = move
        return RatingChange(
            match.match_id,
            match.family,
            player,
            before,
            before + delta,
            self.config.k_for(played),
            played < self.config.provisional_games,
            averages[0],
            averages[1],
            played,
            len(match.sides),
            *score,
            match.deal_id,
            team_sizes,
        )


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
    rest = [n - f * denominator for n, f in zip(numerators, floors, strict=True)]
    order = sorted(range(len(numerators)), key=lambda i: (-rest[i], ratings[i], i))
    for i in order[: total - sum(floors)]:
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
