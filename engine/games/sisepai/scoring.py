"""How a Si Se Pai deal ends in figures: payments, the fields every result carries, hand-entered deals.

docs/rules/sisepai.md §6-§7: each other player pays the winner the winning hand's points; a deal
whose stock runs out is void and nobody pays. A winning hand scores at least ``min_points`` (9 by
default), at most 41, and always an odd number. ``entered_result`` turns what a physical table
reports (the winner and the hand's points, or a void deal) into the result a played deal gives,
through the same ``settle`` the deal itself uses.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.errors import BadResult
from engine.core.game import JSON
from engine.games.sisepai.rules import SiSePaiRules

MOST_POINTS = 41


def payments(winner: int, points: int, seats: int) -> list[int]:
    """Each other seat pays the winner ``points``; the payments sum to zero."""
    out = [-points] * seats
    out[winner] = points * (seats - 1)
    return out


def settle(
    result: dict[str, JSON], seats: int, dealer: int, dealer_draw: list[list[str]] | None
) -> dict[str, JSON]:
    """Complete a finished deal's result with payments, scores, deal winners and the dealer."""
    result.setdefault("payments", [0] * seats)
    result["scores"] = list(result["payments"])  # the name every game's result uses
    result["deal_winners"] = [result["winner"]] if result["winner"] is not None else []
    result["dealer"] = dealer
    result["dealer_draw"] = dealer_draw
    return result


def check_points(rules: SiSePaiRules, points: int) -> None:
    """A winning hand's points: odd, from the rules' minimum to 41."""
    if points % 2 == 0 or not rules.min_points <= points <= MOST_POINTS:
        raise BadResult(
            "hand_points",
            f"a winning hand scores an odd number of points from {rules.min_points} to {MOST_POINTS}",
        )


def entered_result(
    rules: SiSePaiRules,
    seats: int,
    situation: Mapping[str, JSON] | None,
    winner: int | None,
    points: int | None,
    dealer: int,
) -> dict[str, JSON]:
    """A deal played at a table: ``winner`` with a hand of ``points``, or ``None`` for a void deal.

    The dealer comes from the situation once the match has one (the last winner deals); in a
    match's first deal it was drawn for at the table and is entered.
    """
    if not 2 <= seats <= 4:
        raise BadResult("seats", f"Si Se Pai is for 2-4 players, not {seats}")
    known = (situation or {}).get("dealer")
    dealer = known if isinstance(known, int) else dealer
    if not 0 <= dealer < seats or winner is not None and not 0 <= winner < seats:
        raise BadResult("no_such_seat", f"seats run from 0 to {seats - 1}")
    if winner is None:
        if points:
            raise BadResult("void_points", "a void deal has no winner and nobody pays")
        return settle({"outcome": "void", "winner": None, "entered": True}, seats, dealer, None)
    if points is None:
        raise BadResult("hand_points", "enter the winning hand's points")
    check_points(rules, points)
    result: dict[str, JSON] = {
        "outcome": "win",
        "winner": winner,
        "entered": True,
        "points": points,
        "payments": payments(winner, points, seats),
    }
    return settle(result, seats, dealer, None)
