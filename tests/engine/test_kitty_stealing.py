"""Tractor's kitty stealing (炒底, option ``kitty_stealing``): tractor.md §Kitty stealing.

The deal below: seat 0 deals and declares 2H; seat 1 holds 2S 2S and 2D, seat 2 LJ LJ and 2C 2C,
seat 3 nothing to declare. Seat 0 buries the kitty's own cards, and the steal phase opens at seat 1.
"""

from __future__ import annotations

import io
import json
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction, NotYourTurn, WrongPhase
from engine.core.game import JSON, Action
from engine.core.match import bot_move, play_deal, selfplay_deal
from engine.core.record import DealRecord, start_record
from engine.core.registry import get_game
from engine.family.actions import Bury, Declare, Draw, Pass, PickUp
from engine.family.phases import Phase
from engine.family.stealing import KittyStealing
from engine.family.trickdeal import TrickDeal
from engine.review import review_record
from engine.tools.cli import main
from tests.engine.family_table import cards, deck_for, draw_all, start

HANDS = {0: "2H", 1: "2S 2S 2D", 2: "LJ LJ 2C 2C"}
KITTY = "3S 4S 6S 7S 8S 9S 3D 4D"
LATER = {"dealer": 0, "levels": ["2", "2"]}


def buried(stealing: bool = True) -> TrickDeal:
    """The deal once seat 0 declared 2H, took the kitty up and buried the kitty's own cards."""
    options = {"kitty_stealing": True} if stealing else {}
    state = draw_all(start("tractor", deck_for("tractor", HANDS, KITTY), LATER, **options))
    state.apply(0, Declare(("2H",)))
    state.apply(0, PickUp())
    state.apply(0, Bury(tuple(cards(KITTY))))
    return state


def steal(state: TrickDeal, seat: int, shown: str) -> None:
    state.apply(seat, Declare(tuple(cards(shown))))


def test_the_burial_opens_the_steal_phase_at_the_next_seat() -> None:
    """After the dealer's burial seat 1 may pass or steal; nobody else may act."""
    state = buried()
    assert state.phase is Phase.STEAL and state.must_move() == {1} and state.to_move() == {1}
    assert set(state.legal_actions(1)) == {Pass(), Declare(("2S", "2S"))}
    assert not any(list(state.legal_actions(seat)) for seat in (0, 2, 3))


def test_without_the_option_the_play_begins_after_the_burial() -> None:
    """The default: the dealer's burial starts the play, the dealer leading."""
    state = buried(stealing=False)
    assert state.phase is Phase.PLAY and state.must_move() == {0}
    assert "stealing" not in state.view(0)


def test_a_stronger_declaration_steals_the_kitty() -> None:
    """2S 2S over 2H: spades are trump, seat 1 holds the kitty and buries; seat 0 stays dealer."""
    state = buried()
    steal(state, 1, "2S 2S")
    assert state.phase is Phase.BURY and state.must_move() == {1}
    assert state.trump.suit == "S" and state.declaration == (1, ("2S", "2S"))
    assert sum(state.hands[1].values()) == 25 + 8 and state.kitty == []
    assert state.dealer == 0 and state.side_of(1) == 1


@pytest.mark.parametrize(("shown", "stolen"), [("2D", False), ("2S 2S", True)])
def test_only_a_strictly_stronger_declaration_steals(shown: str, stolen: bool) -> None:
    """A single 2D ties the standing single 2H and is refused, nothing changed; a pair steals."""
    state = buried()
    before = state.view(1)
    if stolen:
        steal(state, 1, shown)
        assert state.phase is Phase.BURY
    else:
        with pytest.raises(IllegalAction):
            steal(state, 1, shown)
        assert state.view(1) == before


@pytest.mark.parametrize(("shown", "stolen"), [("2C 2C", False), ("LJ LJ", True)])
def test_a_steal_must_beat_the_last_steal(shown: str, stolen: bool) -> None:
    """After 2S 2S a pair of 2C only ties it; little jokers beat it (no trump suit)."""
    state = buried()
    steal(state, 1, "2S 2S")
    state.apply(1, Bury(tuple(cards(KITTY))))
    assert state.must_move() == {2}
    if stolen:
        steal(state, 2, shown)
        assert state.trump.suit is None and state.must_move() == {2}
    else:
        with pytest.raises(IllegalAction):
            steal(state, 2, shown)


def test_a_steal_out_of_turn_is_refused() -> None:
    """Seat 2 may not steal while it is seat 1's turn, nor the burier in its own window."""
    state = buried()
    for seat in (2, 0):
        with pytest.raises(NotYourTurn):
            state.apply(seat, Pass() if seat == 0 else Declare(("LJ", "LJ")))
    assert state.must_move() == {1}


def test_turns_go_round_from_the_seat_after_the_last_burier() -> None:
    """Seat 1 passes, seat 2 steals and buries: seats 3, 0 and 1 are asked next, in that order."""
    state = buried()
    state.apply(1, Pass())
    assert state.must_move() == {2}
    steal(state, 2, "LJ LJ")
    state.apply(2, Bury(tuple(cards(KITTY))))
    for seat in (3, 0, 1):
        assert state.phase is Phase.STEAL and state.must_move() == {seat}
        state.apply(seat, Pass())
    assert state.phase is Phase.PLAY


