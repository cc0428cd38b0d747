"""Fair deals and the match flow: a committed deck per deal, then deal after deal until the match ends.

Each deck comes from a server secret (``secrets.token_hex`` → ``random.Random(seed)`` →
``Game.shuffled_deck``); the SHA-256 commitment of salt + deck is shown when the deal starts, and
the deck, salt and seed are revealed when it ends, so players can check the cards were fixed.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone, translation

from engine import get_game
from engine.core.game import DealState
from engine.core.record import commitment
from league.models import Deal, Match, MatchSeat
from league.services import archive, duplicate, match_end, names, typed_rows
from league.services.clubs import ensure_player
from replays.services import reviews
from tables.models import LiveTable
from tables.services import pacing
from tables.services.lobby_rows import lobby_changed


def seat_records(match: Match) -> list[dict[str, Any]]:
    """The record's seat list: names, player ids and bot kinds in seat order; a bot is named with
    its seat ("Expert bot (East)", league.services.names), so a record's bots can be told apart."""
    seats = list(MatchSeat.objects.filter(match=match).select_related("player").order_by("seat"))
    with translation.override("en"):  # a record is read in every language: pages rename its bots
        return [
            {
                "name": names.bot_name(names.kind_name(s.bot), s.seat, len(seats))
                if s.bot
                else s.display_name,
                "id": s.player_id,
                "bot": s.bot,
            }
            for s in seats
        ]


def start_deal(match: Match, number: int) -> Deal:
    """Create deal ``number`` of ``match`` from a fresh server secret, starting at the match's situation."""
    game = get_game(match.game)
    seats = seat_records(match)
    situation, board = duplicate.start_of(match, number)
    if board is not None:
        # A duplicate table draws from the round's board (league/boards.py), not a fresh shuffle.
        return Deal.objects.create(
            match=match,
            number=number,
            game=match.game,
            rules=match.rules,
            seats=seats,
            situation=situation,
            deck=board.deck,
            salt=board.salt,
            commitment=board.commitment,
            board=board,
        )
    seed = secrets.token_hex(16)
    deck = game.shuffled_deck(game.rules_from_json(match.rules), len(seats), random.Random(seed))
    salt = secrets.token_hex(16)
    return Deal.objects.create(
        match=match,
        number=number,
        game=match.game,
        rules=match.rules,
        seats=seats,
        situation=situation,
        deck=list(deck),
        salt=salt,
        commitment=commitment(salt, deck),
        seed=seed,
    )


def finish_deal(deal: Deal, state: DealState) -> bool:
    """Store a finished deal's result and carry the match on; True when the match is over.

    Called inside the transaction that applied the deal's last move, with the deal row locked.
    """
    match = Match.objects.select_for_update().get(pk=deal.match_id)
    game = get_game(deal.game)
    rules = game.rules_from_json(deal.rules)
    result = state.result() or {}
    deal.status = Deal.Status.FINISHED
    deal.result = result
    deal.finished_at = timezone.now()
    # A club that reviews its tournament deals queues this one once the move that ended it is stored.
    transaction.on_commit(lambda: reviews.deal_finished(deal.pk), robust=True)
    match.situation = game.next_situation(rules, len(deal.seats), deal.situation, result)
    earlier = Deal.objects.filter(match=match, status=Deal.Status.FINISHED).exclude(pk=deal.pk)
    stored = (d.result for d in earlier.order_by("number") if d.result)
    results = [*typed_rows.results(deal.game, stored), game.typed_result(result)]
    over = match_end.is_over(match, results, match.situation)
    if over:
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match_end.write_result(match, results)
        LiveTable.objects.filter(match=match).update(status=LiveTable.Status.FINISHED)
        for table_id in LiveTable.objects.filter(match=match).values_list("pk", flat=True):
            lobby_changed(table_id)
        # robust: a failing league hook is logged and never undoes or breaks the move that ended the match.
        transaction.on_commit(lambda: match_finished(match.pk), robust=True)
    match.save(update_fields=["situation", "status", "finished_at", "result"])
    return bool(over)


def next_deal(match_id: int, after: int) -> Deal | None:
    """Start the deal after deal ``after`` unless the match is over or it exists already (idempotent)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.PLAYING:
            return None
        last = Deal.objects.filter(match=match).order_by("-number").first()
        if last is None or last.number != after or last.status != Deal.Status.FINISHED:
            return None
        return start_deal(match, after + 1)


def begin_match(table: LiveTable) -> Deal:
    """Create the league match of a table that is about to play, with its seats and first deal."""
    match = table.match
    if match is None:
        match = Match.objects.create(
            club=table.club, game=table.game, rules=table.rules, rated=False, kind=Match.Kind.LIVE
        )
        for seat in table.seats.select_related("user").order_by("seat"):
            player = seat.player
            if player is None and seat.user_id is not None:
                # A member who has never played still gets a player row, so records and ratings name them.
                player = ensure_player(table.club, seat.user)
            MatchSeat.objects.create(match=match, seat=seat.seat, player=player, bot=seat.bot)
        table.match = match
    match.status = Match.Status.PLAYING
    match.started_at = timezone.now()
    match.deals_target = match.deals_target or table.deals_target
    if table.match_minutes and match.ends_at is None:
        match.ends_at = match.started_at + timedelta(minutes=table.match_minutes)
    match.save()
    table.status = LiveTable.Status.PLAYING
    table.save(update_fields=["match", "status"])
    return start_deal(match, 1)


def match_finished(match_id: int) -> None:
    """After the commit that ended a match: record its result, standings and ratings (settle.py)."""
    pacing.settle_soon(match_id)


def reveal(deal: Deal) -> dict[str, Any]:
    """What a deal shows about its deck: the commitment always; deck, salt and seed once it ends."""
    head = archive.head(deal)
    fairness: dict[str, Any] = {"commitment": head.commitment}
    if deal.status == Deal.Status.FINISHED and not duplicate.board_hidden(deal):
        fairness.update({"deck": head.deck, "salt": head.salt, "seed": head.seed})
    return fairness
