"""A played deal and the same deal entered by hand give the same result: recorded bot matches.

The bots play each game's matches (situations carried from deal to deal); each played result's
figures (``figures_of``) are entered against the same situation, and every field the entered
result reports equals the played one. Only what a table does not report differs: the J-hook's
card (entered: its kind), who took the last trick, and the first deal's draw for the dealer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from family_table import cards, in_play, play

from engine.core.entered import entered_result, figures_of
from engine.core.match import selfplay_deal
from engine.core.registry import get_game

NOT_REPORTED = {"entered", "j_hook", "defenders_last"}
DRAWN_AT_THE_TABLE = {"provisional_dealer", "dealer_draw"}  # entered as unknown on a first deal


def bot_match(
    name: str, rules_json: dict[str, Any], seats: int, deals: int
) -> list[tuple[Any, dict[str, Any]]]:
    """(situation, played result) of ``deals`` deals of heuristic bots, from seed 5."""
    game = get_game(name)
    rules = game.rules_from_json(rules_json)
    rng, situation, out = random.Random(5), None, []
    for _ in range(deals):
        result = selfplay_deal(game, rules, seats, situation, rng, ["heuristic", "random"]).result
        assert result is not None
        out.append((situation, result))
        situation = game.next_situation(rules, seats, situation, result)
        if game.match_winners(rules, situation):
            situation = None
    return out


@pytest.mark.parametrize(
    ("name", "rules", "seats"),
    [
        ("shengji", {}, 4),
        ("shengji", {"last_trick_passes": True, "j_hook": True, "two_always_trump": True}, 4),
        ("tractor", {}, 4),
        ("tractor", {"kitty_per_card": True}, 4),
        ("sandaha", {}, 4),
        ("zhaopengyou", {}, 6),
        ("sisepai", {}, 3),
    ],
)
def test_entered_figures_give_the_played_result(name: str, rules: dict[str, Any], seats: int) -> None:
    """Every field an entered deal reports is the played deal's, for 12 recorded deals."""
    parsed = get_game(name).rules_from_json(rules)
    compared = 0
    for situation, played in bot_match(name, rules, seats, 12):
        if played["outcome"] == "redeal":
            continue
        entered = entered_result(name, parsed, seats, situation, figures_of(played))
        for key, value in entered.items():
            if key in NOT_REPORTED or (key in DRAWN_AT_THE_TABLE and value is None):
                continue
            assert played[key] == value, (key, played, entered)
        # The figures kept in an entered result give it again (a corrected match recomputes them).
        assert entered_result(name, parsed, seats, situation, figures_of(entered)) == entered
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize(
    ("winning_card", "options"),
    [
        ("JS", {"j_hook": True}),
        ("JH", {"j_hook": True}),
        ("JS", {"j_hook": True, "two_always_trump": True}),
        ("AS", {"j_hook": True, "last_trick_passes": True}),
        ("JH", {"j_hook": True, "last_trick_passes": True}),
    ],
)
def test_a_played_last_trick_and_its_entered_figures_agree(
    winning_card: str, options: dict[str, Any]
) -> None:
    """At rank J a defender's J (trump JS, side JH) or ace takes the last trick: entered as its kind."""
    last = {0: "4H", 1: winning_card, 2: "5C", 3: "3H"}
    state = in_play("shengji", last, "S", "J", **options)
    state.kitty = cards("TH 3D")
    for seat in range(4):
        play(state, seat, last[seat])
    played = state.result()
    assert played is not None
    figures = figures_of(played)
    assert figures.defenders_last and figures.hook == ({"JS": "trump", "JH": "side"}.get(winning_card))
    rules = get_game("shengji").rules_from_json(options)
    entered = entered_result("shengji", rules, 4, state.situation, figures)
    assert {k: played[k] for k in entered if k not in NOT_REPORTED} == {
        k: v for k, v in entered.items() if k not in NOT_REPORTED
    }
    assert (entered.get("j_hook"), played.get("j_hook")) == (
        (figures.hook, winning_card) if figures.hook else (None, None)
    )
