"""Elo ratings per game family, stored as RatingChange rows and each player's current PlayerRating.

The pure fold is ``league.elo``; this module feeds it every rated finished match (live and
offline) in a fixed order, ``(finished_at, match id)``. A match that finishes after every rated
match of its family is applied incrementally to the stored ratings; anything else (a correction,
a match finishing out of order) recomputes the family. Both paths write only what changed and
give identical numbers, because the fold is integer arithmetic in the same order.

Zhao Pengyou and Si Se Pai are rated deal by deal (``league/deal_ratings.py``): a finished match
of theirs is folded as its rated deals in deal order, one stored change per player and deal.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Prefetch, Q

from engine import game_names, get_game
from league import deal_ratings, elo
from league.models import Deal, Match, MatchSeat, PlayerRating, RatingChange
from league.services import bulk_rows, duplicate_ratings, plain_rows, rating_reads, typed_rows
from league.services.games import side_of


def family_of(game: str) -> str:
    """The rating family of a game (``Game.rating_family``: each game its own unless it says otherwise)."""
    return get_game(game).rating_family if game in game_names() else game


def games_of(family: str) -> list[str]:
    """The registered games rated in ``family``."""
    return [name for name in game_names() if get_game(name).rating_family == family]


def rating_families() -> list[str]:
    """Every family a registered game is rated in, sorted."""
    return sorted({get_game(name).rating_family for name in game_names()})


def by_deal(family: str) -> bool:
    """The family's ratings count deals, not matches (its games are rated deal by deal)."""
    return any(deal_ratings.rated_per_deal(name) for name in games_of(family))


def rated_items(match: Match, memo: dict[Any, Any] | None = None) -> list[elo.RatedMatch]:
    """What the fold rates for one match: the match by its places, or each rated deal (none if unrated).

    A duplicate table is rated by matchpoints or victory points once its round is over
    (``league.services.duplicate_ratings``); ``memo`` keeps a round's scores over a recompute.
    """
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    if not match.rated or match.status != Match.Status.FINISHED or not seats:
        return []
    if any(s.player_id is None for s in seats):
        return []  # a bot's table rates nobody
    players = [s.player_id for s in seats]
    family = family_of(match.game)
    if match.boards:
        duplicate_sides = duplicate_ratings.rated_sides(match, memo)
        return [elo.RatedMatch(match.pk, family, duplicate_sides)] if duplicate_sides else []
    if deal_ratings.rated_per_deal(match.game):
        deals = sorted(
            (d for d in match.deals.all() if d.status == Deal.Status.FINISHED), key=lambda d: d.number
        )
        items = (
            deal_ratings.rated_deal(match.game, family, match.pk, d.pk, typed, players)  # type: ignore[arg-type]
            for d in deals
            if (typed := typed_rows.deal_result(d)) is not None
        )
        return [item for item in items if item is not None]
    result = typed_rows.match_result(match)
    places = result.places if result is not None else ()
    if not places or len(places) != len(seats):
        return []
    sides: dict[int, list[int]] = {}
    place_of: dict[int, int] = {}
    for seat in seats:
        side = side_of(match.game, seat.seat)
        sides.setdefault(side, []).append(seat.player_id)  # type: ignore[arg-type]
        place_of[side] = places[seat.seat]
    return [
        elo.RatedMatch(match.pk, family, tuple(elo.Side(tuple(p), place_of[s]) for s, p in sides.items()))
    ]


def rated_matches(family: str) -> Iterable[Match]:
    """Every finished rated match of the family, in rating order."""
    games = games_of(family) or [family]
    # Only the columns the fold reads: a finished deal's row also holds its packed record.
    seats = MatchSeat.objects.only("id", "match_id", "seat", "player_id")
    deals = Deal.objects.only("id", "match_id", "number", "status", "result")
    return (
        Match.objects.filter(game__in=games, rated=True, status=Match.Status.FINISHED)
        .order_by("finished_at", "id")
        .select_related("round", "tournament")
        .prefetch_related(Prefetch("seats", seats), Prefetch("deals", deals))
    )


# The stored fields of a change after its key, in the order of ``change_rows``'s tuples.
CHANGE_FIELDS = ("family", "played_at", "before", "after", "opponents_average", "k", "explanation")
ROW_COLUMNS = ("match_id", "deal_id", "player_id", *CHANGE_FIELDS)
RATING_FIELDS = ("rating", "games", "last_played")
LOCK_SPACE = 0x454C4F  # the first key of the family locks ("ELO"), apart from other advisory locks


def change_rows(book: elo.RatingBook, item: elo.RatedMatch, played_at: Any) -> list[tuple[Any, ...]]:
    """Fold one item into ``book``: its changes as stored rows (``ROW_COLUMNS``)."""
    m, d, family, sides = item.match_id, item.deal_id, item.family, len(item.sides)
    explanation = elo.explanation
    return [
        (m, d, f[0], family, played_at, f[1], f[2], f[6], f[3], explanation(f, sides))
        for f in book.rate(item)
    ]


