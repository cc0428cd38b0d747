"""Bot-played sample deals stored like live ones: for demos, the browser tests and the bench."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone

from engine.core.match import Match as EngineMatch
from engine.core.match import selfplay_deal
from engine.core.registry import get_game
from league.models import Club, Match, MatchSeat, Tournament
from league.services import match_end, typed_rows
from replays.services.imports import store_deal


@transaction.atomic
def play_sample_match(
    club: Club, game_name: str, deals: int, seed: int, tournament: Tournament | None = None
) -> Match:
    """A finished casual (or tournament) match of ``deals`` heuristic-bot deals of ``game_name``."""
    game = get_game(game_name)
    rules = game.rules_from_json({})
    seats = game.default_seats
    rng = random.Random(seed)
    now = timezone.now()
    match = Match.objects.create(
        club=club,
        tournament=tournament,
        game=game_name,
        rules=rules.to_json(),
        kind=Match.Kind.LIVE,
        status=Match.Status.FINISHED,
        rated=False,
        deals_target=deals,
        started_at=now,
        finished_at=now,
    )
    MatchSeat.objects.bulk_create(MatchSeat(match=match, seat=s, bot="heuristic") for s in range(seats))
    engine_match = EngineMatch(game_name, rules, seats)
    for number in range(1, deals + 1):
        record = selfplay_deal(game, rules, seats, engine_match.situation, rng, ["heuristic"])
        store_deal(match, number, record, now)
        engine_match.add(record)
        if engine_match.over:
            break
    match.situation = engine_match.situation
    match_end.write_result(match, typed_rows.finished_results(match))
    match.save(update_fields=["situation", "result"])
    return match
