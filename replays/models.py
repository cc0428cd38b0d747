"""Comments pinned to a position of a deal's replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Deal


class Comment(models.Model):
    """A remark on a deal at one step of its replay (``at`` actions applied)."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="comments")
    at = models.PositiveIntegerField(_("position"))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(_("text"), max_length=2000)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("comment")
        verbose_name_plural = _("comments")
        ordering = ["deal", "at", "created"]
        indexes = [models.Index(fields=["deal", "at"])]

    def __str__(self) -> str:
        return f"{self.deal} @ {self.at}: {self.text[:40]}"


class Review(models.Model):
    """The engine's review of a finished deal at one budget: its progress and per-seat summary.

    Made by the task ``replays.review`` (replays/tasks.py); its judgements are ``ReviewLine`` rows,
    saved one by one as they are judged, so a task that dies resumes after the last row saved.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="reviews")
    budget = models.CharField(_("budget"), max_length=12)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(_("decisions judged"), default=0)
    total = models.PositiveIntegerField(_("decisions"), default=0)
    engine_version = models.CharField(_("engine version"), max_length=40)
    seed = models.PositiveIntegerField(_("seed"), default=0)
    unit = models.CharField(_("unit"), max_length=40, blank=True)
    per_seat = models.JSONField(_("per seat"), default=list, blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # Touched by every judgement saved: the sweep re-queues a running review whose clock stopped.
    updated = models.DateTimeField(_("updated"), auto_now=True)
    # When the work first began (a queued review may wait behind an event's others): the review's
    # time runs from here to ``finished_at``.
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("review")
        verbose_name_plural = _("reviews")
        constraints = [models.UniqueConstraint(fields=["deal", "budget"], name="one_review_per_deal_budget")]
        indexes = [models.Index(fields=["status", "updated"])]

    def __str__(self) -> str:
        return f"{self.deal} review ({self.budget}, {self.status})"


class ReviewLine(models.Model):
    """One judged decision of a review (engine.review.Judgement): what was played, what was best."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="lines")
    index = models.PositiveIntegerField(_("action index"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    kind = models.CharField(_("kind"), max_length=16)
    played = models.CharField(_("played"), max_length=200)
    best = models.CharField(_("best"), max_length=200)
    value_played = models.FloatField(_("value of the move played"))
    value_best = models.FloatField(_("value of the best move"))
    loss = models.FloatField(_("loss"))
    se = models.FloatField(_("standard error"))
    label = models.CharField(_("label"), max_length=12)
    # The payment games' expected result of the dealer (庄家) after the move: the viewer's graph.
    value_side = models.FloatField(_("dealer's expected result"), null=True, blank=True)

    class Meta:
        verbose_name = _("review line")
        verbose_name_plural = _("review lines")
        ordering = ["review", "index"]
        constraints = [models.UniqueConstraint(fields=["review", "index"], name="one_line_per_review_index")]

    def __str__(self) -> str:
        return f"{self.review_id} #{self.index}: {self.played} ({self.label})"
