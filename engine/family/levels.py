"""What the level games (升级 one deck, 拖拉机 two decks) share: the situation between deals,
the kitty turned up when nobody declares, the next dealer and the end of the match; and Tractor's
table of levels by the defenders' points (here so that Tractor's expert reads it without
importing the game that seats it).

Situation JSON: ``{"deal": n, "dealer": seat or null, "levels": [team 0, team 1], "winners": null}``;
team ``t`` is the seats with ``seat % 2 == t`` (partners sit opposite: docs/rules/shengji.md
§Players, partners and order).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.core.errors import BadSetup
from engine.core.game import JSON
from engine.family.cards import JOKERS, RANKS, level_up

TRACTOR_PIVOT = 80  # the defenders' points from which they take the deal (tractor.md §Scoring)


def tractor_outcome(
    defenders: int, step: int = 40, zero: int = 3, dead: int = 1, pivot: int = TRACTOR_PIVOT
) -> tuple[bool, int]:
    """tractor.md §Scoring's table: (dealer side keeps the deal, levels the winning side rises).

    0: dealer +3; 5-35: +2; 40-75: +1; 80-115: the defenders take the deal; 120-155 and up: the
    defenders rise one level more per 40 points, also past 240. ``step`` (points per level),
    ``zero`` (what a defence without a point gives the dealer's side, at least the table's rise
    at 5) and ``dead`` (the dead zone: steps from the pivot in which the defenders take the deal
    without rising) are the options of tractor.md §Scoring; ``pivot`` is 40 points a deck (120
    with three).
    """
    if defenders < pivot:
        rise = 1 + (pivot - 5 - max(defenders, 5)) // step
        return True, max(rise, zero) if defenders == 0 else rise
    return False, defenders_rise(defenders, pivot, step, dead)


def defenders_rise(defenders: int, pivot: int, step: int, dead: int) -> int:
    """The defenders' rise with ``defenders`` points, one level per full ``step`` past ``pivot``
    after the dead zone of ``dead`` steps in which they take the deal and nobody rises."""
    return max(0, (defenders - pivot) // step - dead + 1)


def check_level_table(step: int, zero: int, dead: int, pivot: int) -> None:
    """Refuse options of a results table that it cannot mean (``BadSetup``): the step a multiple
    of 5 up to the line at ``pivot``, a defence without a point worth a level, a dead zone of 0 to
    12 steps."""
    if not (5 <= step <= pivot and step % 5 == 0):
        raise BadSetup(f"level_step is points per level: a multiple of 5 from 5 to {pivot}")
    if not 1 <= zero <= len(RANKS):
        raise BadSetup("zero_rise is the levels a defence without a point gives: 1 or more")
    if not 0 <= dead < len(RANKS):
        raise BadSetup(f"dead_zone is the steps from {pivot} in which nobody rises: 0 to {len(RANKS) - 1}")


def gated_rise(level: str, rise: int, as_dealer: bool, gates: str, jump: int = 0) -> int:
    """``rise`` for a side at ``level`` with the must-defend ranks ``gates`` (tractor.md §Must-defend
    ranks): a side at a gate rises only by winning as the dealer's side there, and no rise goes
    more than ``jump`` levels past the next gate above its level, nor passes a second one."""
    at = RANKS.index(level)
    if level in gates and not as_dealer:
        return 0
    stops = [s for s in range(1, rise + 1) if at + s < len(RANKS) and RANKS[at + s] in gates]
    if not stops:
        return rise
    return min(rise, stops[0] + jump, *stops[1:2])


def first_situation(start: str) -> dict[str, JSON]:
    """The situation of a match's first deal: both teams at ``start``, dealer not yet known."""
    return {"deal": 1, "dealer": None, "levels": [start, start], "winners": None}


def situation_or_first(situation: Mapping[str, JSON] | None, start: str) -> dict[str, JSON]:
    """``situation`` with defaults filled in, or the first deal's."""
    out = first_situation(start)
    if situation:
        out.update({k: v for k, v in situation.items() if k in out})
    return out


def turn_up(kitty: Sequence[str], rank: str) -> tuple[str, list[str]]:
    """The suit the kitty names when nobody declared, and the cards turned up (§Drawing and declaring).

    Cards are turned one at a time; the first rank card names its suit; with none, the highest
    non-joker card's suit, the first turned on ties.
    """
    turned: list[str] = []
    for card in kitty:
        turned.append(card)
        if card not in JOKERS and card[0] == rank:
            return card[1], turned
    best = max((c for c in kitty if c not in JOKERS), key=lambda c: RANKS.index(c[0]))
    first = next(c for c in kitty if c not in JOKERS and c[0] == best[0])
    return first[1], turned


def after_deal(
    dealer: int,
    dealer_wins: bool,
    levels: Sequence[str],
    rises: Sequence[int],
    won_at_ace: bool,
    seats: int = 4,
) -> dict[str, JSON]:
    """Next dealer (shengji.md §Scoring), new levels (stopping at A, §End of the game) and match
    winners; the sides are the alternate seats of ``seats`` (six with three-deck Tractor)."""
    new = [level_up(level, max(rise, 0)) for level, rise in zip(levels, rises, strict=True)]
    next_dealer = (dealer + 2) % seats if dealer_wins else (dealer + 1) % seats
    winners = [s for s in range(seats) if s % 2 == dealer % 2] if won_at_ace else None
    return {"levels_after": new, "next_dealer": next_dealer, "winners": winners}


def next_level_situation(
    situation: Mapping[str, JSON] | None, result: Mapping[str, JSON], start: str
) -> dict[str, JSON]:
    """The next deal's situation after ``result`` (a redeal keeps everything but the count)."""
    current = situation_or_first(situation, start)
    nxt = dict(current)
    nxt["deal"] = int(current["deal"]) + 1
    if result.get("outcome") == "redeal":
        return nxt
    nxt["dealer"] = result["next_dealer"]
    nxt["levels"] = list(result["levels_after"])
    nxt["winners"] = result.get("winners")
    return nxt


def team_levels_scores(before: Sequence[str], after: Sequence[str], seats: int = 4) -> list[int]:
    """Per-seat level changes (``scores`` of a level game's result), partners equal."""
    return [RANKS.index(after[s % 2]) - RANKS.index(before[s % 2]) for s in range(seats)]


def first_loss(outcome: Callable[[int], tuple[object, ...]]) -> int:
    """The fewest defenders' points (a multiple of 5) with which the declarer's side loses, by a
    game's outcome function whose first item says whether the declarer's side wins."""
    return next(points for points in range(0, 1000, 5) if not outcome(points)[0])
