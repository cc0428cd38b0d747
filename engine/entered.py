"""One way in for every game's deals played at a physical table: the table's figures in, a result out.

``entered_result(name, rules, seats, situation, figures)`` serves all five games: Shengji and
Tractor through ``PartnershipGame.entered_result``, San Da Ha through ``SandahaGame``'s, Zhao
Pengyou through ``engine.zhaopengyou.entered`` and Si Se Pai through ``engine.sisepai.scoring``.
Each settles the figures with the same function a played deal uses, so a played deal and an
entered one with the same figures agree on every field the figures decide. Figures no deal can
have raise ``BadResult`` with a stable ``reason``; ``limits`` gives the numbers a message names,
and ``figures_of`` reads the figures back from a result (to recompute a corrected match).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import BadResult
from engine.figures import HOOKS, Figures
from engine.game import JSON, Rules
from engine.partnership import PartnershipGame
from engine.registry import get_game
from engine.sandaha import TOP_BID, SandahaGame
from engine.sisepai import scoring as sisepai_scoring
from engine.sisepai.rules import SiSePaiRules
from engine.zhaopengyou import entered as zhaopengyou_entered
from engine.zhaopengyou.rules import TABLE, ZhaoRules, calls_for

Entered = Callable[[Rules, int, Mapping[str, JSON] | None, Figures], dict[str, JSON]]


def _zhaopengyou(
    rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
) -> dict[str, JSON]:
    assert isinstance(rules, ZhaoRules)
    return zhaopengyou_entered.entered_result(
        rules, seats, situation, figures.declarer, figures.friends, figures.defender_points
    )


def _sisepai(
    rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
) -> dict[str, JSON]:
    assert isinstance(rules, SiSePaiRules)
    return sisepai_scoring.entered_result(
        rules, seats, situation, figures.winner, figures.hand_points, figures.declarer
    )


def _game_method(name: str) -> Entered:
    game = get_game(name)
    assert isinstance(game, PartnershipGame | SandahaGame)
    return game.entered_result


ENTERED: dict[str, Entered] = {
    "shengji": _game_method("shengji"),
    "tractor": _game_method("tractor"),
    "sandaha": _game_method("sandaha"),
    "zhaopengyou": _zhaopengyou,
    "sisepai": _sisepai,
}


def enters(name: str) -> bool:
    """Whether deals of game ``name`` can be entered by hand."""
    return name in ENTERED


def entered_result(
    name: str, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
) -> dict[str, JSON]:
    """The result of a deal of ``name`` played at a table, as the engine reports a played one."""
    if name not in ENTERED:
        raise BadResult("not_entered", f"results of {name} cannot be entered by hand")
    return ENTERED[name](rules, seats, situation, figures)


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
    )


def fixed_declarer(name: str, situation: Mapping[str, JSON] | None) -> int | None:
    """The seat that deals the next deal whatever is entered, or ``None`` when the table decides.

    Level games: the dealer the last deal named (RULINGS 7). Si Se Pai: the last winner deals.
    """
    dealer = (situation or {}).get("dealer") if name in ("tractor", "shengji", "sisepai") else None
    return dealer if isinstance(dealer, int) else None


def declarers(name: str, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
    """Seats that may be entered as the next deal's declarer (dealer in Si Se Pai).

    One fixed seat; in Zhao Pengyou last deal's winners (RULINGS 13); else every seat.
    """
    fixed = fixed_declarer(name, situation)
    if fixed is not None:
        return [fixed]
    winners = (situation or {}).get("last_winners") if name == "zhaopengyou" else None
    return [int(s) for s in winners] if isinstance(winners, list) else list(range(seats))
