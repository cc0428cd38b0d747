"""The viewer's steps are the engine's views: after k actions, frame k is the state's view."""

from __future__ import annotations

import pytest

from engine.core.record import replay, start_state
from engine.core.registry import game_names, get_game
from league.models import Club, Deal
from replays.services.frames import ALL, make_frame
from replays.services.records import deal_record
from replays.services.samples import play_sample_match
from replays.services.steps import build, build_many, parse_perspective, visible_moves

pytestmark = pytest.mark.django_db


def stored_deal(club: Club, game: str, seed: int = 3) -> Deal:
    """The first deal of a bot match stored as Deal and Move rows."""
    match = play_sample_match(club, game, 1, seed)
    return match.deals.get(number=1)


@pytest.mark.parametrize("game", game_names())
def test_it_gives_the_engine_state_after_each_action_for_every_game(club: Club, game: str) -> None:
    """For every perspective, frame k equals the view of the record replayed up to k actions."""
    record = deal_record(stored_deal(club, game))
    seats = len(record.seats)
    for perspective in [ALL, *range(seats)]:
        frames = build(record, perspective).frames
        assert len(frames) == len(record.actions) + 1
        for k in range(0, len(frames), max(1, len(frames) // 25)):
            state = replay(record, upto=k)
            seat = None if perspective == ALL else perspective
            zones = state.zones() if perspective == ALL else None
            assert frames[k] == make_frame(game, state.view(seat), zones, seats), (perspective, k)
        assert frames[-1]["result"] == record.result


@pytest.mark.parametrize("game", game_names())
def test_every_step_is_the_view_after_that_many_actions(club: Club, game: str) -> None:
    """Every frame of every perspective, checked against a state stepped one action at a time."""
    record = deal_record(stored_deal(club, game, seed=8))
    seats, engine = len(record.seats), get_game(game)
    replays = {p: build(record, p).frames for p in [ALL, *range(seats)]}
    state = start_state(record)
    for k in range(len(record.actions) + 1):
        if k:
            seat, text = record.actions[k - 1]
            state.apply(seat, engine.parse_action(text))
        for perspective, frames in replays.items():
            view = state.view(None if perspective == ALL else perspective)
            zones = state.zones() if perspective == ALL else None
            assert frames[k] == make_frame(game, view, zones, seats), (perspective, k)


@pytest.mark.parametrize("game", game_names())
def test_it_shows_every_hand_to_all_and_only_the_own_hand_to_a_seat(club: Club, game: str) -> None:
    """All hands: every hand as cards; a seat mid-deal sees its cards and counts of the others."""
    record = deal_record(stored_deal(club, game))
    middle = len(record.actions) // 2
    everyone = build(record, ALL).frames[middle]
    assert all(isinstance(hand, list) for hand in everyone["hands"])
    for seat in range(len(record.seats)):
        hands = build(record, seat).frames[middle]["hands"]
        assert hands[seat] == everyone["hands"][seat]
        others = [h for s, h in enumerate(hands) if s != seat]
        assert all(isinstance(h, int) for h in others), (seat, hands)


def test_it_collects_tricks_declarations_and_the_kitty_of_a_tractor_deal(club: Club) -> None:
    """The story's tricks hold every card played once; the burial is the final kitty."""
    record = deal_record(stored_deal(club, "tractor", seed=11))
    story = build(record, ALL).story
    played = sorted(c for t in story.tricks for _, cards in t["plays"] for c in cards)
    in_plays = sorted(c for _, text in record.actions if text.startswith("play") for c in text.split()[1:])
    assert played == in_plays
    assert story.tricks[-1]["defender_points"] <= record.result["defender_points"]
    assert [t["winner"] for t in story.tricks[-1:]] == [record.result["last_trick_winner"]]
    assert sorted(story.kitty["buried"]) == sorted(record.result["kitty"])
    assert story.kitty["dealt"] == record.deck[-8:]
    assert [p["phase"] for p in story.phases][-1] == "over"
    declared = [text for _, text in record.actions if text.startswith("declare")]
    assert len(story.declarations) == len(declared)


def test_it_hides_the_burial_from_the_other_seats() -> None:
    """A seat reads every action but another seat's burial."""
    game = get_game("tractor")
    from random import Random

    from engine.core.match import selfplay_deal

    record = selfplay_deal(game, game.rules_from_json({}), 4, None, Random(5), ["heuristic"])
    burier, bury = next((s, t) for s, t in record.actions if t.startswith("bury"))
    index = record.actions.index((burier, bury))
    assert visible_moves(record, burier)[index] == [burier, bury]
    assert visible_moves(record, (burier + 1) % 4)[index] == [burier, None]
    assert visible_moves(record, ALL)[index] == [burier, bury]


@pytest.mark.parametrize(
    ("text", "expected"), [("2", 2), ("0", 0), ("all", ALL), ("9", ALL), ("-1", ALL), (None, ALL)]
)
def test_it_reads_a_perspective_from_the_query(text: str | None, expected: object) -> None:
    """A seat number in range, anything else all hands."""
    assert parse_perspective(text, 4) == expected


def test_one_replay_gives_every_perspective_at_once(club: Club) -> None:
    """``build_many`` collects the same frames as one replay per perspective, and one story."""
    record = deal_record(stored_deal(club, "tractor", seed=12))
    perspectives = [ALL, 0, 1, 2, 3]
    together = build_many(record, perspectives)
    for p in perspectives:
        alone = build(record, p)
        assert together[p].frames == alone.frames
        assert together[p].moves == alone.moves
        assert together[p].story.to_json() == alone.story.to_json()
