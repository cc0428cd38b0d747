"""How strong each bot kind is: one line per kind on every game's rules page, with its duel figure.

The figures are duplicate-play runs of ``python -m engine duel`` (each deck played twice, the kinds
swapping seats, so card luck cancels), listed with their commands in docs/engine.md ("Strength");
every run with the machine's load is in bench/results/. A kind is measured against the next weaker one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine import get_game

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


@dataclass(frozen=True)
class Duel:
    """A duel's summary: ``a`` against ``b`` over ``decks`` decks of ``players`` seats, each played
    twice (``budget``: the searching bot's, "" for the one-move bots); the share of deals favouring
    ``a`` (ties half) and the mean difference per deck in the game's ``unit`` with its 95% interval."""

    a: str
    b: str
    decks: int
    players: int
    budget: str
    share: float
    mean_diff: float
    ci95: tuple[float, float]
    unit: str


# python -m engine duel --game G --a A --b B --deals N --seed 1 [--budget B] (docs/tables.md,
# "Bot strength on the rules pages": the runs, their output and the machine's load).
DUELS: dict[tuple[str, str], Duel] = {
    ("shengji", "heuristic"): Duel(
        "heuristic", "random", 200, 4, "", 0.8025, 1.58, (1.4367, 1.7233), "levels"
    ),
    ("tractor", "heuristic"): Duel(
        "heuristic", "random", 200, 4, "", 0.96, 3.165, (3.0305, 3.2995), "levels"
    ),
    ("sandaha", "heuristic"): Duel(
        "heuristic", "random", 200, 4, "", 0.9325, 52.5, (49.8868, 55.1132), "points"
    ),
    ("zhaopengyou", "heuristic"): Duel(
        "heuristic", "random", 200, 6, "", 0.7063, 0.77, (0.6501, 0.8899), "ranks"
    ),
    ("sisepai", "heuristic"): Duel(
        "heuristic", "random", 200, 3, "", 0.9437, 44.1225, (41.954, 46.291), "points"
    ),
    # docs/engine.md, "Strength" (the runs in bench/results/2026-11-26-expert.md): seed 1, at
    # `strong` over 200 decks where measured (the budget an expert seated at a live table plays):
    # Shengji with the expert's early declaration.
    ("shengji", "expert"): Duel(
        "expert", "heuristic", 200, 4, "strong", 0.6475, 0.645, (0.5314, 0.7586), "levels"
    ),
    # Tractor: the 2026-11-27 run at `strong` over 200 decks, the expert with its leaf evaluation
    # and its burials searched (before the burials: 0.64, +0.68); at `fast` over 1,000 decks 0.643,
    # +0.685 levels.
    ("tractor", "expert"): Duel(
        "expert", "heuristic", 200, 4, "strong", 0.645, 0.705, (0.5756, 0.8344), "levels"
    ),
    # San Da Ha: the run at `strong` with the expert searching its bids (+3.95 points a deck
    # before, when its bids were the heuristic's; `fast` still bids like the heuristic: +1.51).
    ("sandaha", "expert"): Duel(
        "expert", "heuristic", 200, 4, "strong", 0.87, 41.2, (37.9906, 44.4094), "points"
    ),
    # The run at `strong` (seed 1, 200 decks of six players), what a seated expert plays, its
    # margin counted from the pivot (docs/engine.md): more than at `fast` (+0.219 ranks a deck over
    # 1,000 decks); +0.217 before the pivot, level before its worlds believed the friend calls.
    ("zhaopengyou", "expert"): Duel(
        "expert", "heuristic", 200, 6, "strong", 0.595, 0.275, (0.1711, 0.3789), "ranks"
    ),
    # The run (fast, seed 1, 1,000 decks of three players) of the expert discarding for the
    # widest hand (WideBot); before WideBot the expert was level with the heuristic there.
    ("sisepai", "expert"): Duel(
        "expert", "heuristic", 1000, 3, "fast", 0.528, 2.631, (1.0734, 4.1886), "points"
    ),
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


def figure(duel: Duel) -> str:
    """A duel's result in one sentence."""
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
        "unit": UNITS[duel.unit],
        "lo": number_format(round(duel.ci95[0], 2), 2),
        "hi": number_format(round(duel.ci95[1], 2), 2),
    }
    return f"{against % values} {result % values}"


def strength_lines(game: str) -> list[str]:
    """One line per bot kind the game offers, in the engine's order, with its duel when measured."""
    lines = []
    for kind in get_game(game).bot_kinds():
        duel = DUELS.get((game, kind))
        lines.append(describe(kind) + (" " + figure(duel) if duel else ""))
    return lines
