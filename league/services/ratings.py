"""Elo ratings per game family, stored as RatingChange rows and each player's current PlayerRating.

The pure fold is ``league.elo``; this module feeds it every rated finished match (live and
offline) in a fixed order, ``(finished_at, match id)``. A match that finishes after every rated
match of its family is applied incrementally to the stored ratings; anything else (a correction,
a match finishing out of order) recomputes the family. Both paths write only what changed and
give identical numbers, because the fold is integer arithmetic in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction
from django.db.models import Q

from league import elo
from league.models import Match, PlayerRating, RatingChange
from league.services.games import side_of

FAMILY_OF_GAME = {"shengji": "shengji", "tractor": "tractor", "sandaha": "sandaha", "sisepai": "sisepai"}
# Free-for-all games where only the winner is ranked against each other player (league/elo.py).
WINNER_ONLY = frozenset({"sisepai"})


def family_of(game: str) -> str:
    """The rating family of a game (each game is its own family unless mapped otherwise)."""
    return FAMILY_OF_GAME.get(game, game)


def rated_match(match: Match) -> elo.RatedMatch | None:
    """The fold's view of a finished rated match, or ``None`` if it cannot be rated (bots, no result)."""
    places = (match.result or {}).get("places")
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    if not match.rated or match.status != Match.Status.FINISHED or not places or not seats:
        return None
    if any(s.player_id is None for s in seats) or len(places) != len(seats):
        return None
    sides: dict[int, list[int]] = {}
    place_of: dict[int, int] = {}
    for seat in seats:
        side = side_of(match.game, seat.seat)
        sides.setdefault(side, []).append(seat.player_id)  # type: ignore[arg-type]
        place_of[side] = places[seat.seat]
    winner_only = match.game in WINNER_ONLY
    return elo.RatedMatch(
        match.pk,
        family_of(match.game),
        tuple(elo.Side(tuple(p), place_of[s]) for s, p in sides.items()),
        winner_only=winner_only,
        # A free-for-all table where nobody came out ahead has no winner to rate.
        void=winner_only and len(set(place_of.values())) == 1,
    )


def rated_matches(family: str) -> Iterable[Match]:
    """Every finished rated match of the family, in rating order."""
    games = [g for g, f in FAMILY_OF_GAME.items() if f == family] or [family]
    return (
        Match.objects.filter(game__in=games, rated=True, status=Match.Status.FINISHED)
        .order_by("finished_at", "id")
        .prefetch_related("seats")
    )


def change_values(change: elo.RatingChange, match: Match) -> dict[str, Any]:
    """Stored fields of one change."""
    return {
        "family": change.family,
        "played_at": match.finished_at,
        "before": change.before,
        "after": change.after,
        "opponents_average": change.opponents_average,
        "k": change.k,
        "explanation": change.explanation,
    }


def _write_changes(family: str, rows: dict[tuple[int, int], dict[str, Any]], scope: Q) -> int:
    """Make the stored changes in ``scope`` equal ``rows``; returns how many rows were written."""
    stored = {(c.match_id, c.player_id): c for c in RatingChange.objects.filter(scope, family=family)}
    written = 0
    for (match_id, player_id), values in rows.items():
        row = stored.pop((match_id, player_id), None)
        if row is None:
            RatingChange.objects.create(match_id=match_id, player_id=player_id, **values)
            written += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            RatingChange.objects.filter(pk=row.pk).update(**values)
            written += 1
    if stored:
        RatingChange.objects.filter(pk__in=[c.pk for c in stored.values()]).delete()
        written += len(stored)
    return written


def _write_ratings(
    family: str, book: elo.RatingBook, last: dict[int, Any], players: Iterable[int] | None
) -> None:
    """Store current ratings (only those that differ) for ``players`` (all of the family if None)."""
    ratings = book.ratings.get(family, {})
    games = book.games.get(family, {})
    scope = PlayerRating.objects.filter(family=family)
    if players is not None:
        scope = scope.filter(player_id__in=list(players))
    stored = {r.player_id: r for r in scope}
    for player, rating in ratings.items():
        if players is not None and player not in last:
            continue
        values = {"rating": rating, "games": games[player], "last_played": last.get(player)}
        row = stored.pop(player, None)
        if row is None:
            PlayerRating.objects.create(player_id=player, family=family, **values)
        elif any(getattr(row, k) != v for k, v in values.items()):
            PlayerRating.objects.filter(pk=row.pk).update(**values)
    if players is None and stored:
        PlayerRating.objects.filter(pk__in=[r.pk for r in stored.values()]).delete()


@transaction.atomic
def recompute_family(family: str, progress: Callable[[int, int], None] | None = None) -> int:
    """Rate every match of the family from scratch; returns the number of rated matches."""
    matches = list(rated_matches(family))
    book = elo.RatingBook()
    rows: dict[tuple[int, int], dict[str, Any]] = {}
    last: dict[int, Any] = {}
    count = 0
    for i, match in enumerate(matches, start=1):
        rated = rated_match(match)
        if rated is not None:
            count += 1
            for change in book.apply(rated):
                rows[(match.pk, change.player)] = change_values(change, match)
                last[change.player] = match.finished_at
        if progress:
            progress(i, len(matches))
    _write_changes(family, rows, Q())
    _write_ratings(family, book, last, None)
    return count


@transaction.atomic
def rate_match(match_id: int) -> str:
    """Rate one finished match: incrementally when it is the family's latest, else recompute the family."""
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    family = family_of(match.game)
    # One rater per family at a time: the PlayerRating rows of the family are the lock.
    list(PlayerRating.objects.select_for_update().filter(family=family).values_list("pk", flat=True))
    rated = rated_match(match)
    already = RatingChange.objects.filter(match=match).exists()
    later = RatingChange.objects.filter(family=family).filter(
        Q(played_at__gt=match.finished_at) | Q(played_at=match.finished_at, match_id__gt=match.pk)
    )
    if already or later.exists() or rated is None:
        if rated is None and not already:
            return "skipped"
        recompute_family(family)
        return "recomputed"
    players = [p for side in rated.sides for p in side.players]
    book = elo.RatingBook()
    for row in PlayerRating.objects.filter(family=family, player_id__in=players):
        book.ratings.setdefault(family, {})[row.player_id] = row.rating
        book.games.setdefault(family, {})[row.player_id] = row.games
    rows = {(match.pk, c.player): change_values(c, match) for c in book.apply(rated)}
    _write_changes(family, rows, Q(match=match))
    _write_ratings(family, book, {p: match.finished_at for p in players}, players)
    return "applied"


def families() -> list[str]:
    """Every family with a finished rated match."""
    games = Match.objects.filter(rated=True, status=Match.Status.FINISHED).values_list("game", flat=True)
    return sorted({family_of(g) for g in games.distinct()})
