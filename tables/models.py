"""Live tables: a table in a club's lobby, its seats, and the league match it plays.

The move log itself lives in the league's ``Deal`` and ``Move`` rows; a table only adds what
the lobby and the clocks need (who sits where, who is ready, the pace of the game).
"""

from __future__ import annotations

import os

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models import Club, Match, Player
from league.services import names

AWAY_AFTER = 2  # clock expiries in a row that make a person "away"
NEXT_DEAL_SECONDS = 30  # the countdown between deals of a table (services/between.py)


def default_next_deal_seconds() -> int:
    """The countdown between deals a new table gets: ``settings.TABLES_NEXT_DEAL_SECONDS``, else
    the environment's ``TABLES_NEXT_DEAL_SECONDS``, else 30 s."""
    configured = getattr(settings, "TABLES_NEXT_DEAL_SECONDS", None)
    if configured is None:
        configured = os.environ.get("TABLES_NEXT_DEAL_SECONDS") or NEXT_DEAL_SECONDS
    return int(configured)


class LiveTable(models.Model):
    """A table where a match is played live: opened by a member or created for a tournament round."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        PLAYING = "playing", _("playing")
        PAUSED = "paused", _("paused")
        FINISHED = "finished", _("finished")
        # Ended before the match was over (by the host, or with nobody left seated): not rated.
        ENDED = "ended", _("ended")

    class Paused(models.TextChoices):
        """Why a paused table waits (services/lifecycle.py)."""

        HOST = "host", _("paused by the host")
        DIRECTOR = "director", _("paused by the director")
        DESERTED = "deserted", _("nobody was connected")
        SEAT = "seat", _("a player left: waiting for someone to sit")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="live_tables")
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("house rules"), default=dict, blank=True)
    # The rule set version the rules were taken from, if the host picked one (the rules are kept above).
    ruleset = models.ForeignKey(
        "league.RuleSet",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("rule set"),
    )
    seat_count = models.PositiveSmallIntegerField(_("seats"), default=4)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="live_table"
    )
    # Pace, copied from the tournament (or the defaults) when the table opens.
    seconds_per_decision = models.PositiveSmallIntegerField(_("seconds per decision"), default=30)
    spectator_delay = models.PositiveSmallIntegerField(_("spectator delay (moves)"), default=0)
    deals_target = models.PositiveSmallIntegerField(_("deals"), default=0)
    match_minutes = models.PositiveSmallIntegerField(_("match time limit (minutes)"), default=0)
    # The countdown between deals: the next deal starts when every person seated pressed
    # "Next deal", or this long after the deal ended (services/between.py).
    next_deal_seconds = models.PositiveSmallIntegerField(
        _("seconds before the next deal"), default=default_next_deal_seconds
    )
    # What happens when a person leaves mid-match: a bot of this kind takes the seat, or (empty)
    # the table pauses until someone sits (services/lifecycle.py).
    leave_bot = models.CharField(_("when a player leaves"), max_length=12, blank=True, default="expert")
    paused_at = models.DateTimeField(_("paused"), null=True, blank=True)
    paused_why = models.CharField(_("paused because"), max_length=10, choices=Paused.choices, blank=True)
    # Seconds a decision's clock is shifted by the pauses it sat through, for one deal's version:
    # {"deal": id, "version": v, "seconds": s} (services/lifecycle.py, ``clock_credit``).
    clock_shift = models.JSONField(_("clock shift"), default=dict, blank=True)
    # Since when no seated person has a socket open; the sweep pauses the table 5 minutes later.
    deserted_at = models.DateTimeField(_("nobody connected since"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # When the finished match's result, standings and ratings were recorded (services/settle.py).
    # Empty on a finished table: that step is still owed, and the sweep (services/sweep.py) sees it.
    settled_at = models.DateTimeField(_("results recorded"), null=True, blank=True)

    class Meta:
        verbose_name = _("live table")
        verbose_name_plural = _("live tables")
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["club", "status"]),
            # What the sweep reads every few seconds: the tables in play, and those owed their results.
            models.Index(fields=["match"], condition=Q(status="playing"), name="tables_playing"),
            models.Index(fields=["match"], condition=Q(status="paused"), name="tables_paused"),
            models.Index(
                fields=["match"], condition=Q(status="finished", settled_at=None), name="tables_unsettled"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} table {self.pk}"

    def get_absolute_url(self) -> str:
        """The table page."""
        return reverse("table-detail", args=[self.pk])

    @property
    def group_name(self) -> str:
        """The channel group every socket of this table joins."""
        return f"table-{self.pk}"


class TableSeat(models.Model):
    """One seat of a live table: a member, one of the engine's bots, or empty."""

    class Bot(models.TextChoices):
        NONE = "", _("nobody")
        RANDOM = "random", _("random bot")
        HEURISTIC = "heuristic", _("heuristic bot")
        EXPERT = "expert", _("expert bot")

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    bot = models.CharField(_("bot"), max_length=12, choices=Bot.choices, blank=True, default="")
    ready = models.BooleanField(_("ready"), default=False)
    # The number of the finished deal after which this person pressed "Next deal" (bots need not).
    ready_after = models.PositiveIntegerField(_("ready after deal"), null=True, blank=True)
    # Clock expiries in a row; from ``AWAY_AFTER`` on the person is "away" and the fast expert
    # plays for them at the bots' pace until they act again (services/lifecycle.py).
    expiries = models.PositiveSmallIntegerField(_("clock expiries in a row"), default=0)

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        ordering = ["table", "seat"]
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="unique_table_seat")]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat}"

    @property
    def taken(self) -> bool:
        """A member or a bot sits here."""
        return self.user_id is not None or self.player_id is not None or bool(self.bot)

    @property
    def display_name(self) -> str:
        """The person's one name (``league.services.names.person_name``), or the bot's with its seat
        ("Expert bot (East)")."""
        if self.player_id is not None:
            return str(self.player)
        if self.user_id is not None:
            return names.person_name(self.user)
        if self.bot:
            return names.bot_name(names.kind_name(self.bot), self.seat, self.table.seat_count)
        return str(_("empty seat"))

    @property
    def away(self) -> bool:
        """The person's clock ran out ``AWAY_AFTER`` times in a row: the fast expert plays for them."""
        return self.expiries >= AWAY_AFTER

    @property
    def label(self) -> str:
        """The seat as people see it: "East", or "Seat 3" (league.services.names)."""
        return names.seat_label(self.seat, self.table.seat_count)


