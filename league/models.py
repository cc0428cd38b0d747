"""Clubs and the people in them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.fields import TextJSONField


class Club(models.Model):
    """A club: it owns tournaments, tables and a member list."""

    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    description = models.TextField(_("description"), blank=True)
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Outsiders may see the club page and its public results.")
    )
    auto_review = models.BooleanField(
        _("review tournament deals"),
        default=False,
        help_text=_("Every finished deal of the club's tournaments is reviewed by the engine."),
    )
    tournament_chat = models.BooleanField(
        _("chat at tournament tables"),
        default=False,
        help_text=_("Players and spectators may chat at the club's tournament tables, as at casual ones."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        """The club's page."""
        return reverse("club-detail", args=[self.slug])

    def role_of(self, user: Any) -> str | None:
        """The user's role in this club, or ``None`` for an outsider."""
        if user is None or not user.is_authenticated:
            return None
        membership = self.memberships.filter(user=user).first()
        return membership.role if membership else None


class Membership(models.Model):
    """A user's place in a club, with the role that decides what they may do there."""

    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        DIRECTOR = "director", _("director")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"

    @property
    def manages(self) -> bool:
        """Owners and directors manage the club."""
        return self.role in {self.Role.OWNER, self.Role.DIRECTOR}


class Player(models.Model):
    """Someone who plays; may have no login (offline games) and be linked to an account later."""

    name = models.CharField(_("name"), max_length=100)
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="players", verbose_name=_("home club")
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("account"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="unique_player_name_per_club")]

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    """A club's competition in one game under fixed house rules."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")
        INDIVIDUAL = "individual", _("individual seating")
        DUPLICATE_PAIRS = "duplicate_pairs", _("duplicate pairs")
        DUPLICATE_TEAMS = "duplicate_teams", _("duplicate teams of four")

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        ROUND_ROBIN = "round_robin", _("round robin of teams")
        SWISS = "swiss", _("Swiss of teams")

    class EntryKind(models.TextChoices):
        TEAM = "team", _("fixed partnerships")
        INDIVIDUAL = "individual", _("individuals")

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80)
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("house rules"), default=dict, blank=True)
    # The rule set version the rules were taken from, if any (the rules themselves are kept above).
    ruleset = models.ForeignKey(
        "RuleSet",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("rule set"),
    )
    format = models.CharField(_("format"), max_length=20, choices=Format.choices)
    entry_kind = models.CharField(_("entries"), max_length=12, choices=EntryKind.choices)
    status = models.CharField(_("status"), max_length=14, choices=Status.choices, default=Status.DRAFT)
    is_public = models.BooleanField(_("public"), default=True)
    rated = models.BooleanField(_("rated"), default=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=5)
    deals_per_match = models.PositiveSmallIntegerField(
        _("deals per match"), default=0, help_text=_("0: play until the game's own end (levels reach A).")
    )
    match_minutes = models.PositiveSmallIntegerField(
        _("match time limit (minutes)"), default=0, help_text=_("0: no time limit.")
    )
    seconds_per_decision = models.PositiveSmallIntegerField(_("seconds per decision"), default=30)
    # The countdown between two deals of its live tables (tables/services/between.py).
    next_deal_seconds = models.PositiveSmallIntegerField(
        _("seconds before the next deal"),
        default=30,
        validators=[MaxValueValidator(600)],
        help_text=_('The result stays on the table until everybody has pressed "Next deal", or this long.'),
    )
    spectator_delay = models.PositiveSmallIntegerField(_("spectator delay (moves)"), default=0)
    tie_breaks = models.JSONField(_("tie-breaks"), default=list, blank=True)
    starts_at = models.DateTimeField(_("starts"), null=True, blank=True)
    # Seats per table; 0 means the game's usual number (Zhao Pengyou and Si Se Pai vary).
    table_size = models.PositiveSmallIntegerField(
        _("seats per table"), default=0, help_text=_("0: the game's usual number of seats.")
    )
    # Duplicate formats: how pairs move (Mitchell, Howell) or teams meet (round robin, Swiss), and
    # how many boards a table plays in each round of the movement (or each team match).
    movement = models.CharField(_("movement"), max_length=12, choices=Movement.choices, blank=True)
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), default=2)
    # Individual seating: pairs of player ids that must never share a table.
    keep_apart = models.JSONField(_("kept apart"), default=list, blank=True)
    check_in = models.BooleanField(
        _("entries check in before each round"),
        default=False,
        help_text=_("Only entries checked in for the next round are paired in it."),
    )
    # Bumped each time the stored standings change; live pages compare it.
    standings_version = models.PositiveIntegerField(_("standings version"), default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="unique_tournament_slug_per_club")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        """The tournament's page."""
        return reverse("tournament-detail", args=[self.club.slug, self.slug])


