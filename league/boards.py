"""Duplicate boards (复式牌): a deck order with the deal's situation, made from a round's secret seed.

Pure Python, no Django. A board is what every table of a duplicate round plays: the order cards
are drawn (the stack, top card first), the dealer (庄家) and both sides' levels. Board ``k`` of a
round is a function of the round's secret seed and ``k`` alone, so the server can make it again
at any table, and anyone holding the seed after the round can check it. Each board carries the
deck commitment the live tables already use (``engine.core.record.commitment``: SHA-256 of salt +
deck), published when the round starts; the seed, salts and decks are revealed when it ends.

The dealer rotates with the board number as in bridge (board 1: seat 0, board 2: seat 1, ...),
so each direction deals equally often; the levels are drawn from the seed between the starting
level and K (A is left out: winning at A ends a match, which a single board has no use for).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.game import JSON
from engine.core.record import commitment, new_salt
from engine.core.registry import get_game
from engine.family.cards import RANKS

# The partnership games duplicate play is offered for: four seats, partners opposite, levels.
DUPLICATE_GAMES = ("shengji", "tractor")
SEATS = 4


@dataclass(frozen=True)
class Board:
    """One board: number, stack (top card first), dealer seat, levels [seats 0 & 2, seats 1 & 3]."""

    number: int
    deck: tuple[str, ...]
    dealer: int
    levels: tuple[str, str]
    salt: str
    commitment: str

    def situation(self) -> dict[str, JSON]:
        """The engine situation a table starts this board from (``engine.family.levels`` format)."""
        return {"deal": 1, "dealer": self.dealer, "levels": list(self.levels), "winners": None}


def board_rng(seed: str, number: int) -> random.Random:
    """The generator of board ``number``: seeded by SHA-256 of the round's seed and the number."""
    digest = hashlib.sha256(f"{seed}:board:{number}".encode()).hexdigest()
    return random.Random(int(digest, 16))


def make_board(game: str, rules_json: dict[str, JSON], seed: str, number: int) -> Board:
    """Board ``number`` (1-based) of the round whose secret is ``seed``."""
    if game not in DUPLICATE_GAMES:
        raise ValueError(f"duplicate boards are made for {', '.join(DUPLICATE_GAMES)}, not {game}")
    if number < 1:
        raise ValueError(f"boards are numbered from 1, got {number}")
    engine_game = get_game(game)
    rules = engine_game.rules_from_json(rules_json)
    rng = board_rng(seed, number)
    deck = engine_game.shuffled_deck(rules, SEATS, rng)
    start = RANKS.index(getattr(rules, "start", "2"))
    levels = (RANKS[rng.randrange(start, RANKS.index("K") + 1)], RANKS[rng.randrange(start, 12)])
    salt = new_salt(rng)
    return Board(number, deck, (number - 1) % SEATS, levels, salt, commitment(salt, deck))


def make_boards(game: str, rules_json: dict[str, JSON], seed: str, count: int) -> list[Board]:
    """Boards 1..``count`` of a round."""
    return [make_board(game, rules_json, seed, n) for n in range(1, count + 1)]


def check_board(board: Board) -> bool:
    """Whether a revealed board's deck and salt give its published commitment."""
    return commitment(board.salt, board.deck) == board.commitment


def stack_rows(deck: Sequence[str], dealer: int) -> list[tuple[int, str, int]]:
    """(position from the top, card, seat that draws it) for a printed stack.

    Cards are drawn one at a time in play order starting with the dealer (seat order is play
    order, ``engine.family.trickdeal``); the last cards left are the kitty (seat ``-1``).
    """
    total = len(deck)
    kitty = 6 if total == 54 else 8
    drawn = total - kitty
    return [(i + 1, card, (dealer + i) % SEATS if i < drawn else -1) for i, card in enumerate(deck)]
