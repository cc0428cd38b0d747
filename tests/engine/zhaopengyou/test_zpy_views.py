"""Views: a called card's holder is never shown before it plays the copy; calls are public."""

from __future__ import annotations

import random
from typing import Any

from zpy_table import GAME, in_play, trick

from engine.core.match import bot_move, play_deal
from engine.games.zhaopengyou.deal import ZhaoDeal

HANDS = {0: "3S 3C", 1: "KS 4C", 2: "AS AC", 3: "TS 5C", 4: "9S 6C", 5: "QS 7C"}


def public_part(view: dict[str, Any], seat: int | None, declarer: int | None) -> dict[str, Any]:
    """A view without what only its seat sees: its hand, the kitty it buried, may_act."""
    out = {k: v for k, v in view.items() if k not in ("seat", "may_act")}
    zones = dict(out["zones"])
    if seat is not None:
        zones.pop(f"hand:{seat}")
        if seat == declarer:
            zones.pop("kitty")
    out["zones"] = zones
    return out


def assert_views_differ_only_in_private_zones(state: ZhaoDeal) -> None:
    seats = state.setup.seats
    spectator = state.view(None)
    for seat in range(seats):
        declarer = state.dealer if state.buried else None
        assert public_part(state.view(seat), seat, declarer) == public_part(spectator, seat, declarer), seat


def test_a_friend_is_not_shown_before_it_plays_the_called_copy_not_even_to_itself() -> None:
    """Seat 2 holds the called AC: no view, its own included, puts it on the declarer's team."""
    state = in_play(6, HANDS, "H", "2", calls=("1st AC", "1st AD"))
    for seat in [*range(6), None]:
        view = state.view(seat)
        assert view["team"] == [0] and view["max_team"] == 3
        assert [c["call"] for c in view["calls"]] == ["call 1st AC", "call 1st AD"]
        assert all(c["by"] is None and c["copies_played"] == 0 for c in view["calls"])
    assert_views_differ_only_in_private_zones(state)
    assert state.view(2)["zones"]["hand:2"] == ["AS", "AC"]


def test_every_view_shows_the_friend_once_the_called_copy_is_played() -> None:
    """After seat 2 plays AC everyone sees it on the team, with the copies played."""
    state = in_play(6, HANDS, "H", "2", calls=("1st AC", "1st AD"))
    trick(state, "0:3S 1:KS 2:AS 3:TS 4:9S 5:QS")
    state.apply(2, GAME.parse_action("play AC"))
    for seat in [*range(6), None]:
        view = state.view(seat)
        assert view["team"] == [0, 2]
        assert view["calls"][0]["by"] == 2 and view["calls"][0]["copies_played"] == 1
        assert view["discarded_points"] == [[2, 20]]
    assert_views_differ_only_in_private_zones(state)


def test_the_kitty_is_seen_by_the_declarer_alone_after_burying() -> None:
    """Zones: the kitty's cards for the declarer, a count for everyone else."""
    state = in_play(6, HANDS, "H", "2", declarer=1, calls=("1st AC", "1st AD"), kitty="3D 3D 4D 4D 6D 6D")
    assert state.view(1)["zones"]["kitty"] == ["3D", "3D", "4D", "4D", "6D", "6D"]
    assert all(state.view(s)["zones"]["kitty"] == 6 for s in (0, 2, 3, 4, 5, None))


def test_views_of_a_whole_bot_deal_differ_only_in_private_zones() -> None:
    """Every step of a seven-player deal: what one seat sees beyond the spectator is its own."""
    rules = GAME.rules_from_json({})
    deck = GAME.shuffled_deck(rules, 7, random.Random(3))
    state = GAME.start(rules, 7, deck, None)
    assert isinstance(state, ZhaoDeal)
    bots = [GAME.bot("heuristic", random.Random(s)) for s in range(7)]
    steps = 0
    while not state.is_over():
        assert_views_differ_only_in_private_zones(state)
        play_deal_one_step(state, bots)
        steps += 1
    assert steps > 100
    assert all(isinstance(cards, list) for cards in state.view(None)["zones"].values())


def play_deal_one_step(state: ZhaoDeal, bots: list[Any]) -> None:
    state.apply(*bot_move(state, bots))


def test_the_spectator_sees_every_hand_once_the_deal_is_over() -> None:
    """After the deal the record is public."""
    rules = GAME.rules_from_json({})
    state = GAME.start(rules, 6, GAME.shuffled_deck(rules, 6, random.Random(4)), None)
    play_deal(state, [GAME.bot("random", random.Random(s)) for s in range(6)])
    assert state.hidden_from(None) == frozenset() and state.hidden_from(3) == frozenset()