class Entry(models.Model):
    """A tournament entry: one player, or a fixed partnership of several."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(_("name"), max_length=120)
    players = models.ManyToManyField(Player, through="EntryMember", related_name="entries")
    seed = models.PositiveIntegerField(_("seed"), default=0)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # How many rounds existed when the entry withdrew: undoing it is allowed until another is drafted.
    withdrawn_after = models.PositiveSmallIntegerField(_("withdrawn after round"), null=True, blank=True)
    # The round the entry is checked in for (tournaments with check-in pair only those).
    checked_in_for = models.PositiveSmallIntegerField(_("checked in for round"), null=True, blank=True)
    # The round the entry joined in (late entries score nothing for the rounds before it).
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["seed", "id"]

    def __str__(self) -> str:
        return self.name


class EntryMember(models.Model):
    """A player in an entry, in seating order (partners sit opposite)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entry_memberships")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["entry", "player"], name="unique_entry_member")]

    def __str__(self) -> str:
        return f"{self.player} in {self.entry}"


class Round(models.Model):
    """A round of a tournament: its matches are generated, adjusted, then published."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")
        FINISHED = "finished", _("finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)
    # Duplicate rounds: the server secret the round's boards are made from (league/boards.py);
    # shown only once the round is finished.
    board_seed = models.CharField(_("board seed"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Board(models.Model):
    """A duplicate round's board: deck order, dealer and levels, the same at every table (复式牌)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("number"))
    deck = models.JSONField(_("deck"), default=list)
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    levels = models.JSONField(_("levels"), default=list)
    salt = models.CharField(_("salt"), max_length=64)
    commitment = models.CharField(_("deck commitment"), max_length=64)

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_board_number")]

    def __str__(self) -> str:
        return f"{self.round} · board {self.number}"

    def situation(self) -> dict[str, Any]:
        """The engine situation every table starts this board from."""
        return {"deal": 1, "dealer": self.dealer, "levels": list(self.levels), "winners": None}


