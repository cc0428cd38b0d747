"""The review task: rows saved as judged, idempotent, resumable, with progress; the sweep that
re-queues stalled reviews; outdated reviews; automatic reviews of a club's tournament deals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import TestCase
from django.utils import timezone

from engine import review as engine_review
from league.models import Club, Deal, Tournament
from replays import tasks
from replays.models import Review, ReviewLine
from replays.services import reviews
from replays.services.records import deal_record
from replays.services.samples import play_sample_match
from tests.replays.reviewing import FakeEngine, WorkerDied, fake_judgements

pytestmark = pytest.mark.django_db

LINE = ("index", "seat", "kind", "played", "best", "value_played", "value_best", "loss", "se", "label")


@pytest.fixture(autouse=True)
def inline(settings: object) -> None:
    settings.REVIEWS_RUN = "inline"  # type: ignore[attr-defined]


def rows(review: Review) -> list[tuple[object, ...]]:
    return list(review.lines.order_by("index").values_list(*LINE))


def queued(deal: Deal) -> Review:
    return Review.objects.create(deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION)


def test_it_stores_a_line_per_judged_decision_and_the_summary(
    tractor_deal: Deal, fake_engine: FakeEngine
) -> None:
    """Every judgement becomes a row; the per-seat summary is the engine's ``summarize`` of them."""
    review = queued(tractor_deal)
    tasks.review_deal(review.pk)
    review.refresh_from_db()
    expected = fake_judgements(deal_record(tractor_deal))
    assert rows(review) == [tuple(getattr(j, key) for key in LINE) for j in expected]
    assert (review.status, review.done, review.total, review.unit) == (
        "done",
        len(expected),
        len(expected),
        "card points",
    )
    assert review.per_seat == [s.to_json() for s in engine_review.summarize(expected, 4)]


