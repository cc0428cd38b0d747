"""Helpers of the review tests: a player seated at a deal, and a small stand-in for the engine's
``iter_judgements`` (the permission and bookkeeping tests need no search; the worker, browser and
``test_the_stepwise_judgements_equal_a_whole_review`` tests run the real engine)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from engine import review as engine_review
from engine.core.record import DealRecord
from league.models import Match, MatchSeat, Player


def seat_user(match: Match, seat: int, user: User) -> Player:
    """``user``'s player takes ``seat`` of ``match``."""
    player = Player.objects.create(club=match.club, name=user.get_username(), user=user)
    MatchSeat.objects.filter(match=match, seat=seat).update(player=player, bot="")
    return player


class WorkerDied(Exception):
    """Stands for a worker killed mid-review."""


def fake_judgements(record: DealRecord) -> list[engine_review.Judgement]:
    """Every card play judged; labels cycle through the engine's LABELS by index."""
    out = []
    for index, (seat, text) in enumerate(record.actions):
        if not text.startswith("play "):
            continue
        label = engine_review.LABELS[index % len(engine_review.LABELS)]
        loss = 0.0 if label == "best" else float(engine_review.LABELS.index(label)) * 5
        best = text if label == "best" else f"{text} (better)"
        values = (10.0 - loss, 10.0, loss, 0.5)
        out.append(engine_review.Judgement(index, seat, "play", text, best, *values, label))
    return out


class FakeEngine:
    """``iter_judgements`` and ``decisions`` over ``fake_judgements``, counting judgements made."""

    def __init__(self) -> None:
        self.calls = 0
        self.fail_after: int | None = None  # raise after judging this many decisions in all

    def decisions(self, record: DealRecord) -> int:
        return len(fake_judgements(record))

    def iter_judgements(
        self, record: DealRecord, budget: str = "", seed: int = 0, start: int = 0
    ) -> Iterator[engine_review.Judgement]:
        for judgement in fake_judgements(record)[start:]:
            self.calls += 1
            if self.fail_after is not None and self.calls > self.fail_after:
                raise WorkerDied
            yield judgement


@pytest.fixture
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    """The engine's review replaced by ``FakeEngine`` (the review's rows and summary stay real)."""
    fake = FakeEngine()
    monkeypatch.setattr(engine_review, "iter_judgements", fake.iter_judgements)
    monkeypatch.setattr(engine_review, "decisions", fake.decisions)
    return fake
