"""A live deal's engine state at a version, rebuilt from the move log (``live.LiveDeal`` holds it).

The state of a deal is a pure function of its record (rules, seats, deck, situation) and its
moves (Move rows, or its pack once finished: league/services/archive.py), so any process can
rebuild it at any version; ``live.py`` keeps the newest one per deal.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine import get_game
from engine.core.game import DealState
from league.models import Deal
from league.services import archive


@dataclass
class Cached:
    """A deal's engine state at ``version``, reached at ``since`` (epoch seconds)."""

    version: int
    state: DealState
    since: float
    deal: Deal | None = None  # the row the state belongs to (game, seed, match), kept in step


def fresh_state(deal: Deal) -> DealState:
    """The deal's state before its first move."""
    game = get_game(deal.game)
    head = archive.head(deal)  # a finished deal's record may be packed (league/services/archive.py)
    return game.start(game.rules_from_json(head.rules), len(head.seats), head.deck, head.situation)


def replay(deal: Deal, upto: int) -> Cached:
    """The state after the first ``upto`` moves, rebuilt from the move log (nothing held)."""
    game = get_game(deal.game)
    state = fresh_state(deal)
    since = deal.started_at.timestamp()
    for move in archive.moves(deal, 0, upto):
        state.apply(move.seat, game.parse_action(move.action))
        since = move.created.timestamp()
    return Cached(upto, state, since, deal)


def now() -> float:
    """Epoch seconds (the clock the live deals stamp versions with)."""
    return time.time()
