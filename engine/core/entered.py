"""One way in for every game's deals played at a physical table: the table's figures in, a result out.

``entered_result(name, rules, seats, situation, figures)`` serves all five games: Shengji and
Tractor through ``PartnershipGame.entered_result``, San Da Ha through ``SandahaGame``'s, Zhao
Pengyou through ``engine.games.zhaopengyou.entered`` and Si Se Pai through ``engine.games.sisepai.scoring``.
Each settles the figures with the same function a played deal uses, so a played deal and an
entered one with the same figures agree on every field the figures decide. Figures no deal can
have raise ``BadResult`` with a stable ``reason``; ``limits`` gives the numbers a message names,
``figures_read`` the figures a game reads under its rules (what a form asks for), and
``figures_of`` reads the figures back from a result (to recompute a corrected match).

A Zhao Pengyou deal in which nobody declared is entered as a redeal (``Figures.redeal``): the
same result a live redeal has, counting for nothing (docs/rules/zhaopengyou.md §Declaring trumps).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import BadResult
from engine.core.figures import HOOKS, Figures
from engine.core.game import JSON, Rules
from engine.core.registry import get_game
from engine.family.partnership import PartnershipGame
from engine.games.sandaha import TOP_BID, SandahaGame
from engine.games.shengji import ShengjiRules
from engine.games.sisepai import scoring as sisepai_scoring
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.zhaopengyou import entered as zhaopengyou_entered
from engine.games.zhaopengyou.game import situation_or_first
from engine.games.zhaopengyou.rules import TABLE, ZhaoRules, calls_for

# (rules, seats, situation, figures, rescore): ``rescore`` is a deal entered before, scored again
# from a corrected situation (``entered_result``).
Entered = Callable[[Rules, int, Mapping[str, JSON] | None, Figures, bool], dict[str, JSON]]


def _zhaopengyou(
    rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures, rescore: bool
) -> dict[str, JSON]:
    assert isinstance(rules, ZhaoRules)
    if figures.redeal:
        return zhaopengyou_redeal(rules, seats, situation, figures)
    return zhaopengyou_entered.entered_result(
        rules,
        seats,
        situation,
        figures.declarer,
        figures.friends,
        figures.defender_points,
        rescore=rescore,
    )


def zhaopengyou_redeal(
    rules: ZhaoRules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
) -> dict[str, JSON]:
    """Nobody declared: the provisional dealer deals again and everyone counts as a winner
    (zhaopengyou.md §Declaring trumps).

    The result is a live redeal's (``ZhaoDeal.finish_redeal``); the provisional dealer is the
    situation's, else the rules' first dealer, else unknown (drawn for at the table).
    """
    if seats not in TABLE:
        raise BadResult("seats", f"Zhao Pengyou is played by 6-12 players, not {seats}")
    if figures.friends or figures.defender_points:
        raise BadResult("redeal_figures", "a redeal has no friends and no defenders' points")
    dealer = situation_or_first(situation, seats)["provisional_dealer"]
    if dealer is None and rules.first_dealer >= 0:
        dealer = rules.first_dealer
    return {
        "outcome": "redeal",
        "entered": True,
        "reason": "nobody declared",
        "by": dealer,
        "scores": [0] * seats,
        "next_dealer": dealer,
    }


def _sisepai(
    rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures, rescore: bool
) -> dict[str, JSON]:
    assert isinstance(rules, SiSePaiRules)
    return sisepai_scoring.entered_result(
        rules, seats, situation, figures.winner, figures.hand_points, figures.declarer
    )


def _game_method(name: str) -> Entered:
    # Who declares or deals a level game is the situation's, so a rescored deal needs nothing more.
    game = get_game(name)
    assert isinstance(game, PartnershipGame | SandahaGame)
    return lambda rules, seats, situation, figures, rescore: game.entered_result(
        rules, seats, situation, figures
    )


ENTERED: dict[str, Entered] = {
    "shengji": _game_method("shengji"),
    "tractor": _game_method("tractor"),
    "sandaha": _game_method("sandaha"),
    "zhaopengyou": _zhaopengyou,
    "sisepai": _sisepai,
}

# The figures each game reads whatever its rules; ``figures_read`` adds the variants'.
FIGURES_READ: dict[str, tuple[str, ...]] = {
    "shengji": ("declarer", "defender_points"),
    "tractor": ("declarer", "defender_points"),
    "sandaha": ("declarer", "defender_points", "bid"),
    "zhaopengyou": ("declarer", "friends", "defender_points", "redeal"),
    "sisepai": ("declarer", "winner", "hand_points"),
}


def enters(name: str) -> bool:
    """Whether deals of game ``name`` can be entered by hand."""
    return name in ENTERED


def figures_read(name: str, rules: Rules) -> tuple[str, ...]:
    """The ``Figures`` fields a deal of ``name`` under ``rules`` reads; the others keep their defaults.

    One-deck Shengji reads the last trick only for its variants (shengji.md §House rules): the last-trick rule
    or the J-hook, which also needs the J that took it.
    """
    read = FIGURES_READ.get(name, ())
    if isinstance(rules, ShengjiRules) and (rules.last_trick_passes or rules.j_hook):
        read += ("defenders_last",)
    if isinstance(rules, ShengjiRules) and rules.j_hook:
        read += ("hook",)
    return read


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
    if name not in ENTERED:
        raise BadResult("not_entered", f"results of {name} cannot be entered by hand")
    if figures.redeal and "redeal" not in FIGURES_READ[name]:
        raise BadResult("no_redeal", f"a redeal of {name} cannot be entered by hand")
    return ENTERED[name](rules, seats, situation, figures, rescore)


def limits(name: str, rules: Rules, seats: int) -> dict[str, int]:
    """The numbers a refusal names: the defenders' top points, the bid's top, friends, hand points."""
    out = {"bid": TOP_BID}
    game = get_game(name)
    if isinstance(game, PartnershipGame | SandahaGame):
        out["top"] = game.most_defender_points(rules)
    if isinstance(rules, ZhaoRules) and seats in TABLE:
        out["top"] = zhaopengyou_entered.most_defender_points(rules, seats)
        out["calls"] = calls_for(seats)
    if isinstance(rules, SiSePaiRules):
        out["low"] = rules.min_points
    return out


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
    """The seat that deals the next deal whatever is entered, or ``None`` when the table decides.

    Level games: the dealer the last deal named (shengji.md §Scoring). Si Se Pai: the last winner deals.
    """
    dealer = (situation or {}).get("dealer") if name in ("tractor", "shengji", "sisepai") else None
    return dealer if isinstance(dealer, int) else None


def declarers(name: str, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
    """Seats that may be entered as the next deal's declarer (dealer in Si Se Pai).

    One fixed seat; in Zhao Pengyou last deal's winners (zhaopengyou.md §Declaring trumps); else every seat.
    """
    fixed = fixed_declarer(name, situation)
    if fixed is not None:
        return [fixed]
    winners = (situation or {}).get("last_winners") if name == "zhaopengyou" else None
    return [int(s) for s in winners] if isinstance(winners, list) else list(range(seats))
