"""Stored reviews of finished deals: who may ask, queueing, the task's work, and what pages read.

A review is ``engine.review.iter_judgements`` run over the deal's record, stored as a ``Review``
(progress, engine version, per-seat summary) and a ``ReviewLine`` per judged decision. The work is
idempotent and resumable: lines are unique per (review, index) and saved as the engine yields each
judgement, and a task that starts again asks the engine only for the decisions after the lines it
finds (``start``). Where the work runs (``cardclub.work``, from ``REVIEWS_RUN``): ``celery`` (the
task ``replays.review``, with the sweep ``replays.review_sweep`` that Celery beat sends to re-queue
reviews whose progress stalled), ``thread`` (the embedded default, whose eager Celery would hold
the request for the whole review: one background thread of the web process, as the live tables'
bots use), ``inline`` (tests) or ``manual`` (queued only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import F, QuerySet, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from cardclub import work
from engine import review as engine_review
from engine.core.errors import EngineError
from engine.core.record import DealRecord
from league import access
from league.models import Deal, Player
from replays.models import Review, ReviewLine
from replays.services.moves import describe
from replays.services.records import deal_record

LINE_FIELDS = (
    "index",
    "seat",
    "kind",
    "played",
    "best",
    "value_played",
    "value_best",
    "loss",
    "se",
    "label",
    "value_side",
)


# -- who may ask, who may see ----------------------------------------------------------------


def plays_in(user: Any, deal: Deal) -> bool:
    """Whether ``user`` holds a seat of the deal's match."""
    return access.signed_in(user) and deal.match.seats.filter(player__user=user).exists()


def can_see_review(user: Any, deal: Deal) -> bool:
    """A review is part of the replay: whoever may view the deal may read it (``can_view_deal``)."""
    return access.can_view_deal(user, deal)


def can_request_review(user: Any, deal: Deal) -> bool:
    """Players of the deal and the club's directors; on a tournament open to all, anyone signed in."""
    if not access.signed_in(user) or not can_see_review(user, deal) or not deal.has_moves:
        return False
    tournament = deal.match.tournament
    if tournament is not None and access.open_to_all(tournament):
        return True
    return plays_in(user, deal) or access.manages(user, deal.match.club)


# -- asking -----------------------------------------------------------------------------------


def outdated(review: Review) -> bool:
    """Made (or begun) by another engine version: its figures may differ from today's."""
    return review.engine_version != engine_review.ENGINE_VERSION


def request_review(deal: Deal, user: Any, budget: str = engine_review.DEFAULT_BUDGET) -> Review:
    """The deal's review at ``budget``, queued unless it is current (done, running or queued)."""
    with transaction.atomic():
        review, created = Review.objects.select_for_update().get_or_create(
            deal=deal,
            budget=budget,
            defaults={"engine_version": engine_review.ENGINE_VERSION, "requested_by": user},
        )
        if not created and not outdated(review) and review.status != Review.Status.FAILED:
            return review
        if not created:
            restart(review, user)
        transaction.on_commit(lambda: enqueue(review.pk))
    return review


def restart(review: Review, user: Any) -> None:
    """Forget a failed or outdated review's lines and queue it afresh with today's engine."""
    review.lines.all().delete()
    review.status, review.done, review.total = Review.Status.QUEUED, 0, 0
    review.engine_version, review.per_seat, review.error = engine_review.ENGINE_VERSION, [], ""
    review.requested_by, review.started_at, review.finished_at = user, None, None
    review.created = timezone.now()
    review.save()


def deal_finished(deal_id: int) -> None:
    """After a deal's last move: queue its review when its tournament's club reviews automatically."""
    deal = Deal.objects.select_related("match__tournament__club").filter(pk=deal_id).first()
    if deal is None or deal.status != Deal.Status.FINISHED or not deal.has_moves:
        return
    tournament = deal.match.tournament
    if tournament is not None and tournament.club.auto_review:
        request_review(deal, None)


