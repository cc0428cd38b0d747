"""Reviews go to a Celery queue of their own (``REVIEWS_QUEUE``), never to the queue of the live
tables' steps: a minutes-long review must not hold a bot's move or a clock up behind it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from celery.signals import before_task_publish
from django.conf import settings
from django.utils import timezone

from cardclub.celery import app
from engine import review as engine_review
from league.models import Deal
from replays.models import Review
from replays.services import reviews

pytestmark = [
    pytest.mark.django_db,
    # The embedded default's eager mode does not cover send_task, which is the point here.
    pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored"),
]


@pytest.fixture
def published(settings: Any) -> Iterator[list[tuple[str, str]]]:
    """(task name, routing key) of every task published while the test runs, reviews sent through
    Celery; the messages left on the reviews' queue are dropped afterwards (no worker of the test
    run consumes it)."""
    settings.REVIEWS_RUN = "celery"
    seen: list[tuple[str, str]] = []

    def record(sender: str = "", routing_key: str = "", **_: Any) -> None:
        seen.append((sender, routing_key))

    before_task_publish.connect(record, weak=False)
    try:
        yield seen
    finally:
        before_task_publish.disconnect(record)
        with app.connection_for_write() as conn:
            conn.default_channel.queue_purge(settings.REVIEWS_QUEUE)


def queued(deal: Deal) -> Review:
    return Review.objects.create(deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION)


def test_the_reviews_queue_is_named_after_the_sites_queue() -> None:
    """Not the tables' queue, and named after it, so sites sharing a Redis keep reviews apart too."""
    name = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-reviews"
    assert name == settings.REVIEWS_QUEUE


def test_a_requested_review_goes_to_the_reviews_queue(
    tractor_deal: Deal, published: list[tuple[str, str]]
) -> None:
    """The task a player's request sends is routed to REVIEWS_QUEUE, not the tables' queue."""
    review = queued(tractor_deal)
    reviews.enqueue(review.pk)
    assert published == [("replays.review", settings.REVIEWS_QUEUE)]


def test_the_sweep_sends_stalled_reviews_to_the_reviews_queue(
    tractor_deal: Deal, published: list[tuple[str, str]]
) -> None:
    """A stalled review sent again by the sweep goes to REVIEWS_QUEUE as well."""
    review = queued(tractor_deal)
    Review.objects.filter(pk=review.pk).update(updated=timezone.now() - timedelta(hours=1))
    assert reviews.sweep() == [review.pk]
    assert published == [("replays.review", settings.REVIEWS_QUEUE)]


def test_other_tasks_stay_on_the_tables_queue() -> None:
    """Only the review itself moves: the sweep (quick, sent by beat) and the tables' steps keep
    the site's queue."""
    for name in ("replays.review_sweep", "tables.advance", "tables.sweep"):
        assert app.amqp.router.route({}, name)["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE
    assert app.amqp.router.route({}, "replays.review")["queue"].name == settings.REVIEWS_QUEUE