class Match(models.Model):
    """A series of deals at one table: in a tournament round, casual, or entered offline."""

    class Kind(models.TextChoices):
        LIVE = "live", _("live")
        OFFLINE = "offline", _("offline")
        UPLOADED = "uploaded", _("uploaded")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("scheduled")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, blank=True, related_name="matches")
    table_number = models.PositiveSmallIntegerField(_("table"), default=1)
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("house rules"), default=dict, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.LIVE)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    rated = models.BooleanField(_("rated"), default=True)
    # Ended before it was over (a live table's host ended it, or nobody was left seated): never rated.
    ended_early = models.BooleanField(_("ended early"), default=False)
    deals_target = models.PositiveSmallIntegerField(_("deals"), default=0)
    ends_at = models.DateTimeField(_("time limit"), null=True, blank=True)
    # Duplicate: the movement's round this table plays in (0: not duplicate) and its boards in order.
    stage = models.PositiveSmallIntegerField(_("movement round"), default=0)
    boards = models.JSONField(_("boards"), default=list, blank=True)
    # The engine's situation after the last finished deal (levels, dealer, scores).
    situation = models.JSONField(_("situation"), null=True, blank=True)
    # Per-seat outcome once finished, e.g. {"winners": [0, 2], "score": [..]}; derived from deals.
    result = models.JSONField(_("result"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # When a director last asked the table to finish (a late table): its phone page says so.
    nudged_at = models.DateTimeField(_("asked to finish"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["tournament", "status"]),
            models.Index(fields=["club", "-finished_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.game} match {self.pk}"


class MatchSeat(models.Model):
    """Who sits in a seat of a match (seat numbers are the engine's: play order, 0 first)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, null=True, blank=True, related_name="seats")
    # A seat filled by one of the engine's bots (a kind of Game.bot_kinds()), for casual tables and demos.
    bot = models.CharField(_("bot"), max_length=12, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="unique_match_seat")]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}"

    @property
    def display_name(self) -> str:
        """The player's name, or the bot's."""
        if self.player_id:
            return str(self.player)
        return str(_("%(kind)s bot") % {"kind": self.bot}) if self.bot else str(_("empty seat"))


# A finished deal's place in the deal lists: its finished time, a deal without one (none is
# stored so today) as if it finished at the epoch, so every list has one order on every back end.
DEAL_LIST_KEY = Coalesce(F("finished_at"), Value(datetime(1970, 1, 1, tzinfo=UTC)))


class Deal(models.Model):
    """One deal of a match: its record's header, its moves (rows of ``Move``) and its result.

    Once finished, its record (header, deck, moves) is packed into ``packed`` and the columns it
    held are left blank (league/services/archive.py): read it through that module.
    """

    class Status(models.TextChoices):
        LIVE = "live", _("in play")
        FINISHED = "finished", _("finished")

    # No index of its own: ``unique_deal_number`` (match, number) serves every lookup by match.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals", db_index=False)
    number = models.PositiveSmallIntegerField(_("number"))
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("house rules"), default=dict)
    seats = models.JSONField(_("seats"), default=list)
    situation = models.JSONField(_("situation"), null=True, blank=True)
    deck = models.JSONField(_("deck"), default=list)
    salt = models.CharField(_("salt"), max_length=64, blank=True)
    commitment = models.CharField(_("deck commitment"), max_length=64, blank=True)
    # The server secret the deck was drawn from; revealed with the deck once the deal ends.
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.LIVE)
    # Number of moves applied: the version clients act on; also the next Move's seq.
    version = models.PositiveIntegerField(_("version"), default=0)
    has_moves = models.BooleanField(_("full move log"), default=True)
    result = TextJSONField(_("result"), null=True, blank=True)
    # A finished deal's record packed (league/packing.py): header, deck and moves in one value.
    packed = models.BinaryField(_("packed record"), null=True, blank=True, editable=False)
    # Duplicate: the board this deal played (same deck and situation at every table); indexed only
    # where set (Meta.indexes), as most deals play no board.
    board = models.ForeignKey(
        "Board",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="deals",
        verbose_name=_("board"),
        db_index=False,
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_deal_number")]
        indexes = [
            models.Index(fields=["board"], name="deal_board", condition=models.Q(board__isnull=False)),
            # The deal lists' order, newest first (replays/services/deal_pages.py): a page is a
            # range of this index, however long the club's or the player's history. Not partial
            # (live deals are few): a planner without statistics read a partial one whole, as a
            # bitmap of "status = finished", once for every match of the club.
            models.Index(DEAL_LIST_KEY, F("id"), name="deal_list_order"),
            # The sweep's question: finished deals with moves still to pack (few, if any).
            models.Index(
                fields=["id"],
                name="deal_to_pack",
                condition=models.Q(status="finished", has_moves=True, packed__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} · deal {self.number}"


class Move(models.Model):
    """One action of a deal in the engine's notation; a unique ``(deal, seq)`` applies no move twice."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("sequence"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    action = models.CharField(_("action"), max_length=200)
    # Played by the timeout bot (the expert at its fast budget) because the seat's clock ran out.
    auto = models.BooleanField(_("auto-played"), default=False)
    created = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["deal", "seq"]
        constraints = [models.UniqueConstraint(fields=["deal", "seq"], name="unique_move_seq")]

    def __str__(self) -> str:
        return f"{self.seq}: {self.seat} {self.action}"


class Invitation(models.Model):
    """A link a director hands out: whoever opens it joins the club (and may claim a player)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    code = models.CharField(_("code"), max_length=32, unique=True)
    role = models.CharField(
        _("role"), max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER
    )
    # The offline player the person joining becomes (their results follow the account).
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    used_at = models.DateTimeField(_("used"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.club} · {self.code}"

    def get_absolute_url(self) -> str:
        """The link to hand out."""
        return reverse("invite-accept", args=[self.code])


class JoinRequest(models.Model):
    """A user asking to join a club; a director approves or declines it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        APPROVED = "approved", _("approved")
        DECLINED = "declined", _("declined")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests")
    message = models.CharField(_("message"), max_length=300, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.user} → {self.club} ({self.status})"


class ResultReport(models.Model):
    """Who entered an offline match's result, and who confirmed it (an opponent) or overrode it."""

    class Status(models.TextChoices):
        OPEN = "open", _("being entered")
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        OVERRIDDEN = "overridden", _("confirmed by a director")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="report")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The seat the entering player sat in: its opponents are the ones who confirm.
    entered_seat = models.PositiveSmallIntegerField(_("entered from seat"), null=True, blank=True)
    submitted_at = models.DateTimeField(_("submitted"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)

    class Meta:
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")

    def __str__(self) -> str:
        return f"{self.match} ({self.status})"


class TableCode(models.Model):
    """The capability that opens one match at its physical table: a code for the phone, a PIN per side.

    Only digests are stored. The table cards page derives the code and the PINs again from
    ``nonce`` and the site's secret key (``league/services/table_codes.py``), so a copy of the
    database opens no table. Issuing a new card revokes the old one.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="table_codes")
    # Not secret: printed on the card and named in the event log ("T3·1": table 3, first card).
    label = models.CharField(_("card"), max_length=20)
    nonce = models.CharField(max_length=64)
    digest = models.CharField(max_length=64, unique=True)
    # {side: digest of that side's PIN}; a side is league.services.games.side_of's number.
    pins = models.JSONField(default=dict)
    created = models.DateTimeField(_("issued"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return f"{self.match} · {self.label}"


class ResultEvent(models.Model):
    """One step of an offline result, kept forever: who entered, undid, submitted or confirmed it, when.

    The confirmation rule (league.services.confirmation) reads these: a side that entered or
    changed a deal since the last confirmation may not confirm it.
    """

    class Kind(models.TextChoices):
        ENTERED = "entered", _("entered a deal")
        UPLOADED = "uploaded", _("uploaded a deal record")
        UNDONE = "undone", _("removed the last deal")
        SUBMITTED = "submitted", _("submitted the result")
        CONFIRMED = "confirmed", _("confirmed the result")
        OVERRIDDEN = "overridden", _("accepted the result as director")
        CORRECTED = "corrected", _("corrected a deal")
        # A live table's life (tables/services/lifecycle.py).
        PAUSED = "paused", _("paused the table")
        RESUMED = "resumed", _("resumed the table")
        ENDED = "ended", _("ended the match")
        LEFT = "left", _("left the table")
        SAT = "sat", _("took a seat")
        BOT = "bot", _("a bot took the seat")
        SUBSTITUTE = "substitute", _("seated a substitute")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="result_events")
    kind = models.CharField(_("what"), max_length=10, choices=Kind.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    # The seat the user sits in at this match (None: a director who does not play here).
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    deal_number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    # Set when the step came from the table's phone page: the card whose code (and PIN) was used.
    table_code = models.ForeignKey(
        TableCode, on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("result event")
        verbose_name_plural = _("result events")
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return f"{self.match} · {self.kind} · {self.at:%Y-%m-%d %H:%M}"


class ResultCorrection(models.Model):
    """A director's change to a recorded result, kept forever: who, when, before and after."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="corrections")
    deal_number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(_("time"), auto_now_add=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("result correction")
        verbose_name_plural = _("result corrections")
        ordering = ["match", "at", "id"]

    def __str__(self) -> str:
        return f"{self.match} · {self.at:%Y-%m-%d %H:%M}"


class StandingRow(models.Model):
    """One stored line of a tournament's standings, derived by the standings task (never edited)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standing_rows")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="standing_rows")
    rank = models.PositiveIntegerField(_("rank"))
    points = models.IntegerField(_("points"))
    # Ordered on after points, before the tie-breaks: Zhao Pengyou's game points, else 0.
    second_points = models.IntegerField(_("second points"), default=0)
    played = models.PositiveIntegerField(_("played"))
    byes = models.PositiveIntegerField(_("byes"), default=0)
    # [[code, value], ...] in the tournament's tie-break order (integers, see league/tiebreaks.py).
    tiebreaks = models.JSONField(_("tie-breaks"), default=list)

    class Meta:
        verbose_name = _("standing row")
        verbose_name_plural = _("standing rows")
        ordering = ["tournament", "rank", "entry"]
        constraints = [models.UniqueConstraint(fields=["tournament", "entry"], name="one_standing_per_entry")]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.rank} {self.entry}"


class PlayerRating(models.Model):
    """A player's current Elo in one game family and rated games so far (derived from RatingChange)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(_("game family"), max_length=20)
    rating = models.IntegerField(_("rating"))
    games = models.PositiveIntegerField(_("games"))
    last_played = models.DateTimeField(_("last played"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["family", "-rating"]
        constraints = [models.UniqueConstraint(fields=["player", "family"], name="one_rating_per_family")]

    def __str__(self) -> str:
        return f"{self.player} {self.family} {self.rating}"


class RatingChange(models.Model):
    """One player's rating change from one rated match, with its one-line explanation."""

    # No index of its own: the (player, family, played_at) index begins with it.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", db_index=False
    )
    family = models.CharField(_("game family"), max_length=20)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    # Set for games rated deal by deal (Zhao Pengyou, Si Se Pai; league/deal_ratings.py). No index
    # of its own: the partial unique (deal, player) begins with it and holds every row that has one.
    deal = models.ForeignKey(
        Deal,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rating_changes",
        db_index=False,
    )
    # The order ratings are folded in: (when the match finished, match id, deal number).
    played_at = models.DateTimeField(_("played"))
    before = models.IntegerField(_("before"))
    after = models.IntegerField(_("after"))
    opponents_average = models.IntegerField(_("opponents' average"))
    k = models.PositiveSmallIntegerField(_("K factor"))
    explanation = models.CharField(_("explanation"), max_length=300)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["family", "played_at", "match_id", "deal__number", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "player"],
                condition=models.Q(deal__isnull=True),
                name="one_change_per_match_player",
            ),
            models.UniqueConstraint(
                fields=["deal", "player"],
                condition=models.Q(deal__isnull=False),
                name="one_change_per_deal_player",
            ),
        ]
        indexes = [
            models.Index(fields=["player", "family", "played_at"]),
            # A new result asks for the family's last rated match: the end of this index.
            models.Index(fields=["family", "played_at", "match"], name="ratingchange_family_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.family} {self.before}→{self.after}"

    @property
    def delta(self) -> int:
        """Signed change."""
        return self.after - self.before


class Bye(models.Model):
    """A round an entry does not play (odd field, sitting out), and the match points it gets."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")
    points = models.PositiveSmallIntegerField(_("points"), default=0)

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_round")]

    def __str__(self) -> str:
        return f"{self.round}: {self.entry}"


class RuleSet(models.Model):
    """A game's house-rule options under a name and a version: the site's (no club) or a club's.

    A published version is frozen: changing it means publishing the next version, so whatever
    chose a version (a tournament, a table) keeps exactly its options (docs/record-format.md).
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, null=True, blank=True, related_name="rule_sets")
    name = models.SlugField(_("name"), max_length=80)
    version = models.PositiveIntegerField(_("version"), default=1)
    title = models.CharField(_("title"), max_length=120)
    game = models.CharField(_("game"), max_length=20)
    # Only the options that differ from the seeds' rules, as the engine's JSON (validated by the game).
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    based_on = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="copies"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    published = models.DateTimeField(_("published"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        ordering = ["game", "name", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "name", "version"],
                condition=models.Q(club__isnull=False),
                name="unique_club_rule_set_version",
            ),
            models.UniqueConstraint(
                fields=["name", "version"],
                condition=models.Q(club__isnull=True),
                name="unique_site_rule_set_version",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.display_title} (v{self.version})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Refuse to change what a published version says (its game, name, version or options)."""
        if self.pk is not None:
            stored = RuleSet.objects.filter(pk=self.pk, status=self.Status.PUBLISHED).first()
            frozen = ("game", "name", "version", "options", "club_id")
            if stored is not None and any(getattr(stored, f) != getattr(self, f) for f in frozen):
                raise ValueError(f"rule set {stored} is published: publish a new version instead")
        super().save(*args, **kwargs)

    @property
    def display_title(self) -> str:
        """The title in the reader's language: the site's are translated (``rulesets.SITE_TITLES``)."""
        return gettext(self.title) if self.club_id is None else self.title

    @property
    def is_published(self) -> bool:
        """True once the version is frozen."""
        return self.status == self.Status.PUBLISHED

    def label(self) -> dict[str, Any]:
        """How a deal record names this version: ``{"name", "version"}``, a club's prefixed by its slug."""
        name = f"{self.club.slug}/{self.name}" if self.club is not None else self.name
        return {"name": name, "version": self.version}
