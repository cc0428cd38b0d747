"""The replay of a Zhao Pengyou deal: every one of the N seats as a perspective, calls, copies, friends."""

from __future__ import annotations

import random

import pytest

from engine import get_game
from engine.core.match import selfplay_deal
from engine.core.record import DealRecord
from replays.services.frames import ALL
from replays.services.steps import build_many


def played_deal(seats: int, seed: int = 3) -> DealRecord:
    """The first bot deal from ``seed`` that was played out (not redealt) at ``seats`` seats."""
    game = get_game("zhaopengyou")
    rules = game.rules_from_json({})
    rng = random.Random(seed)
    while True:
        record = selfplay_deal(game, rules, seats, None, rng, ["heuristic"])
        if record.result and record.result["outcome"] == "played":
            return record


@pytest.fixture(scope="module", params=[6, 9, 12], ids=["6-seats", "9-seats", "12-seats"])
def record(request: pytest.FixtureRequest) -> DealRecord:
    return played_deal(request.param)


def test_each_seat_s_perspective_shows_its_own_hand_and_counts_of_the_others(record: DealRecord) -> None:
    """From seat s: hand s as cards and every other hand as a count, at every step until the end."""
    seats = len(record.seats)
    replays = build_many(record, [ALL, *range(seats)])
    for seat in range(seats):
        for frame in replays[seat].frames[:-1]:
            for other, hand in enumerate(frame["hands"]):
                assert isinstance(hand, list) == (other == seat), (seat, other)
    assert all(isinstance(hand, list) for hand in replays[ALL].frames[0]["hands"])


def test_calls_copies_and_team_are_the_same_from_every_perspective(record: DealRecord) -> None:
    """The calls (with copies played) and the revealed team are public: one story for all seats."""
    seats = len(record.seats)
    replays = build_many(record, [ALL, *range(seats)])
    for step, frame in enumerate(replays[ALL].frames):
        for seat in range(seats):
            mine = replays[seat].frames[step]
            assert (mine.get("calls"), mine.get("team")) == (frame.get("calls"), frame.get("team"))
    final = replays[ALL].frames[-1]
    assert final["calls"] == record.result["calls"]
    assert sorted(final["team"]) == record.result["team"]


def test_the_story_marks_each_friend_at_the_step_its_called_copy_was_played(record: DealRecord) -> None:
    """One story item per answered call, at the move that played the called copy, by that seat."""
    story = build_many(record, [ALL])[ALL].story
    answered = [c for c in record.result["calls"] if c["by"] is not None]
    assert sorted((f["call"], f["by"], f["joined"]) for f in story.friends) == sorted(
        (c["call"], c["by"], c["joined"]) for c in answered
    )
    assert [f["at"] for f in story.friends] == sorted(f["at"] for f in story.friends)
    for friend in story.friends:
        seat, text = record.actions[friend["at"] - 1]
        assert seat == friend["by"] and text.startswith("play ") and friend["card"] in text.split()
        assert friend["copies_played"] >= friend["nth"]
