"""The real-hand throw option in the viewer: a failed throw is public, so every perspective's
frames carry the same ``failed_throws`` from the step the throw was tried."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.match import selfplay_deal
from engine.core.registry import get_game
from league.models import Club
from replays.services.frames import ALL
from replays.services.imports import import_file
from replays.services.steps import build, build_many
from tests.replays.conftest import client_for, failed_throw_record

PERSPECTIVES: list[int | str] = [ALL, 0, 1, 2, 3]


def test_every_perspective_shows_the_same_failed_throws_at_every_step() -> None:
    """Seat by seat and with all hands, step by step, the failed throws are identical."""
    record = failed_throw_record()
    built = build_many(record, PERSPECTIVES)
    for k in range(len(record.actions) + 1):
        shown = [built[p].frames[k]["failed_throws"] for p in PERSPECTIVES]
        assert all(s == shown[0] for s in shown), k
    assert built[ALL].frames[-1]["failed_throws"] == record.result["failed_throws"]


def test_a_failed_throw_shows_from_the_step_it_was_tried() -> None:
    """It is first listed at the leader's ``play``, whose trick holds only the forced cards."""
    record = failed_throw_record()
    frames = build(record, 1).frames
    first = record.result["failed_throws"][0]
    step = next(k for k, frame in enumerate(frames) if frame["failed_throws"])
    seat, text = record.actions[step - 1]
    assert (seat, sorted(text.split()[1:])) == (first["seat"], sorted(first["attempted"]))
    assert frames[step]["trick"] == [[first["seat"], first["forced"]]]


def test_frames_of_the_default_rules_have_no_failed_throws() -> None:
    """Option off: the frames are as they always were."""
    game = get_game("shengji")
    rules = game.rules_from_json({})
    record = selfplay_deal(game, rules, 4, None, random.Random(0), ["random"])
    assert not any("failed_throws" in frame for frame in build(record, ALL).frames)


@pytest.mark.django_db
@pytest.mark.parametrize("penalty", [False, True])
def test_the_viewer_page_knows_the_penalty_and_a_seats_steps_carry_the_throws(
    club: Club, penalty: bool
) -> None:
    """The page says whether a failed throw costs points; a seat's steps list the throws."""
    record = failed_throw_record(throw_penalty=penalty)
    (match,) = import_file(club, record.dumps())  # the upload path replays and checks it too
    deal = match.deals.get()
    client = client_for(None)
    html = client.get(f"/deals/{deal.pk}/").content.decode()
    assert f'"throw_penalty": {json.dumps(penalty)}' in html
    assert "Failed throws" in html
    steps = client.get(f"/deals/{deal.pk}/steps.json?seat=2").json()
    assert steps["frames"][-1]["failed_throws"] == record.result["failed_throws"]
