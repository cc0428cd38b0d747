"""A family's rated matches read as plain values, for a full recompute: three queries, no model rows.

``league.services.ratings.rated_items`` says what one match rates from its model row (the
incremental path reads one match). A recompute reads every match of the family: here the
matches, their seats and (for games rated deal by deal) their finished deals' results come as
tuples from ``values_list``, grouped by match in Python, and are turned into the same
``elo.RatedMatch`` items in the same order; of a deal's result only the outcome, the winners and
the format are kept (``deal_ratings.rated_winners``). Duplicate tables (rated by matchpoints once their
round is over) are few and read their round's travellers: they go through ``rated_items`` on
their model rows, read in one more query.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from django.db.models import Prefetch

from engine.core.result import DealResult
from league import deal_ratings, elo
from league.models import Deal, Match, MatchSeat
from league.services import plain_rows, typed_rows
from league.services.games import partnerships

# (finished_at, the items the match rates); a match rating nothing has no items.
Rated = tuple[datetime, list[elo.RatedMatch]]


# A finished deal as the rating reads it: id, outcome, winners by seat, the result's format (or None).
DealWinners = tuple[int, Any, Any, Any]

# What one match rates, from its model row (``league.services.ratings.rated_items``), with a memo.
OneMatch = Callable[[Match, dict[Any, Any]], list[elo.RatedMatch]]


def family_items(family: str, games: list[str], rated_items: OneMatch) -> Iterator[Rated]:
    """Every finished rated match of ``family`` (games ``games``) in rating order, with its items;
    duplicate tables through ``rated_items``, the one-match path (passed in: the ratings import
    this module)."""

    finished = {"rated": True, "status": Match.Status.FINISHED}
    family_matches = Match.objects.filter(game__in=games, **finished)
    matches = list(
        plain_rows.rows(
            family_matches.order_by("finished_at", "id").values_list(
                "id", "game", "finished_at", "result__places", "result__format"
            )
        )
    )
    seats: dict[int, list[tuple[int, int | None]]] = {}
    for match_id, seat, player_id in plain_rows.rows(
        MatchSeat.objects.filter(match__game__in=games, **{f"match__{k}": v for k, v in finished.items()})
        .order_by("match_id", "seat")
        .values_list("match_id", "seat", "player_id")
    ):
        seats.setdefault(match_id, []).append((seat, player_id))
    per_deal = [g for g in games if deal_ratings.rated_per_deal(g)]
    deals = deal_results(per_deal, finished) if per_deal else {}
    # Duplicate tables (their boards listed) are few: their ids in a query of their own.
    duplicate = duplicate_tables(list(family_matches.exclude(boards=[]).values_list("id", flat=True)))
    memo: dict[Any, Any] = {}
    for match_id, game, finished_at, places, version in matches:
        at = seats.get(match_id, [])
        if not at or any(p is None for _s, p in at):
            yield finished_at, []  # no seats, or a bot's table: rates nobody
        elif match_id in duplicate:
            yield finished_at, rated_items(duplicate[match_id], memo)
        elif game in per_deal:
            players = [p for _s, p in at]
            yield finished_at, deal_items(game, family, match_id, deals.get(match_id, []), players)  # type: ignore[arg-type]
        else:
            yield finished_at, place_items(game, family, match_id, places, version, at)  # type: ignore[arg-type]


def deal_results(games: list[str], finished: dict[str, Any]) -> dict[int, list[DealWinners]]:
    """Match id → its finished deals' (id, outcome, winners, result format) in deal order."""
    out: dict[int, list[DealWinners]] = {}
    rows = plain_rows.rows(
        Deal.objects.filter(
            match__game__in=games,
            status=Deal.Status.FINISHED,
            **{f"match__{k}": v for k, v in finished.items()},
        )
        .order_by("match_id", "number")
        .values_list("match_id", "id", "result")
    )
    for match_id, deal_id, result in rows:
        if result:
            # Only the three keys the rating reads: a typed result of every key cost more than the fold.
            data = parsed(result)
            deal = (deal_id, data.get("outcome"), data.get("deal_winners"), data.get("format"))
            out.setdefault(match_id, []).append(deal)
    return out


def duplicate_tables(ids: list[int]) -> dict[int, Match]:
    """The duplicate tables' model rows with what ``rated_items`` reads of them."""
    if not ids:
        return {}
    seats = MatchSeat.objects.only("id", "match_id", "seat", "player_id", "entry_id")
    rows = (
        Match.objects.filter(pk__in=ids)
        .select_related("round", "tournament")
        .prefetch_related(Prefetch("seats", seats))
    )
    return {m.pk: m for m in rows}


def deal_items(
    game: str, family: str, match_id: int, deals: list[DealWinners], players: list[int]
) -> list[elo.RatedMatch]:
    """Each rated deal of a match rated deal by deal, as ``rated_items`` gives them."""
    items = []
    for deal_id, outcome, winners, version in deals:
        if version is not None:  # a result of a later format is refused, as when read whole
            DealResult.from_json({"format": version})
        item = deal_ratings.rated_winners(game, family, (match_id, deal_id), outcome, winners or (), players)
        if item is not None:
            items.append(item)
    return items


def parsed(value: Any) -> Any:
    """A JSON value as read: ``Deal.result`` comes as its text from psycopg's cursor (``plain_rows``)."""
    return json.loads(value) if isinstance(value, str) else value


def place_items(
    game: str, family: str, match_id: int, places: Any, version: Any, seats: list[tuple[int, int]]
) -> list[elo.RatedMatch]:
    """A match rated by its places (only they and the result's format are read): one item with a
    side per partnership (or per seat)."""
    if version is not None:  # a result of a later format is refused, as when read whole
        places = typed_rows.MatchResult.from_json({"format": version, "places": places}).places
    if not places or len(places) != len(seats):
        return []
    paired = partnerships(game)
    sides: dict[int, list[int]] = {}
    place_of: dict[int, int] = {}
    for seat, player in seats:
        side = seat % 2 if paired else seat
        sides.setdefault(side, []).append(player)
        place_of[side] = places[seat]
    return [
        elo.RatedMatch(match_id, family, tuple(elo.Side(tuple(p), place_of[s]) for s, p in sides.items()))
    ]
