"""The figures a physical table reports for one deal, and the checks the trick games share.

At a table without the engine the cards are unknown; what decides the deal is a handful of figures
(who declared or dealt, the defenders' points, San Da Ha's bid, Zhao Pengyou's friends or redeal,
Si Se Pai's winner). Each game reads the fields it needs (``engine.core.entered.figures_read`` names
them) and refuses figures no deal can produce with ``BadResult``, whose ``reason`` is a stable key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.errors import BadResult
from engine.core.game import Rules
from engine.family.cards import points
from engine.family.dealfacts import THROW_PENALTY

HOOKS = ("trump", "side")  # the J that took the last trick for the defenders (鉤到底)


@dataclass(frozen=True)
class Figures:
    """What is reported for one deal; the fields a game does not use keep their defaults."""

    # Level games: the first deal's dealer (later deals: the situation's); San Da Ha and Zhao
    # Pengyou: the declarer; Si Se Pai: the dealer, which only a match's first deal needs.
    declarer: int
    defender_points: int = 0  # the kitty included, as the game counts it
    bid: int | None = None  # San Da Ha
    friends: tuple[int, ...] = ()  # Zhao Pengyou: the seats that ended on the declarer's side
    winner: int | None = None  # Si Se Pai: the winning seat; None for a void deal
    hand_points: int | None = None  # Si Se Pai: the winning hand's points
    defenders_last: bool = False  # one-deck Shengji: the defenders took the last trick
    hook: str | None = None  # one-deck Shengji's J-hook: "trump" or "side" J took that trick
    redeal: bool = False  # Zhao Pengyou: nobody declared, so the cards were dealt again


def check_seats(seats: int, game: str, allowed: int = 4) -> None:
    """The game is played by ``allowed`` players."""
    if seats != allowed:
        raise BadResult("seats", f"{game} is played by {allowed} players, not {seats}")


def check_seat(seat: int, seats: int) -> None:
    """``seat`` is one of the table's."""
    if not 0 <= seat < seats:
        raise BadResult("no_such_seat", f"seats run from 0 to {seats - 1}")


def check_points(points: int, top: int) -> None:
    """Card points come in fives (5, 10, K), from nothing to the game's ``top``.

    Two reasons, because a multiplied kitty puts the top of the two-deck games far out of sight:
    ``points_fives`` for a count no cards make, ``points`` for one above the top.
    """
    if points % 5 or points < 0:
        raise BadResult("points_fives", "the defenders' points are a multiple of 5, 0 or more")
    if points > top:
        raise BadResult("points", f"the defenders' points are a multiple of 5 from 0 to {top}")


def most_kitty_multiplier(hand_size: int, per_card: bool, per_trick: bool = False) -> int:
    """The largest kitty multiplier a last lead can give (tractor.md §Scoring), as ``last_lead_multiplier``.

    The last lead holds at most a hand; its longest tractor has an even number of cards.
    """
    if per_trick:
        return 2 * hand_size
    longest = hand_size - hand_size % 2
    return 2 * longest if per_card else 2**longest


def most_throw_penalties(rules: Rules, hand_size: int) -> int:
    """What failed-throw penalties can add to the defenders' points (``throw_penalty``), else 0.

    Each failed throw of the declarer's side gives the defenders ``THROW_PENALTY``. A throw is led
    from two cards or more and a failed one plays only part of them, so the leader still holds a
    card and another trick follows: at most one failed throw per trick but the last.
    """
    if not getattr(rules, "throw_penalty", False):
        return 0
    return THROW_PENALTY * (hand_size - 1)


def most_defender_points(deck: Sequence[str], kitty_size: int, multiplier: int) -> int:
    """The defenders' best total: every card point outside the kitty plus the kitty multiplied.

    ``multiplier`` is the kitty's largest (0 when it never counts for the defenders); the richest
    kitty holds the deck's ``kitty_size`` best counters.
    """
    kitty_top = sum(sorted(points((card,)) for card in deck)[-kitty_size:])
    return points(deck) + max(0, kitty_top * (multiplier - 1))
