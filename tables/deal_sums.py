"""How a finished trick deal's defenders' points add up: trick by trick, the kitty, the throws.

Read from the deal's final engine state (every trick in order, each thrower's side at the end) and
its result, so the sum the result panel shows is the engine's own: the defenders' card points in
tricks, plus the kitty's points times its multiplier when they took the last trick, plus or minus
each failed throw's penalty (the ``throw_penalty`` option, docs/rules/tractor.md, "Throws judged
against the real hands"), never below 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.result import DealResult, LevelsResult
from engine.family.cards import points
from league.models import Deal
from league.services import typed_rows
from tables.services import live


@dataclass(frozen=True)
class TrickLine:
    """One trick: its number (from 1), who won it, its points, whether the defenders took them,
    and the defenders' card points after it."""

    number: int
    winner: int
    points: int
    defenders: bool
    running: int


@dataclass(frozen=True)
class ThrowLine:
    """A failed throw: the trick (from 1), the thrower, what was tried and played, and the change
    it made to the defenders' points (+: given to them, -: taken from them)."""

    trick: int
    seat: int
    attempted: tuple[str, ...]
    forced: tuple[str, ...]
    change: int


@dataclass(frozen=True)
class Sums:
    """The defenders' points of a deal, part by part; ``total`` is the result's own number."""

    tricks: list[TrickLine]
    in_tricks: int
    kitty: list[str]
    kitty_points: int
    kitty_multiplier: int
    from_kitty: int
    throws: list[ThrowLine]
    from_throws: int
    total: int


def sums(deal: Deal) -> Sums | None:
    """The deal's defenders' points part by part (``None``: no tricks, a redeal, Si Se Pai)."""
    result = typed_rows.deal_result(deal)
    if result is None or not result.played or result.defender_points is None:
        return None
    if not deal.version or not deal.has_moves:
        return None  # a result entered without its moves (an offline deal): nothing to add up
    held = live.deal(deal.pk)
    with held.lock:
        state = held.state_at(deal).state
        tricks = list(getattr(state, "tricks", None) or [])
        if not tricks or not hasattr(state, "side_of"):
            return None
        lines = trick_lines(state, tricks, result)
        throws = throw_lines(state)
    in_tricks = lines[-1].running if lines else 0
    kitty_points = int(result.kitty_points or 0)
    if result.has("kitty_multiplier"):
        multiplier = int(result.kitty_multiplier or 0)
        from_kitty = kitty_points * multiplier
    else:  # one-deck Shengji names the points the kitty added (doubled)
        from_kitty = int((result.kitty_bonus if isinstance(result, LevelsResult) else None) or 0)
        multiplier = from_kitty // kitty_points if kitty_points else 0
    from_throws = sum(t.change for t in throws)
    return Sums(
        tricks=lines,
        in_tricks=in_tricks,
        kitty=list(result.kitty or ()),
        kitty_points=kitty_points,
        kitty_multiplier=multiplier,
        from_kitty=from_kitty,
        throws=throws,
        from_throws=from_throws,
        total=int(result.defender_points),
    )


def trick_lines(state: Any, tricks: list[Any], result: DealResult) -> list[TrickLine]:
    """Each trick's winner (the next trick's leader; the last trick's from the result) and points."""
    out = []
    running = 0
    for i, trick in enumerate(tricks):
        winner = tricks[i + 1][0][0] if i + 1 < len(tricks) else last_trick_winner(state, result)
        won = points(card for _, cards in trick for card in cards)
        defenders = state.side_of(winner) == 1
        running += won if defenders else 0
        out.append(TrickLine(i + 1, winner, won, defenders, running))
    return out


def last_trick_winner(state: Any, result: DealResult) -> Any:
    """Who won the last trick: the result says (a stored null stays null), else the state's leader."""
    return result.last_trick_winner if result.has("last_trick_winner") else state.leader


def throw_lines(state: Any) -> list[ThrowLine]:
    """The failed throws with what each did to the defenders' points (the thrower's side at the end)."""
    penalty = int(getattr(state.setup, "throw_penalty", 0) or 0)
    return [
        ThrowLine(
            f.trick + 1,
            f.seat,
            tuple(f.attempted),
            tuple(f.forced),
            penalty * (1 if state.side_of(f.seat) == 0 else -1),
        )
        for f in getattr(state, "failed_throws", ())
    ]
