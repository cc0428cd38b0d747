"""One way in for every game's deals played at a physical table: the table's figures in, a result out.

``entered_result(name, rules, seats, situation, figures)`` serves every game: each declares the
figures it reads (``Game.figures``, ``Game.figures_read``) and settles them
(``Game.settle_entered``) with the same function a played deal uses, so a played deal and an
entered one with the same figures agree on every field the figures decide. Figures no deal can
have raise ``BadResult`` with a stable ``reason``; ``limits`` gives the numbers a message names,
``figures_read`` the figures a game reads under its rules (what a form asks for), and
``figures_of`` reads the figures back from a result (to recompute a corrected match).

A Zhao Pengyou deal in which nobody declared is entered as a redeal (``Figures.redeal``): the
same result a live redeal has, counting for nothing (docs/rules/zhaopengyou.md §Declaring trumps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import BadResult
from engine.core.figures import HOOKS, Figures
from engine.core.game import JSON, Rules
from engine.core.registry import get_game


def enters(name: str) -> bool:
    """Whether deals of game ``name`` can be entered by hand."""
    return bool(get_game(name).figures)


def figures_read(name: str, rules: Rules) -> tuple[str, ...]:
    """The ``Figures`` fields a deal of ``name`` under ``rules`` reads; the others keep their defaults."""
    return get_game(name).figures_read(rules)


def entered_result(
    name: str,
    rules: Rules,
    seats: int,
    situation: Mapping[str, JSON] | None,
    figures: Figures,
    rescore: bool = False,
) -> dict[str, JSON]:
    """The result of a deal of ``name`` played at a table, as the engine reports a played one.

    ``rescore``: the deal was entered before and is scored again because an earlier deal was
    corrected. It was played as entered, so who declared stands even where the corrected situation
    would not have let them (a Zhao Pengyou declarer who no longer won the deal before); every other
    check still applies.
    """
    game = get_game(name)
    if not game.figures:
        raise BadResult("not_entered", f"results of {name} cannot be entered by hand")
    if figures.redeal and "redeal" not in game.figures:
        raise BadResult("no_redeal", f"a redeal of {name} cannot be entered by hand")
    return game.settle_entered(rules, seats, situation, figures, rescore)


def limits(name: str, rules: Rules, seats: int) -> dict[str, int]:
    """The numbers a refusal names: the defenders' top points, friends, hand points."""
    return get_game(name).entry_limits(rules, seats)


def hook_of(result: Mapping[str, Any]) -> str | None:
    """The J-hook's kind: stored as such when entered, read from the card and trump when played."""
    hook = result.get("j_hook")
    if hook is None or hook in HOOKS:
        return hook
    return "trump" if hook[1] == result["trump"]["suit"] else "side"


def defenders_last(result: Mapping[str, Any]) -> bool:
    """Whether the defenders took the last trick of a level game's result."""
    if "defenders_last" in result:
        return bool(result["defenders_last"])
    last = result.get("last_trick_winner")
    return "levels_before" in result and last is not None and last % 2 != result["dealer"] % 2


def figures_of(result: Mapping[str, Any]) -> Figures:
    """The figures a result (entered or played) was settled from."""
    declarer = int(result.get("declarer", result.get("dealer", 0)))
    return Figures(
        declarer=declarer,
        defender_points=int(result.get("defender_points", 0)),
        bid=result.get("bid"),
        friends=tuple(int(s) for s in result.get("team") or [] if s != declarer),
        winner=result.get("winner"),
        hand_points=result.get("points"),
        defenders_last=defenders_last(result),
        hook=hook_of(result),
        redeal=result.get("outcome") == "redeal",
    )


def fixed_declarer(name: str, situation: Mapping[str, JSON] | None) -> int | None:
    """The seat that deals the next deal whatever is entered, or ``None`` when the table decides."""
    return get_game(name).fixed_declarer(situation)


def declarers(name: str, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
    """Seats that may be entered as the next deal's declarer (dealer in Si Se Pai)."""
    return get_game(name).declarers(situation, seats)