def run_mode() -> str:
    """Where reviews run: ``REVIEWS_RUN``, else Celery with a worker, a thread with eager Celery."""
    return work.where(work.REVIEWS)


def enqueue(review_id: int) -> None:
    """Start the work on ``review_id`` where ``run_mode`` says."""
    mode = run_mode()
    if mode == "celery":
        # Sent by name: the task module (replays/tasks.py) imports this one.
        current_app.send_task("replays.review", args=[review_id])
    elif mode == "thread":
        background().submit(in_thread, review_id)
    elif mode == "inline":
        run(review_id)


def background() -> ThreadPoolExecutor:
    """The web process's one review thread (the engine is pure Python: more would share one core)."""
    return work.pool("replays-review", 1)


def in_thread(review_id: int) -> None:
    """``run`` on the background thread, which owns its database connection."""
    close_old_connections()
    try:
        run(review_id)
    finally:
        close_old_connections()


# -- the work ---------------------------------------------------------------------------------


def run(review_id: int) -> None:
    """Judge the review's remaining decisions, saving each line as it is judged; then sum up.

    Does nothing for a review that is done or failed; a second run of a running review continues
    from the lines saved (both may add the same line: the unique index keeps one).
    """
    review = Review.objects.select_related("deal").filter(pk=review_id).first()
    if review is None or review.status in (Review.Status.DONE, Review.Status.FAILED):
        return
    if outdated(review):
        restart(review, review.requested_by)
    record = deal_record(review.deal)
    try:
        total = engine_review.decisions(record)
        start = review.lines.count()
        now = timezone.now()
        Review.objects.filter(pk=review.pk).update(
            status=Review.Status.RUNNING, total=total, done=start, updated=now
        )
        # A task resuming the work of one that died keeps the first start.
        Review.objects.filter(pk=review.pk, started_at__isnull=True).update(started_at=now)
        for unit, judgement in judgements_from(record, review.budget, review.seed, start):
            save_line(review, judgement, unit)
        finish(review, len(record.seats))
    except EngineError as exc:  # a record the engine cannot review: say why on the page
        Review.objects.filter(pk=review.pk).update(status=Review.Status.FAILED, error=exc.message)


def judgements_from(record: DealRecord, budget: str, seed: int, start: int) -> Iterator[tuple[str, Any]]:
    """The record's judgements after the first ``start``, each (with the review's unit) yielded as
    soon as the engine makes it (``engine.review.iter_judgements``)."""
    unit = engine_review.unit_of(record.game)
    for judgement in engine_review.iter_judgements(record, budget, seed, start):
        yield unit, judgement


def save_line(review: Review, judgement: Any, unit: str) -> None:
    """Store one judgement (again: ignored) and the progress it makes."""
    row = ReviewLine(review=review, **{key: getattr(judgement, key) for key in LINE_FIELDS})
    ReviewLine.objects.bulk_create([row], ignore_conflicts=True)
    Review.objects.filter(pk=review.pk).update(done=review.lines.count(), unit=unit, updated=timezone.now())


def finish(review: Review, seats: int) -> None:
    """The per-seat summary from every stored line; the review is done."""
    lines = list(review.lines.order_by("index"))
    summary = engine_review.summarize([as_judgement(line) for line in lines], seats)
    Review.objects.filter(pk=review.pk).update(
        status=Review.Status.DONE,
        done=len(lines),
        total=Greatest(Value(len(lines)), F("total")),
        per_seat=[s.to_json() for s in summary],
        finished_at=timezone.now(),
    )


def as_judgement(line: ReviewLine) -> Any:
    """A stored line as the engine's ``Judgement``."""
    return engine_review.Judgement(**{key: getattr(line, key) for key in LINE_FIELDS})


