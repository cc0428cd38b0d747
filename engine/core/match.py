"""Matches: a series of deals at one table, each starting from the situation the last one left.

A match is rebuilt from its deals' records alone: the first record's situation (``None`` for a
new match) and each result give the next situation through ``Game.next_situation``; the match is
won once ``Game.match_winners`` names winners. ``play_deal`` drives one deal with bots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.errors import BadRecord
from engine.core.game import JSON, Action, Bot, DealState, Game, Rules
from engine.core.record import DealRecord, check_record, new_salt, start_record
from engine.core.registry import get_game

MAX_STEPS = 100_000  # a deal longer than this is a bug in a bot or a game


@dataclass
class Match:
    """The deals of one match so far and where they leave it."""

    game: str
    rules: Rules
    seats: int
    situation: dict[str, JSON] | None = None
    deals: list[DealRecord] = field(default_factory=list)
    winners: list[int] | None = None

    def add(self, record: DealRecord) -> None:
        """Account for one finished deal."""
        if record.result is None:
            raise BadRecord("a match only takes finished deals")
        game = get_game(self.game)
        self.deals.append(record)
        self.situation = game.next_situation(self.rules, self.seats, self.situation, record.result)
        self.winners = game.match_winners(self.rules, self.situation)

    @property
    def over(self) -> bool:
        """True once the match has winners."""
        return self.winners is not None


def rebuild(records: Sequence[DealRecord]) -> Match:
    """The match formed by ``records`` (in order), replaying and checking each one."""
    if not records:
        raise BadRecord("a match needs at least one deal")
    first = records[0]
    game = get_game(first.game)
    match = Match(first.game, game.rules_from_json(first.rules), len(first.seats), first.situation)
    for record in records:
        if record.situation != match.situation:
            raise BadRecord(f"deal {len(match.deals) + 1} does not start where the previous one ended")
        state = check_record(record)
        record.result = state.result()
        match.add(record)
    return match


def play_deal(state: DealState, bots: Sequence[Bot], trusted: bool = False) -> list[tuple[int, str]]:
    """Let ``bots`` (one per seat) play ``state`` to its end; return the actions taken.

    ``trusted``: a search's playout on a copy, whose bots only pick legal actions, performs them
    with ``apply_trusted`` and keeps no list."""
    actions: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        if state.is_over():
            return actions
        seat, action = bot_move(state, bots)
        if trusted:
            state.apply_trusted(seat, action)
            continue
        state.apply(seat, action)
        actions.append((seat, str(action)))
    raise RuntimeError("deal did not end")


def bot_move(state: DealState, bots: Sequence[Bot]) -> tuple[int, Action]:
    """The next move of a deal ``bots`` play, and its seat: the first optional action offered
    (seats in order), else the choice of the seat the deal waits for."""
    must = state.must_move()
    movers = state.to_move()
    if movers is not must:  # most positions: the very set ``must_move`` gave, nobody to offer
        for seat in sorted(movers - must):
            action = bots[seat].offer(state, seat)
            if action is not None:
                return seat, action
    seat = min(must)
    return seat, bots[seat].choose(state, seat)


def selfplay_deal(
    game: Game,
    rules: Rules,
    seats: int,
    situation: Mapping[str, JSON] | None,
    rng: random.Random,
    kinds: Sequence[str],
) -> DealRecord:
    """One bot-played deal from ``rng``: shuffled deck, salt, bots, actions and result."""
    deck = game.shuffled_deck(rules, seats, rng)
    salt = new_salt(rng)
    names = [{"name": f"{kinds[s % len(kinds)]} bot {s}", "id": None} for s in range(seats)]
    record = start_record(game, rules.to_json(), names, deck, situation, salt)
    state = game.start(rules, seats, deck, situation)
    bots = [game.bot(kinds[s % len(kinds)], random.Random(rng.getrandbits(64))) for s in range(seats)]
    record.actions = play_deal(state, bots)
    record.result = state.result()
    return record
