"""Results of deals played at a physical table, computed by the engine's own scoring functions.

The director or a player enters what the table agreed on (who declared, the defenders' points,
San Da Ha's bid); the engine's tables (``tractor_outcome``, ``shengji_outcome``,
``sandaha_payment``, ``levels.after_deal``) give the level changes or payments. The result has
the shape of the engine's results (``outcome``, ``dealer``, ``defender_points``, ``deal_winners``,
``scores``, level fields) plus ``"entered": true``; the cards themselves are unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine import levels, sandaha, shengji, tractor
from engine.game import JSON
from league.services.games import game


class EntryError(ValueError):
    """Values that cannot be a deal's result (a seat out of range, points not a multiple of 5...)."""


@dataclass(frozen=True)
class DealInput:
    """What is entered for one offline deal."""

    declarer: int  # the dealer/declarer seat (later level-game deals: fixed by the situation)
    defender_points: int
    bid: int | None = None  # San Da Ha only


def check_points(points: int, top: int = 300) -> None:
    """Card points come in fives (5, 10, K)."""
    if points < 0 or points % 5 or points > top:
        raise EntryError(_("Points are a multiple of 5 between 0 and %(top)s.") % {"top": top})


def level_result(
    name: str, rules: Any, situation: Mapping[str, JSON] | None, entry: DealInput
) -> dict[str, JSON]:
    """Tractor / one-deck Shengji: levels and next dealer from the defenders' points."""
    start = getattr(rules, "start", "2")
    sit = levels.situation_or_first(situation, start)
    dealer = sit["dealer"] if sit["dealer"] is not None else entry.declarer
    check_points(entry.defender_points)
    team = dealer % 2
    rises = [0, 0]
    if name == "tractor":
        dealer_wins, rise = tractor.tractor_outcome(entry.defender_points)
        rises[team if dealer_wins else 1 - team] = rise
    else:
        dealer_wins, dealer_rise, defender_rise = shengji.shengji_outcome(entry.defender_points)
        rises[team], rises[1 - team] = dealer_rise, defender_rise
    before = list(sit["levels"])
    out = levels.after_deal(dealer, dealer_wins, before, rises, dealer_wins and before[team] == "A")
    return {
        "outcome": "played",
        "entered": True,
        "dealer": dealer,
        "declared_by": dealer,
        "defender_points": entry.defender_points,
        "levels_before": before,
        **out,
        "deal_winners": [s for s in range(4) if (s % 2 == team) == dealer_wins],
        "scores": levels.team_levels_scores(before, out["levels_after"]),
    }


def sandaha_result(
    name: str, rules: Any, situation: Mapping[str, JSON] | None, entry: DealInput
) -> dict[str, JSON]:
    """San Da Ha: the declarer's bid against the defenders' points, paid by seed 000's table."""
    if entry.bid is None or entry.bid % 5 or not 5 <= entry.bid <= sandaha.TOP_BID:
        raise EntryError(_("A San Da Ha bid runs from 80 down to 5 in steps of 5."))
    check_points(entry.defender_points)
    won, unit = sandaha.sandaha_payment(entry.bid, entry.defender_points)
    declarer = entry.declarer
    # The engine's SandahaDeal.score: the declarer takes (or pays) ``unit`` from each of the three.
    sign = 1 if won else -1
    scores = [sign * unit * 3 if s == declarer else -sign * unit for s in range(4)]
    return {
        "outcome": "played",
        "entered": True,
        "dealer": declarer,
        "declarer": declarer,
        "bid": entry.bid,
        "defender_points": entry.defender_points,
        "declarer_wins": won,
        "deal_winners": [declarer] if won else [s for s in range(4) if s != declarer],
        "scores": scores,
    }


SCORERS: dict[str, Callable[[str, Any, Mapping[str, JSON] | None, DealInput], dict[str, JSON]]] = {
    "tractor": level_result,
    "shengji": level_result,
    "sandaha": sandaha_result,
}


def supports(name: str) -> bool:
    """Whether results of ``name`` can be entered by hand."""
    return name in SCORERS


def entered_result(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    entry: DealInput,
) -> dict[str, JSON]:
    """The result of one offline deal, as the engine would report it."""
    if name not in SCORERS:
        raise EntryError(_("Results of this game cannot be entered by hand; upload the deal records."))
    if not 0 <= entry.declarer < seats:
        raise EntryError(_("No such seat."))
    rules = game(name).rules_from_json(rules_json)
    return SCORERS[name](name, rules, situation, entry)


def fixed_declarer(name: str, situation: Mapping[str, JSON] | None) -> int | None:
    """The seat that must declare (deal) next in a level game, or ``None`` when anyone may."""
    if name in ("tractor", "shengji") and situation:
        return situation.get("dealer")  # type: ignore[return-value]
    return None
