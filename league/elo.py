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
- Zhao Pengyou (找朋友, hidden uneven teams): the caller passes each deal's final sides, e.g. the
  declarer with the friends who revealed themselves against everyone else. The two sides are
  rated by their averages as above and every player of a side gets that side's change. With
  uneven sides the total change is not zero-sum (three players may gain 8 each while five lose 8
  each); that is the chosen rule: a player's rating moves by how their side did, not by how many
  shared the result.
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


@dataclass(frozen=True, slots=True)
class Side:
    """Players who share one result in a match, and their place (1 is best)."""

    players: tuple[int, ...]
    place: int


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished match or deal to rate: its id, game family and sides."""

    match_id: int
    family: str
    sides: tuple[Side, ...]
    winner_only: bool = False
    void: bool = False


@dataclass(frozen=True, slots=True)
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

    @property
    def delta(self) -> int:
        """Signed change in rating points."""
        return self.after - self.before

    @property
    def explanation(self) -> str:
        """One line saying why the rating moved."""
        score = f"{self.score2 / 2:g}/{self.pairings}"
        expected = f"{self.expected / EXPECTED_SCALE:.2f}"
        # With more than two sides K is shared out over the sides - 1 pairings (see the module).
        share = f"/{self.sides - 1}" if self.sides > 2 else ""
        k = f"K {self.k}{share}" + (" (provisional)" if self.provisional else "")
        return (
            f"{self.delta:+d} ({self.before} → {self.after}): scored {score} against opponents "
            f"averaging {self.opponents_average} (side {self.side_average}), expected {expected}, {k}"
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
        """Rate one match, update the book and return one change per player."""
        if match.void or len(match.sides) < 2:
            return []
        ratings = self.ratings.setdefault(match.family, {})
        games = self.games.setdefault(match.family, {})
        initial = self.config.initial
        sides = match.sides
        averages = [_average([ratings.get(p, initial) for p in s.players]) for s in sides]
        best = min(s.place for s in sides)
        divisor = EXPECTED_SCALE * (len(sides) - 1)
        changes: list[RatingChange] = []
        for a, side in enumerate(sides):
            score2 = expected = pairings = 0
            opponents: list[int] = []
            for b, other in enumerate(sides):
                if b == a or (match.winner_only and side.place != best and other.place != best):
                    continue
                diff = min(MAX_DIFF, max(-MAX_DIFF, averages[b] - averages[a]))
                expected += EXPECTED[diff + MAX_DIFF]
                score2 += 2 if side.place < other.place else 1 if side.place == other.place else 0
                pairings += 1
                opponents.extend(other.players)
            numerator = score2 * (EXPECTED_SCALE // 2) - expected
            opp_average = _average([ratings.get(p, initial) for p in opponents])
            for p in side.players:
                before = ratings.get(p, initial)
                played = games.get(p, 0)
                k = self.config.k_for(played)
                after = before + _div_round(k * numerator, divisor)
                changes.append(
                    RatingChange(
                        match.match_id,
                        match.family,
                        p,
                        before,
                        after,
                        k,
                        played < self.config.provisional_games,
                        averages[a],
                        opp_average,
                        played,
                        len(sides),
                        pairings,
                        score2,
                        expected,
                    )
                )
        # Written back only after every side is computed: all sides see the ratings from before.
        for c in changes:
            ratings[c.player] = c.after
            games[c.player] = games.get(c.player, 0) + 1
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