def stalled(now: Any = None) -> QuerySet[Review]:
    """Reviews queued or running whose progress has not moved for ``REVIEWS_STALL_SECONDS``."""
    seconds = int(getattr(settings, "REVIEWS_STALL_SECONDS", 120))
    since = (now or timezone.now()) - timedelta(seconds=seconds)
    return Review.objects.filter(status__in=[Review.Status.QUEUED, Review.Status.RUNNING], updated__lt=since)


def sweep(send: Callable[[int], None] = enqueue) -> list[int]:
    """Send again every stalled review (Celery beat runs this); the ids sent."""
    ids = list(stalled().values_list("pk", flat=True))
    # Touched first, so the next sweep waits a whole interval for the task just sent.
    Review.objects.filter(pk__in=ids).update(updated=timezone.now())
    for review_id in ids:
        send(review_id)
    return ids


def revive(review: Review) -> None:
    """The embedded default's sweep: a stalled review opened on the viewer is started again.

    Without Celery beat nothing else would notice a review whose thread died with its process,
    so a visitor opening it re-plans it, as a socket joining a live table re-plans its next step.
    """
    if run_mode() == "thread" and stalled().filter(pk=review.pk).update(updated=timezone.now()):
        enqueue(review.pk)


# -- reading ----------------------------------------------------------------------------------


def current_review(deal: Deal) -> Review | None:
    """The review the viewer shows: the deepest budget asked for, then the newest."""
    reviews = list(deal.reviews.all())
    if not reviews:
        return None
    order = {budget: i for i, budget in enumerate(engine_review.BUDGETS)}
    return max(reviews, key=lambda r: (r.status == Review.Status.DONE, order.get(r.budget, -1), r.pk))


def review_json(review: Review, lines: bool = True) -> dict[str, Any]:
    """A review as the viewer and the API read it (``lines``: with every judgement so far)."""
    out: dict[str, Any] = {
        "budget": review.budget,
        "status": review.status,
        "done": review.done,
        "total": review.total,
        "engine_version": review.engine_version,
        "outdated": outdated(review),
        "unit": review.unit,
        "per_seat": review.per_seat,
        "error": review.error,
        "started_at": review.started_at.isoformat() if review.started_at else None,
        "finished_at": review.finished_at.isoformat() if review.finished_at else None,
        "seconds": took(review),
    }
    if lines:
        out["lines"] = [line_json(line) for line in review.lines.order_by("index")]
    return out


def took(review: Review) -> int | None:
    """Whole seconds the review's work took, from its start (else from asking) to its end
    (``None`` until it ends); the time it waited in the queue is not counted."""
    if review.finished_at is None:
        return None
    return round((review.finished_at - (review.started_at or review.created)).total_seconds())


def line_json(line: ReviewLine) -> dict[str, Any]:
    """A stored judgement, with its two moves described for the viewer's sentences."""
    out = {key: getattr(line, key) for key in LINE_FIELDS}
    out["played_words"], out["best_words"] = describe(line.played), describe(line.best)
    return out


def accuracy_history(player: Player, user: Any, limit: int = 30) -> list[int]:
    """The player's accuracy in their most recent reviewed deals ``user`` may see, oldest first."""
    seats = dict(player.seats.values_list("match_id", "seat"))
    # Reviews of the deals of the player's matches, found from those matches (a list of ids), so
    # the query does not read every review of the federation; a deal's row only for its match.
    reviews = (
        Review.objects.filter(
            status=Review.Status.DONE,
            deal__in=access.visible_deals(user),
            deal__match_id__in=list(seats),
        )
        .select_related("deal")
        .only("deal_id", "per_seat", "deal__match_id")
        .order_by("-deal__finished_at", "-pk")[: limit * 2]
    )
    points: dict[int, int] = {}
    for review in reviews:
        seat = seats.get(review.deal.match_id)
        row = next((s for s in review.per_seat if s.get("seat") == seat), None)
        if row is not None and row.get("decisions") and review.deal_id not in points:
            points[review.deal_id] = round(row["accuracy"])
    return list(points.values())[:limit][::-1]
