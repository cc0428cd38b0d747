"""Si Se Pai replays: every claim carried out is in the story, the turn's phases are not, and a
seat's perspective holds only what that seat knew (its hand, counts of the others, its answers)."""

from __future__ import annotations

import random

import pytest

from engine.core.match import selfplay_deal
from engine.core.record import DealRecord, start_state
from engine.core.registry import get_game
from replays.services.steps import build

GAME = get_game("sisepai")
RULES = GAME.rules_from_json({})
ANSWERS = {"pass", "tsumo", "hu", "kong", "pong", "meld", "chi"}


def deals(count: int, seats: int = 3) -> list[DealRecord]:
    """Heuristic-bot deals from a fixed seed."""
    rng = random.Random(8)
    return [selfplay_deal(GAME, RULES, seats, None, rng, ["heuristic"]) for _ in range(count)]


def claims_carried_out(record: DealRecord) -> list[tuple[int, int, str]]:
    """``(step, seat, claim)`` of every claim the engine carried out, read off the engine itself."""
    state = start_state(record)
    out, last = [], state.last_claim
    for at, (seat, text) in enumerate(record.actions, start=1):
        state.apply(seat, GAME.parse_action(text))
        if state.last_claim is not last:  # a new claim, even one that reads like the last
            last = state.last_claim
            out.append((at, last["seat"], last["claim"]))
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_claim_carried_out_is_in_the_story(seats: int) -> None:
    """Claims that read alike (the same seat melding twice) are each listed, at their own step."""
    for record in deals(6, seats):
        story = build(record).story
        assert [(c["at"], c["seat"], c["claim"]) for c in story.claims] == claims_carried_out(record)


def test_the_turns_phases_are_listed_once() -> None:
    """Draw, window and discard repeat every turn: the phase picker lists each once, then the end."""
    for record in deals(4):
        phases = [p["phase"] for p in build(record).story.phases]
        assert len(phases) == len(set(phases)) and phases[-1] == "over"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_hand_the_others_counts_and_its_own_answers(seat: int) -> None:
    """While the deal runs, other hands are counts; other seats' answers to windows are hidden."""
    record = deals(1)[0]
    replay = build(record, seat)
    for frame in replay.frames[:-1]:
        assert isinstance(frame["hands"][seat], list)
        assert all(isinstance(frame["hands"][s], int) for s in range(3) if s != seat)
        if frame["window"] is not None and frame["phase"] == "window":
            assert frame["to_move"] == frame["window"]  # everyone asked, not who could claim
    for (actor, text), (_, shown) in zip(record.actions, replay.moves, strict=True):
        hidden = actor != seat and text.split()[0] in ANSWERS | {"redeal"}
        assert shown == (None if hidden else text)


def test_a_void_deal_adds_no_claim_at_its_end() -> None:
    """The stock running out after an unclaimed card ends the deal without a claim."""
    rng = random.Random(8)
    for _ in range(300):
        record = selfplay_deal(GAME, RULES, 2, None, rng, ["random"])
        if record.result["outcome"] == "void" and claims_carried_out(record):
            break
    else:
        pytest.fail("no void deal with a claim in 300 random-bot deals")
    claims = build(record).story.claims
    assert [(c["at"], c["seat"], c["claim"]) for c in claims] == claims_carried_out(record)
    assert claims[-1]["at"] < len(record.actions)
