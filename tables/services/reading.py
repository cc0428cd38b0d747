"""Reading a trick: who led it, whose play is winning it, the last trick's winner and points, the
sides' points so far, and each seat's side as far as the receiver may know.

Everything here is public: the cards on the felt, the trump, the won piles (turned face up in the
engine's views) and the sides as the engine's ``side_of`` reads them (in Zhao Pengyou the declarer
and the friends revealed so far; a friend not yet revealed is on the defenders' side to everybody,
the friend included). Computed on the server so the page knows no rule (no rule
logic in JavaScript).
"""

from __future__ import annotations

from typing import Any

from engine.family.cards import points
from engine.family.phases import Phase
from engine.family.tricks import trick_winner


def reading(state: Any, seat: int | None) -> dict[str, Any] | None:
    """The view's ``reading`` for ``seat`` (``None``: a spectator), or ``None`` for a game without
    tricks (Si Se Pai) or before play."""
    if getattr(state, "phase", None) not in (Phase.PLAY, Phase.OVER) or not hasattr(state, "side_of"):
        return None
    if getattr(state, "dealer", None) is None:
        return None  # a redeal: the deal ended before anybody declared, there are no sides
    trick = list(getattr(state, "trick", ()))
    last = list(getattr(state, "last_trick", ()) or ())
    sides = [state.side_of(seat) for seat in range(state.setup.seats)]
    return {
        "leader": trick[0][0] if trick else None,
        "winning": _winning(state, trick),
        "last_winner": _last_winner(state, trick, last),
        "last_points": points(card for _, cards in last for card in cards) if last else None,
        "sides": sides,
        "partners": partners(state, sides, seat),
        "side_points": state.side_points(),
    }


def partners(state: Any, sides: list[int], seat: int | None) -> list[int]:
    """The other seats on ``seat``'s side that it knows of. In Zhao Pengyou (a game with a ``team``
    revealed as it is played) a defender does not know who else defends: a friend not yet revealed
    is among them, so only the declarer's side has known partners."""
    if seat is None or not 0 <= seat < len(sides):
        return []
    if hasattr(state, "team") and sides[seat] == 1:
        return []
    return [other for other, side in enumerate(sides) if side == sides[seat] and other != seat]


def _winning(state: Any, trick: list[Any]) -> int | None:
    """The seat whose play wins the trick on the felt so far (the leader's, alone)."""
    if not trick:
        return None
    plays = [counts for _, counts in trick]
    return int(trick[trick_winner(plays, state.trump, state.setup.quads)][0])


def _last_winner(state: Any, trick: list[Any], last: list[Any]) -> int | None:
    """Who won the last trick: it leads the next one (the current trick's leader, else the seat to lead)."""
    if not last:
        return None
    return int(trick[0][0]) if trick else int(state.leader)
