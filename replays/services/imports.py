"""Uploading records: parse a deal, match or NDJSON file, check every deal with the engine, and
only then store each match as an uploaded Match with its Deal and Move rows.

Nothing is stored unless every deal replays: the first problem (which deal, which action, and
the engine's reason) is returned to the uploader instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.files import File
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cardclub.engine_errors import player_message
from engine.core.errors import EngineError
from engine.core.match import Match as EngineMatch
from engine.core.record import MAX_JSON_DEPTH, DealRecord, check_record, json_depth
from engine.core.registry import get_game
from league.models import Club, Deal, Match, MatchSeat, Player
from league.services import archive, match_end, typed_rows
from replays.services.records import MATCH_FORMAT, TOURNAMENT_FORMAT

MAX_BYTES = 5 * 1024 * 1024


class UploadError(ValueError):
    """Why an upload was refused, in words for the uploader."""


@dataclass
class CheckedMatch:
    """The records of one match, replayed and checked, with where the match ended."""

    records: list[DealRecord]
    match: EngineMatch


def parse_upload(text: str) -> list[list[dict[str, Any]]]:
    """The deal records of each match in an uploaded file (a deal, a match file, or NDJSON)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return _parse_ndjson(text)
    except RecursionError:
        raise UploadError(too_deep()) from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise UploadError(too_deep())
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        deals = data.get("deals")
        if not isinstance(deals, list) or not deals:
            raise UploadError(_("The match file has no deals."))
        return [deals]
    if isinstance(data, dict):
        return [[data]]
    raise UploadError(_("The file is neither a deal record nor a match file."))


def too_deep() -> str:
    """The refusal of a file nested deeper than any record."""
    return _("The file's JSON is nested more than %(n)s levels deep; no record is.") % {"n": MAX_JSON_DEPTH}


def _parse_ndjson(text: str) -> list[list[dict[str, Any]]]:
    groups: dict[Any, list[dict[str, Any]]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UploadError(_("Line %(n)s is not JSON: %(why)s") % {"n": number, "why": exc.msg}) from None
        except RecursionError:
            raise UploadError(too_deep()) from None
        if json_depth(data) > MAX_JSON_DEPTH:
            raise UploadError(too_deep())
        if not isinstance(data, dict):
            raise UploadError(_("Line %(n)s is not a JSON object.") % {"n": number})
        if data.get("format") == TOURNAMENT_FORMAT:
            continue
        groups.setdefault(data.get("match"), []).append(data)
    if not groups:
        raise UploadError(_("The file holds no deal record."))
    return list(groups.values())


def check_match(deals: Sequence[Mapping[str, Any]], label: str) -> CheckedMatch:
    """Load and replay a match's records with the engine; ``UploadError`` names the first fault."""
    records: list[DealRecord] = []
    for number, data in enumerate(deals, start=1):
        try:
            record = DealRecord.from_json(data)
            state = check_record(record)
        except (EngineError, ValueError, TypeError, KeyError, IndexError) as exc:
            raise UploadError(_fault(label, number, exc)) from None
        if not state.is_over():
            raise UploadError(_fault(label, number, _("the deal is not finished")))
        record.result = state.result()
        records.append(record)
    return CheckedMatch(records, chain(records, label))


def chain(records: list[DealRecord], label: str) -> EngineMatch:
    """The match the deals form: each must start where the previous one left the match."""
    first = records[0]
    game = get_game(first.game)
    match = EngineMatch(first.game, game.rules_from_json(first.rules), len(first.seats), first.situation)
    for number, record in enumerate(records, start=1):
        if record.game != first.game:
            raise UploadError(_fault(label, number, _("a match holds deals of one game only")))
        if record.situation != match.situation:
            raise UploadError(
                _fault(label, number, _("the deal does not start where the previous one ended"))
            )
        match.add(record)
    return match


def _fault(label: str, number: int, why: object) -> str:
    message = player_message(why) if isinstance(why, EngineError) else why
    return _("%(match)s, deal %(n)s: %(why)s") % {"match": label, "n": number, "why": message}


def check_upload(text: str) -> list[CheckedMatch]:
    """Every match of an uploaded file, checked; ``UploadError`` on the first problem."""
    groups = parse_upload(text)
    return [check_match(deals, _("Match %(n)s") % {"n": i}) for i, deals in enumerate(groups, start=1)]


@transaction.atomic
def store_match(club: Club, checked: CheckedMatch) -> Match:
    """Store a checked match as an uploaded, finished Match with its Deal and Move rows."""
    first = checked.records[0]
    now = timezone.now()
    match = Match.objects.create(
        club=club,
        game=first.game,
        rules=first.rules,
        kind=Match.Kind.UPLOADED,
        status=Match.Status.FINISHED,
        rated=False,
        deals_target=len(checked.records),
        situation=checked.match.situation,
        started_at=now,
        finished_at=now,
    )
    players = {
        p.name: p for p in Player.objects.filter(club=club, name__in=[s.get("name") for s in first.seats])
    }
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, player=players.get(str(s.get("name"))))
        for i, s in enumerate(first.seats)
    )
    for number, record in enumerate(checked.records, start=1):
        store_deal(match, number, record, now)
    match_end.write_result(match, typed_rows.finished_results(match))
    match.save(update_fields=["result"])
    return match


def store_deal(match: Match, number: int, record: DealRecord, when: Any) -> Deal:
    """One finished deal with its moves, packed (league/services/archive.py)."""
    deal = Deal(
        match=match,
        number=number,
        game=record.game,
        rules=record.rules,
        seats=record.seats,
        situation=record.situation,
        deck=record.deck,
        salt=record.salt,
        commitment=record.commitment,
        status=Deal.Status.FINISHED,
        version=len(record.actions),
        has_moves=True,
        result=record.result,
        finished_at=when,
    )
    archive.store_packed(deal, archive.record_moves(record.actions))
    deal.save()
    return deal


def import_file(club: Club, text: str) -> list[Match]:
    """Check a whole file, then store its matches (all or nothing)."""
    checked = check_upload(text)
    with transaction.atomic():
        return [store_match(club, c) for c in checked]


def read_upload(upload: File[bytes]) -> str:
    """The text of an uploaded file (UTF-8, at most ``MAX_BYTES``)."""
    if upload.size > MAX_BYTES:
        raise UploadError(_("The file is larger than 5 MB."))
    data: bytes = upload.read()  # django-stubs type File.read as Any
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UploadError(_("The file is not UTF-8 text.")) from None
