"""The figures a physical table reports for one deal, and the checks on them every game shares.

At a table without the engine the cards are unknown; what decides the deal is a handful of figures
(who declared or dealt, the defenders' points, San Da Ha's bid, Zhao Pengyou's friends or redeal,
Si Se Pai's winner). Each game reads the fields it needs (``engine.core.entered.figures_read`` names
them) and refuses figures no deal can produce with ``BadResult``, whose ``reason`` is a stable key.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import BadResult

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
