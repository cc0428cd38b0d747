"""Results of deals played at a physical table, computed by the engine's own scoring functions.

The director or a player enters what the table agreed on (who declared, the defenders' points,
San Da Ha's bid, Zhao Pengyou's friends, Si Se Pai's winner and hand points); the engine gives the
level changes, rank rises or payments: ``tractor_outcome``, ``shengji_outcome``,
``sandaha_payment`` and ``levels.after_deal`` for the four-seat games, and each game's own
``entered_result`` for Zhao Pengyou (``engine.zhaopengyou.entered``) and Si Se Pai
(``engine.sisepai.scoring``), which score through the same code as a played deal. The result has
the shape of the engine's results plus ``"entered": true``; the cards themselves are unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import levels, sandaha, shengji, tractor
from engine.errors import BadResult
from engine.game import JSON
from engine.sisepai import scoring as sisepai_scoring
from engine.zhaopengyou import entered as zhaopengyou_entered
from engine.zhaopengyou.rules import calls_for
from league.services.games import game


class EntryError(ValueError):
    """Values that cannot be a deal's result (a seat out of range, points not a multiple of 5...)."""


@dataclass(frozen=True)
class DealInput:
    """What is entered for one offline deal."""

    # The dealer/declarer seat (later level-game deals: fixed by the situation); in Si Se Pai the
    # dealer, which only a match's first deal needs (later the last winner deals).
    declarer: int
    defender_points: int = 0
    bid: int | None = None  # San Da Ha only
    friends: tuple[int, ...] = ()  # Zhao Pengyou: who ended on the declarer's side
    winner: int | None = None  # Si Se Pai: the winning seat; None for a void deal
    hand_points: int | None = None  # Si Se Pai: the winning hand's points


# The engine's reasons for refusing entered figures, in the visitor's language.
REASONS: dict[str, Promise] = {
    "no_such_seat": gettext_lazy("No such seat."),
    "not_a_winner": gettext_lazy("Only the last deal's winners may declare."),
    "friends": gettext_lazy("Each friend is another player than the declarer, named once."),
    "too_many_friends": gettext_lazy("At most %(calls)s friends: one per call at this table."),
    "points": gettext_lazy("The defenders' points are a multiple of 5 from 0 to %(top)s."),
    "hand_points": gettext_lazy("A winning hand scores an odd number of points from %(low)s to 41."),
    "void_points": gettext_lazy("A void deal has no winner and no points."),
    "seats": gettext_lazy("This game cannot be played with this number of seats."),
}


def refused(exc: BadResult, **figures: object) -> EntryError:
    """The league's error for figures the engine refused, with the limits that apply."""
    message = REASONS.get(exc.reason)
    return EntryError(str(message) % figures if message is not None else exc.message)


def check_points(points: int, top: int = 300) -> None:
    """Card points come in fives (5, 10, K)."""
    if points < 0 or points % 5 or points > top:
        raise EntryError(_("Points are a multiple of 5 between 0 and %(top)s.") % {"top": top})


def level_result(
    name: str, rules: Any, seats: int, situation: Mapping[str, JSON] | None, entry: DealInput
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
    name: str, rules: Any, seats: int, situation: Mapping[str, JSON] | None, entry: DealInput
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


def zhaopengyou_result(
    name: str, rules: Any, seats: int, situation: Mapping[str, JSON] | None, entry: DealInput
) -> dict[str, JSON]:
    """Zhao Pengyou: the declarer, the friends and the defenders' points, scored by the engine."""
    try:
        return zhaopengyou_entered.entered_result(
            rules, seats, situation, entry.declarer, entry.friends, entry.defender_points
        )
    except BadResult as exc:
        top = zhaopengyou_entered.most_defender_points(rules, seats)
        raise refused(exc, top=top, calls=calls_for(seats)) from None


def sisepai_result(
    name: str, rules: Any, seats: int, situation: Mapping[str, JSON] | None, entry: DealInput
) -> dict[str, JSON]:
    """Si Se Pai: the winner and the hand's points (or a void deal); the engine computes payments."""
    try:
        return sisepai_scoring.entered_result(
            rules, seats, situation, entry.winner, entry.hand_points, entry.declarer
        )
    except BadResult as exc:
        raise refused(exc, low=rules.min_points) from None


Scorer = Callable[[str, Any, int, Mapping[str, JSON] | None, DealInput], dict[str, JSON]]
SCORERS: dict[str, Scorer] = {
    "tractor": level_result,
    "shengji": level_result,
    "sandaha": sandaha_result,
    "zhaopengyou": zhaopengyou_result,
    "sisepai": sisepai_result,
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
    return SCORERS[name](name, rules, seats, situation, entry)


def fixed_declarer(name: str, situation: Mapping[str, JSON] | None) -> int | None:
    """The seat that must declare (deal) next, or ``None`` when anyone may.

    Level games: the dealer the last deal named. Si Se Pai: the last winner deals.
    """
    if name in ("tractor", "shengji", "sisepai") and situation:
        return situation.get("dealer")  # type: ignore[return-value]
    return None


def eligible_declarers(name: str, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
    """Seats that may declare the next deal: one fixed seat, last deal's winners (Zhao Pengyou), or all."""
    fixed = fixed_declarer(name, situation)
    if fixed is not None:
        return [fixed]
    winners = (situation or {}).get("last_winners") if name == "zhaopengyou" else None
    return [int(s) for s in winners] if isinstance(winners, list) else list(range(seats))  # type: ignore[arg-type]


def input_of(result: Mapping[str, Any]) -> DealInput:
    """The figures a stored offline result was entered from (to recompute it from a new situation)."""
    declarer = int(result.get("declarer", result.get("dealer", 0)))
    team = result.get("team") or []
    return DealInput(
        declarer=declarer,
        defender_points=int(result.get("defender_points", 0)),
        bid=result.get("bid"),
        friends=tuple(int(s) for s in team if s != declarer),
        winner=result.get("winner"),
        hand_points=result.get("points"),
    )