class TableMessage(models.Model):
    """One line of a table's chat (services/chat.py): a person's, or the table's own (no author)."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("players")
        SPECTATORS = "spectators", _("spectators")

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    channel = models.CharField(_("chat"), max_length=10, choices=Channel.choices)
    text = models.CharField(_("message"), max_length=300)
    # Written by a spectator while a deal was in play: never shown to the players (services/chat.py).
    in_deal = models.BooleanField(_("written during a deal"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["table", "created", "pk"]
        # The rate limit counts a person's recent messages at a table.
        indexes = [models.Index(fields=["table", "author", "created"])]

    def __str__(self) -> str:
        return f"{self.table} chat {self.pk}"


class TablePerson(models.Model):
    """A person noted once at a table (abstract: what ``ChatMute`` and ``TableVisitor`` share)."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        abstract = True
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="%(app_label)s_%(class)s_once")]

    def __str__(self) -> str:
        return f"{self.table}: {self._meta.verbose_name} {self.user_id}"


class ChatMute(TablePerson):
    """A person the casual table's host muted: their chat at that table is refused."""

    class Meta(TablePerson.Meta):
        verbose_name = _("muted person")
        verbose_name_plural = _("muted persons")


class TableVisitor(TablePerson):
    """A person who opened the table's socket before its match was over, seated or watching: they
    were there, and the replay shows them the match's chat (services/chat.py)."""

    class Meta(TablePerson.Meta):
        verbose_name = _("visitor")
        verbose_name_plural = _("visitors")