def _write_changes(family: str, rows: list[tuple[Any, ...]], scope: Q) -> None:
    """Make the family's stored changes in ``scope`` equal ``rows`` (``ROW_COLUMNS``)."""
    # Every stored row by all its values: a row of ``rows`` found there is stored as it is; what
    # is left of them afterwards (changed or gone) is deleted, and a changed row written again.
    stored = {
        row[:-1]: row[-1]
        for row in plain_rows.rows(
            RatingChange.objects.filter(scope, family=family).values_list(*ROW_COLUMNS, "pk")
        )
    }
    new = [row for row in rows if stored.pop(row, None) is None]
    bulk_rows.delete(RatingChange, list(stored.values()))
    bulk_rows.insert(RatingChange, ROW_COLUMNS, new)


def _write_ratings(
    family: str, book: elo.RatingBook, last: dict[int, Any], players: Iterable[int] | None
) -> None:
    """Store current ratings (only those that differ) for ``players`` (all of the family if None)."""
    ratings = book.ratings.get(family, {})
    games = book.games.get(family, {})
    scope = PlayerRating.objects.filter(family=family)
    if players is not None:
        scope = scope.filter(player_id__in=list(players))
    stored = {
        player: (pk, (rating, count, played))
        for pk, player, rating, count, played in plain_rows.rows(
            scope.values_list("pk", "player_id", *RATING_FIELDS)
        )
    }
    new: list[tuple[Any, ...]] = []
    changed: list[PlayerRating] = []
    for player, rating in ratings.items():
        if players is not None and player not in last:
            continue
        values = (rating, games[player], last.get(player))
        row = stored.pop(player, None)
        if row is None:
            new.append((player, family, *values))
        elif row[1] != values:
            fields = dict(zip(RATING_FIELDS, values, strict=True))
            changed.append(PlayerRating(pk=row[0], player_id=player, family=family, **fields))
    bulk_rows.insert(PlayerRating, ("player_id", "family", *RATING_FIELDS), new)
    # Updated in place (a player's row is what the rankings page lists, and there are far fewer
    # ratings than changes).
    PlayerRating.objects.bulk_update(changed, RATING_FIELDS, batch_size=bulk_rows.BATCH)
    if players is None and stored:
        bulk_rows.delete(PlayerRating, [pk for pk, _ in stored.values()])


@transaction.atomic
def recompute_family(family: str, progress: Callable[[int, int], None] | None = None) -> int:
    """Rate every match of the family from scratch; returns the number of rated matches."""
    lock_family(family)
    matches = list(rating_reads.family_items(family, games_of(family) or [family], rated_items))
    book = elo.RatingBook()
    rows: list[tuple[Any, ...]] = []
    last: dict[int, Any] = {}
    count = 0
    for i, (finished_at, items) in enumerate(matches, start=1):
        count += bool(items)
        for item in items:
            changes = change_rows(book, item, finished_at)
            rows.extend(changes)
            for change in changes:
                last[change[2]] = finished_at
        if progress:
            progress(i, len(matches))
    _write_changes(family, rows, Q())
    _write_ratings(family, book, last, None)
    return count


def lock_family(family: str) -> None:
    """One rater per family at a time, until the transaction ends.

    PostgreSQL: a transaction-level advisory lock keyed by the family (reading and locking every
    PlayerRating row of the family would cost as much as the family has players). SQLite takes one
    writer at a time anyway.
    """
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"ratings:{family}".encode()) - 2**31  # a signed 32-bit key
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_SPACE, key])


@transaction.atomic
def rate_match(match_id: int) -> str:
    """Rate one finished match: incrementally when it is the family's latest, else recompute the family."""
    match = Match.objects.prefetch_related("seats", "deals").get(pk=match_id)
    family = family_of(match.game)
    lock_family(family)
    if match.boards:
        # A duplicate table is rated when its round ends, with the round's tables that finished
        # before it (skipped then) and a team match's other table: the family is recomputed so
        # that each takes its place in the rating order.
        if not duplicate_ratings.round_over(match):
            return "skipped"
        recompute_family(family)
        return "recomputed"
    items = rated_items(match)
    already = RatingChange.objects.filter(match=match).exists()
    # The family's last rated match, read from the end of the (family, played_at, match) index.
    latest = (
        RatingChange.objects.filter(family=family)
        .order_by("-played_at", "-match_id")
        .values_list("played_at", "match_id")
        .first()
    )
    later = latest is not None and latest > (match.finished_at, match.pk)
    if already or later or not items:
        if not items and not already:
            return "skipped"
        recompute_family(family)
        return "recomputed"
    players = sorted({p for item in items for side in item.sides for p in side.players})
    book = elo.RatingBook()
    for row in PlayerRating.objects.filter(family=family, player_id__in=players):
        book.ratings.setdefault(family, {})[row.player_id] = row.rating
        book.games.setdefault(family, {})[row.player_id] = row.games
    rows = [row for item in items for row in change_rows(book, item, match.finished_at)]
    _write_changes(family, rows, Q(match=match))
    _write_ratings(family, book, {p: match.finished_at for p in players}, players)
    return "applied"


def families() -> list[str]:
    """Every family with a finished rated match."""
    games = Match.objects.filter(rated=True, status=Match.Status.FINISHED).values_list("game", flat=True)
    return sorted({family_of(g) for g in games.distinct()})