def test_the_window_closes_when_everybody_passed() -> None:
    """Three passes after the dealer's burial: the play begins, the dealer leading, 2H trump."""
    state = buried()
    for seat in (1, 2, 3):
        state.apply(seat, Pass())
    assert state.phase is Phase.PLAY and state.must_move() == {0} and state.trump.suit == "H"
    with pytest.raises(WrongPhase):
        steal(state, 1, "2S 2S")


def test_only_the_last_burier_sees_the_kitty() -> None:
    """Before a steal the dealer sees the kitty; after seat 1's steal and burial only seat 1 does."""
    state = buried()
    assert sorted(state.view(0)["zones"]["kitty"]) == sorted(cards(KITTY))
    assert all(state.view(seat)["zones"]["kitty"] == 8 for seat in (1, 2, 3, None))
    steal(state, 1, "2S 2S")
    state.apply(1, Bury(tuple(cards(KITTY))))
    assert sorted(state.view(1)["zones"]["kitty"]) == sorted(cards(KITTY))
    assert all(state.view(seat)["zones"]["kitty"] == 8 for seat in (0, 2, 3, None))
    assert state.view(None)["stealing"] == {"buried_by": [0, 1], "turn": 2}


def test_the_option_is_omitted_from_the_rules_at_its_default() -> None:
    """Records of deals without the option keep their rules as they were."""
    rules = get_game("tractor").rules_type
    assert "kitty_stealing" not in rules().to_json()
    assert rules(kitty_stealing=True).to_json()["kitty_stealing"] is True


@cache
def stolen_record(kinds: tuple[str, ...]) -> DealRecord:
    """A bot-played deal with the option that reached the steal phase."""
    game = get_game("tractor")
    rules = game.rules_from_json({"kitty_stealing": True})
    for n in range(40):
        record = selfplay_deal(game, rules, 4, None, random.Random(n), kinds)
        phases = [action for _, action in record.actions]
        if (record.result or {}).get("outcome") == "played" and phases.count("pass") >= 3:
            return record
    raise AssertionError("no deal reached the steal phase")


def test_a_deal_with_a_steal_replays_from_its_record(tmp_path: Path) -> None:
    """``python -m engine check`` replays a bot-played record with steals and passes."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(stolen_record(("random",)).to_json()) + "\n")
    out = io.StringIO()
    assert main(["check", str(path)], out) == 0
    assert json.loads(out.getvalue().splitlines()[-1]) == {"checked": 1, "ok": True}


@pytest.mark.parametrize("kind", ["heuristic", "expert"])
def test_the_bots_play_deals_with_the_option(kind: str) -> None:
    """Heuristic and expert bots bring a deal with kitty stealing to its end."""
    assert (stolen_record((kind, "random")).result or {})["outcome"] == "played"


def named_record() -> DealRecord:
    """The deal of this module played to its end by heuristic bots after seat 0's burial."""
    game = get_game("tractor")
    rules = game.rules_from_json({"kitty_stealing": True})
    deck = deck_for("tractor", HANDS, KITTY)
    names: list[dict[str, JSON]] = [{"name": f"bot {s}", "id": None} for s in range(4)]
    record = start_record(game, rules.to_json(), names, deck, LATER, "0" * 32)
    state = game.start(rules, 4, deck, LATER)
    first: list[tuple[int, Action]] = [(s % 4, Draw()) for s in range(100)]
    first += [(0, Declare(("2H",))), (0, PickUp()), (0, Bury(tuple(cards(KITTY))))]
    for seat, action in first:
        state.apply(seat, action)
    bots = [game.bot("heuristic", random.Random(seat)) for seat in range(4)]
    record.actions = [(seat, str(action)) for seat, action in first] + play_deal(state, bots)
    record.result = state.result()
    return record


def test_the_review_judges_steal_decisions() -> None:
    """Seat 1's choice between a pass and 2S 2S is reviewed as a ``steal`` decision."""
    record = named_record()
    steals = [j for j in review_record(record, "fast", seed=1).judgements if j.kind == "steal"]
    assert (steals[0].seat, steals[0].index) == (1, 103)
    assert all(j.played == "pass" or j.played.startswith("declare ") for j in steals)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_the_kitty_is_seen_by_one_seat_at_most_and_no_card_is_lost(seed: int) -> None:
    """In every position of a random deal with the option the cards are all there (hands, stock,
    kitty, trick and won piles), and before the deal is over the last burier alone sees the kitty."""
    game = get_game("tractor")
    rules = game.rules_from_json({"kitty_stealing": True})
    rng = random.Random(seed)
    state = game.start(rules, 4, game.shuffled_deck(rules, 4, rng), None)
    assert isinstance(state, KittyStealing)
    bots = [game.bot("random", random.Random(rng.getrandbits(32))) for _ in range(4)]
    while not state.is_over():
        zones = state.zones()
        assert sum(len(cards) for cards in zones.values()) == 108
        seeing = [s for s in range(4) if isinstance(state.view(s)["zones"]["kitty"], list)]
        assert seeing == ([state.burier()] if state.buried else [])
        seat, action = bot_move(state, bots)
        state.apply(seat, action)
