"""How strong each bot kind is: one line per kind on every game's rules page, with its duel figure.

The figures are duplicate-play runs of ``python -m engine duel`` (each deck played twice, the kinds
swapping seats, so card luck cancels), declared by each game (``Game.strength``) and listed with
their commands in docs/engine.md ("Strength"); every run with the machine's load is in
bench/results/. A kind is measured against the next weaker one.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine import get_game
from engine.core.traits import Duel

UNITS: dict[str, Promise] = {
    "levels": gettext_lazy("levels"),
    "points": gettext_lazy("points"),
    "ranks": gettext_lazy("rank rises"),
}
OPPONENTS: dict[str, Promise] = {
    "random": gettext_lazy("random bot"),
    "heuristic": gettext_lazy("heuristic bot"),
}
BUDGETS: dict[str, Promise] = {
    "fast": pgettext_lazy("search budget", "fast"),
    "strong": pgettext_lazy("search budget", "strong"),
}


def describe(kind: str) -> str:
    """What a bot kind does, in one sentence."""
    what = {
        "random": _("Random bot: plays any legal move, chosen at random."),
        "heuristic": _("Heuristic bot: plays by rules of thumb, one move at a time."),
        "expert": _(
            "Expert bot: deals the cards it cannot see in many ways consistent with what it knows, "
            "plays its candidate moves out and keeps the best."
        ),
    }
    return str(what.get(kind, _("%(kind)s bot") % {"kind": kind}))


def figure(duel: Duel, unit: str) -> str:
    """A duel's result in one sentence, its mean difference in ``unit`` (``Game.result_unit``)."""
    if duel.budget:
        against = _(
            "Against the %(b)s (%(budget)s budget, %(decks)s decks of %(players)s players, "
            "each played twice):"
        )
    else:
        against = _("Against the %(b)s (%(decks)s decks of %(players)s players, each played twice):")
    result = _("%(share)s%% of deals favoured it, %(mean)s %(unit)s a deck (95%% interval %(lo)s to %(hi)s).")
    values = {
        "b": OPPONENTS[duel.b],
        "budget": BUDGETS.get(duel.budget, ""),
        "decks": duel.decks,
        "players": duel.players,
        "share": number_format(round(100 * duel.share, 1), 1),
        "mean": number_format(round(duel.mean_diff, 2), 2),
        "unit": UNITS[unit],
        "lo": number_format(round(duel.ci95[0], 2), 2),
        "hi": number_format(round(duel.ci95[1], 2), 2),
    }
    return f"{against % values} {result % values}"


def strength_lines(game: str) -> list[str]:
    """One line per bot kind the game offers, in the engine's order, with its duel when measured."""
    lines = []
    declared = get_game(game)
    for kind in declared.bot_kinds():
        duel = declared.strength.get(kind)
        lines.append(describe(kind) + (" " + figure(duel, declared.result_unit) if duel else ""))
    return lines
