"""Results of deals played at a physical table, computed by the engine and nothing else.

The director or a player enters what the table agreed on (who declared, the defenders' points,
San Da Ha's bid, Zhao Pengyou's friends, Si Se Pai's winner and hand points); the engine's one
dispatch ``engine.core.entered.entered_result`` settles them for every game with the same functions a
played deal uses, or refuses them with ``BadResult``, whose reason is shown here in the visitor's
language. The result has the shape of the engine's results plus ``"entered": true``; the cards
themselves are unknown. No rule of any game lives in this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from engine.core import entered
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.game import JSON
from league.services.games import game

# What is entered for one offline deal: the engine's figures (declarer, defender_points, bid, ...).
DealInput = Figures


class EntryError(ValueError):
    """Values that cannot be a deal's result (a seat out of range, points not a multiple of 5...)."""


# The engine's reasons for refusing entered figures, in the visitor's language.
REASONS: dict[str, Promise] = {
    "no_such_seat": gettext_lazy("No such seat."),
    "not_a_winner": gettext_lazy("Only the last deal's winners may declare."),
    "friends": gettext_lazy("Each friend is another player than the declarer, named once."),
    "too_many_friends": gettext_lazy("At most %(calls)s friends: one per call at this table."),
    "points": gettext_lazy("The defenders' points are a multiple of 5 from 0 to %(top)s."),
    "points_fives": gettext_lazy("The defenders' points are a multiple of 5, 0 or more."),
    "hand_points": gettext_lazy("A winning hand scores an odd number of points from %(low)s to 41."),
    "void_points": gettext_lazy("A void deal has no winner and no points."),
    "seats": gettext_lazy("This game cannot be played with this number of seats."),
    "bid": gettext_lazy("A San Da Ha bid runs from 80 down to 5 in steps of 5."),
    "hook": gettext_lazy(
        "A J-hook needs the J-hook rule, the dealer's side at J and the defenders taking the last trick."
    ),
    "not_entered": gettext_lazy("Results of this game cannot be entered by hand; upload the deal records."),
    "redeal_figures": gettext_lazy(
        "Nobody declared in a redeal: leave the friends empty and the defenders' points at 0."
    ),
    "no_redeal": gettext_lazy("A redeal of this game cannot be entered by hand."),
}


def refused(exc: BadResult, **figures: object) -> EntryError:
    """The league's error for figures the engine refused, with the limits that apply."""
    message = REASONS.get(exc.reason)
    return EntryError(str(message) % figures if message is not None else exc.message)


def supports(name: str) -> bool:
    """Whether results of ``name`` can be entered by hand."""
    return entered.enters(name)


def entered_result(
    name: str,
    rules_json: Mapping[str, JSON],
    seats: int,
    situation: Mapping[str, JSON] | None,
    entry: DealInput,
    rescore: bool = False,
) -> dict[str, JSON]:
    """The result of one offline deal, as the engine would report it; ``EntryError`` if refused.

    ``rescore``: a deal entered before, scored again after an earlier deal's correction (its
    declarer stands as played; ``engine.core.entered.entered_result``).
    """
    rules = game(name).rules_from_json(rules_json)
    try:
        return entered.entered_result(name, rules, seats, situation, entry, rescore)
    except BadResult as exc:
        raise refused(exc, **entered.limits(name, rules, seats)) from None


def figures_read(name: str, rules_json: Mapping[str, JSON]) -> tuple[str, ...]:
    """The figures a deal of ``name`` reads under these rules (what the entry form asks for)."""
    return entered.figures_read(name, game(name).rules_from_json(rules_json))


def fixed_declarer(name: str, situation: Mapping[str, JSON] | None) -> int | None:
    """The seat that must declare (deal) next, or ``None`` when anyone may."""
    return entered.fixed_declarer(name, situation)


def eligible_declarers(name: str, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
    """Seats that may declare the next deal: one fixed seat, last deal's winners, or all."""
    return entered.declarers(name, situation, seats)


def input_of(result: Mapping[str, Any]) -> DealInput:
    """The figures a stored offline result was entered from (to recompute it from a new situation)."""
    return entered.figures_of(result)
