"""Deals as engine records: a Deal row and its Moves in, a ``DealRecord`` out, and back.

The export formats (docs/record-format.md describes the deal record itself):

- a deal: the engine's record JSON;
- a match: ``{"format": "cardclub-match", "version": 1, "game", "rules", "seats", "deals": [...]}``;
- a tournament: NDJSON, a ``cardclub-tournament`` header line then one deal record per line, each
  with the ``match`` and ``number`` it belongs to (extra keys a record loader ignores).

Every export holds a duplicate board's salt back (an empty ``salt``) until the board's round ends,
as docs/duplicate.md says; the commitment is there from the start.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from django.db.models import QuerySet

from engine.core.record import DealRecord
from league.models import Deal, Match, Tournament
from league.services.duplicate import board_hidden

MATCH_FORMAT = "cardclub-match"
TOURNAMENT_FORMAT = "cardclub-tournament"


def deal_record(deal: Deal) -> DealRecord:
    """The engine record of a stored deal (its moves in order)."""
    actions = [(seat, text) for seat, text in deal.moves.order_by("seq").values_list("seat", "action")]
    return DealRecord(
        game=deal.game,
        rules=dict(deal.rules or {}),
        seats=[dict(s) for s in deal.seats],
        deck=list(deal.deck),
        situation=deal.situation,
        salt=deal.salt,
        commitment=deal.commitment,
        actions=actions,
        result=deal.result,
        ruleset=ruleset_label(deal.match),
    )


def exported_record(deal: Deal) -> DealRecord:
    """The record a download holds: a board's salt withheld while its round runs."""
    record = deal_record(deal)
    if board_hidden(deal):
        record.salt = ""
    return record


def ruleset_label(match: Match) -> dict[str, Any] | None:
    """How a record names the rule set version its match was played under (docs/record-format.md)."""
    tournament = match.tournament
    if tournament is not None and tournament.ruleset is not None:
        return tournament.ruleset.label()
    table = getattr(match, "live_table", None)
    return table.ruleset.label() if table is not None and table.ruleset is not None else None


def dumps(data: Any) -> str:
    """Compact JSON that keeps Chinese names readable."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def match_export(match: Match, deals: list[Deal]) -> dict[str, Any]:
    """A match file: its header and the record of each of ``deals`` (its finished deals the reader
    may see, in order)."""
    seats = deals[0].seats if deals else []
    return {
        "format": MATCH_FORMAT,
        "version": 1,
        "game": match.game,
        "rules": match.rules,
        "seats": seats,
        "club": match.club.slug,
        "tournament": match.tournament.name if match.tournament is not None else None,
        "deals": [exported_record(d).to_json() for d in deals],
    }


def tournament_lines(tournament: Tournament, deals: QuerySet[Deal]) -> Iterator[str]:
    """NDJSON of a tournament: a header line, then the record of each of ``deals`` (its finished
    deals the reader may see)."""
    header = {
        "format": TOURNAMENT_FORMAT,
        "version": 1,
        "club": tournament.club.slug,
        "tournament": tournament.name,
        "slug": tournament.slug,
        "game": tournament.game,
        "rules": tournament.rules,
    }
    yield dumps(header) + "\n"
    ordered = deals.order_by("match__round__number", "match__table_number", "match_id", "number")
    # Each record names its rule set (ruleset_label) and the board's round decides its salt:
    # read with the deals, not once per deal.
    ordered = ordered.select_related(
        "match__round", "match__tournament__ruleset__club", "match__live_table__ruleset__club"
    )
    for deal in ordered:
        line = exported_record(deal).to_json()
        line.update({"match": deal.match_id, "number": deal.number})
        yield dumps(line) + "\n"
