"""One step of a replay as the viewer draws it: an engine view reshaped, never recomputed.

Every value here is copied from ``DealState.view(seat)`` (or, for the all-hands perspective,
from ``zones()``, since a finished deal's record is public); the only arithmetic is adding card
points of won piles with the engine's own ``points``. Two families of layout exist: trick games
(Shengji, Tractor, San Da Ha, ...) and Si Se Pai.
"""

from __future__ import annotations

from typing import Any

from engine.family.cards import points

ALL = "all"
"""The perspective that shows every hand (a finished deal's record is public)."""

Frame = dict[str, Any]
# Keys of a trick game's view copied as they are; "bids" and "scores" only exist in some games.
FAMILY_KEYS = ("phase", "to_move", "dealer", "trump", "declaration", "turned_up", "trick", "last_trick")
# Zhao Pengyou adds each seat's rank, the friend calls and the team known so far; the
# real_hand_throws option adds the failed throws, public to every seat (the engine's view says so).
FAMILY_OPTIONAL = ("defender_points", "bids", "scores", "ranks", "calls", "team", "failed_throws")
SISEPAI_KEYS = ("phase", "dealer", "turn", "melds", "discards", "stock", "shown", "last_claim")


def order_key(trump: dict[str, Any]) -> str:
    """The name of the display order hands are laid out in under ``trump`` ({"rank", "suit"}): the
    payload's ``orders`` holds each order once (steps.hand_order), frames only name theirs."""
    return f"{trump['rank'] or '-'}{trump['suit'] or '-'}"


def family_frame(view: dict[str, Any], zones: dict[str, list[str]] | None, seats: int) -> Frame:
    """A trick game's step: hands (cards, or a count when hidden), kitty, trick, points so far."""
    z: dict[str, Any] = zones if zones is not None else view["zones"]
    frame: Frame = {key: view[key] for key in FAMILY_KEYS}
    for key in FAMILY_OPTIONAL:
        if key in view:
            frame[key] = view[key]
    won = [z[f"won:{s}"] for s in range(seats)]
    stock = z["stock"]
    frame.update(
        hands=[z[f"hand:{s}"] for s in range(seats)],
        kitty=z["kitty"],
        stock=stock if isinstance(stock, int) else len(stock),
        won_points=[points(w) for w in won],
        won_cards=[len(w) for w in won],
        order=order_key(view["trump"]),
    )
    if view["result"] is not None:
        frame["result"] = view["result"]
    return frame


def sisepai_frame(view: dict[str, Any], zones: dict[str, list[str]] | None, seats: int) -> Frame:
    """A Si Se Pai step: hands, exposed melds, discards, the shown card and the claim window."""
    frame: Frame = {key: view[key] for key in SISEPAI_KEYS}
    seat = view["seat"]
    if zones is not None:
        hands: list[Any] = [zones[f"hand:{s}"] for s in range(seats)]
    elif "hands" in view:
        hands = list(view["hands"])
    else:
        hands = [view["hand"] if s == seat else view["hand_counts"][s] for s in range(seats)]
    frame["hands"] = hands
    window = view["window"]
    frame["window"] = None if window is None else window["seats"]
    # The seats the deal waits for: a claim window's seats, else the seat whose turn it is.
    frame["to_move"] = frame["window"] or ([] if view["turn"] is None else [view["turn"]])
    if view["result"] is not None:
        frame["result"] = view["result"]
    return frame


def make_frame(game: str, view: dict[str, Any], zones: dict[str, list[str]] | None, seats: int) -> Frame:
    """The viewer's frame for ``game`` from a view (and all zones for the all-hands perspective)."""
    if game == "sisepai":
        return sisepai_frame(view, zones, seats)
    return family_frame(view, zones, seats)