def test_running_it_twice_gives_the_same_rows(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """A second task for a done review does nothing: same rows, no engine call."""
    review = queued(tractor_deal)
    tasks.review_deal(review.pk)
    first, calls = rows(review), fake_engine.calls
    tasks.review_deal(review.pk)
    assert rows(review) == first
    assert fake_engine.calls == calls


def test_it_resumes_after_the_lines_already_saved(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """A task that died after 5 judgements left 5 rows and progress 5; the next one asks the engine
    only for the rest and ends with the same rows as an uninterrupted run."""
    review = queued(tractor_deal)
    fake_engine.fail_after = 5
    with pytest.raises(WorkerDied):
        tasks.review_deal(review.pk)
    review.refresh_from_db()
    assert (review.status, review.done, review.lines.count()) == ("running", 5, 5)
    fake_engine.fail_after, fake_engine.calls = None, 0
    tasks.review_deal(review.pk)
    review.refresh_from_db()
    total = len(fake_judgements(deal_record(tractor_deal)))
    assert fake_engine.calls == total - 5
    assert (review.status, review.done) == ("done", total)
    assert rows(review) == [
        tuple(getattr(j, k) for k in LINE) for j in fake_judgements(deal_record(tractor_deal))
    ]


def test_a_line_saved_twice_is_kept_once(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """Two tasks racing on one review may judge the same decision: one row per (review, index)."""
    review = queued(tractor_deal)
    judgement = fake_judgements(deal_record(tractor_deal))[0]
    reviews.save_line(review, judgement, "card points")
    reviews.save_line(review, judgement, "card points")
    assert ReviewLine.objects.filter(review=review).count() == 1


def test_progress_is_stored_as_each_decision_is_judged(
    tractor_deal: Deal, monkeypatch: pytest.MonkeyPatch, fake_engine: FakeEngine
) -> None:
    """After each saved line the review's ``done`` is the lines saved, out of ``total``."""
    review = queued(tractor_deal)
    seen: list[tuple[int, int]] = []
    save = reviews.save_line

    def watched(*args: object) -> None:
        save(*args)  # type: ignore[arg-type]
        seen.append(tuple(Review.objects.values_list("done", "total").get(pk=review.pk)))  # type: ignore[arg-type]

    monkeypatch.setattr(reviews, "save_line", watched)
    tasks.review_deal(review.pk)
    total = len(fake_judgements(deal_record(tractor_deal)))
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_the_sweep_sends_again_only_stalled_reviews(
    tractor_match: object, fake_engine: FakeEngine, settings: object
) -> None:
    """Queued or running with no progress for REVIEWS_STALL_SECONDS: sent again; fresh or done: not."""
    settings.REVIEWS_STALL_SECONDS = 60  # type: ignore[attr-defined]
    first, second = tractor_match.deals.order_by("number")[:2]  # type: ignore[attr-defined]
    stalled, fresh = queued(first), queued(second)
    Review.objects.filter(pk=stalled.pk).update(
        status="running", updated=timezone.now() - timedelta(seconds=61)
    )
    sent: list[int] = []
    assert reviews.sweep(send=sent.append) == [stalled.pk]
    assert sent == [stalled.pk]
    assert reviews.sweep(send=sent.append) == []  # touched: the task just sent has a whole interval
    assert fresh.pk not in sent


def test_an_outdated_review_is_made_again_when_asked(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """A review of another engine version is shown as outdated; asking again replaces it."""
    review = queued(tractor_deal)
    tasks.review_deal(review.pk)
    Review.objects.filter(pk=review.pk).update(engine_version="old", per_seat=[])
    review.refresh_from_db()
    assert reviews.review_json(review)["outdated"] is True
    with TestCase.captureOnCommitCallbacks(execute=True):
        reviews.request_review(tractor_deal, None, "fast")
    review.refresh_from_db()
    assert (review.engine_version, review.status) == (engine_review.ENGINE_VERSION, "done")
    assert reviews.review_json(review)["outdated"] is False


def test_a_failed_review_says_why(tractor_deal: Deal, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record the engine refuses: the review fails with the engine's message."""
    from engine.core.errors import EngineError

    def refuse(record: object, *args: object, **kwargs: object) -> int:
        raise EngineError("no decisions to judge")

    monkeypatch.setattr(engine_review, "decisions", refuse)
    review = queued(tractor_deal)
    tasks.review_deal(review.pk)
    review.refresh_from_db()
    assert (review.status, review.error) == ("failed", "no decisions to judge")


@pytest.mark.parametrize("auto_review, reviewed", [(True, True), (False, False)])
def test_a_club_may_review_its_tournament_deals_automatically(
    club: Club, auto_review: bool, reviewed: bool, fake_engine: FakeEngine
) -> None:
    """When a tournament deal of a club with ``auto_review`` finishes, its review is made."""
    Club.objects.filter(pk=club.pk).update(auto_review=auto_review)
    cup = Tournament.objects.create(
        club=club, name="Cup", slug="cup", game="tractor", format="swiss", entry_kind="team"
    )
    deal = play_sample_match(club, "tractor", 1, seed=5, tournament=cup).deals.get()
    with TestCase.captureOnCommitCallbacks(execute=True):
        reviews.deal_finished(deal.pk)
    assert Review.objects.filter(deal=deal, status="done").exists() == reviewed


def test_a_casual_deal_is_not_reviewed_automatically(
    club: Club, tractor_deal: Deal, fake_engine: FakeEngine
) -> None:
    """Automatic reviews are for tournament deals only."""
    Club.objects.filter(pk=club.pk).update(auto_review=True)
    reviews.deal_finished(tractor_deal.pk)
    assert not Review.objects.exists()


def test_the_club_settings_form_switches_automatic_reviews(club: Club, director: User) -> None:
    """A director ticks "review tournament deals" on the club page."""
    from tests.replays.conftest import client_for

    response = client_for(director).post(
        f"/clubs/{club.slug}/settings/", {"description": "", "is_public": "on", "auto_review": "on"}
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.auto_review


def test_the_stepwise_judgements_equal_a_whole_review(club: Club) -> None:
    """The real engine: the judgements the task saves one at a time, as the engine streams them
    (from a resume point too), are the whole review's, so a resumed review stores what an
    uninterrupted one would."""
    deal = play_sample_match(club, "shengji", 1, seed=3).deals.get()
    record = deal_record(deal)
    whole = engine_review.review_record(record, "fast", 0).judgements
    assert [j for _, j in reviews.judgements_from(record, "fast", 0, 0)] == list(whole)
    assert [j for _, j in reviews.judgements_from(record, "fast", 0, 3)] == list(whole[3:])


@pytest.mark.parametrize("mode, revived", [("thread", True), ("celery", False)])
def test_the_embedded_default_revives_a_stalled_review_when_opened(
    tractor_deal: Deal, settings: object, monkeypatch: pytest.MonkeyPatch, mode: str, revived: bool
) -> None:
    """No beat in the embedded default: opening a stalled review's viewer starts it again."""
    settings.REVIEWS_RUN = mode  # type: ignore[attr-defined]
    sent: list[int] = []
    monkeypatch.setattr(reviews, "enqueue", sent.append)
    review = queued(tractor_deal)
    Review.objects.filter(pk=review.pk).update(status="running", updated=timezone.now() - timedelta(hours=1))
    from tests.replays.conftest import client_for

    client_for(None).get(f"/deals/{tractor_deal.pk}/review.json")
    client_for(None).get(f"/deals/{tractor_deal.pk}/review.json")
    assert sent == ([review.pk] if revived else [])


def test_its_time_runs_from_the_start_of_the_work_not_from_the_queue(
    tractor_deal: Deal, fake_engine: FakeEngine
) -> None:
    """A review that waited an hour behind an event's others says how long its own work took."""
    review = queued(tractor_deal)
    Review.objects.filter(pk=review.pk).update(created=timezone.now() - timedelta(hours=1))
    tasks.review_deal(review.pk)
    review.refresh_from_db()
    assert review.created < review.started_at <= review.finished_at
    assert 0 <= reviews.took(review) < 60


def test_a_resumed_review_keeps_its_first_start(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    review = queued(tractor_deal)
    fake_engine.fail_after = 5
    with pytest.raises(WorkerDied):
        tasks.review_deal(review.pk)
    first = Review.objects.get(pk=review.pk).started_at
    fake_engine.fail_after = None
    tasks.review_deal(review.pk)
    assert first is not None and Review.objects.get(pk=review.pk).started_at == first


def test_a_review_asked_again_starts_afresh(tractor_deal: Deal, fake_engine: FakeEngine) -> None:
    """An outdated review queued again has no start or end until its new work runs."""
    review = queued(tractor_deal)
    tasks.review_deal(review.pk)
    review.refresh_from_db()
    reviews.restart(review, None)
    review.refresh_from_db()
    assert (review.started_at, review.finished_at, reviews.took(review)) == (None, None, None)
