"""Every league model in the admin, with useful lists and search."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.models import (
    Bye,
    Club,
    Deal,
    Entry,
    EntryMember,
    Invitation,
    JoinRequest,
    Match,
    MatchSeat,
    Membership,
    Move,
    Player,
    PlayerRating,
    RatingChange,
    ResultCorrection,
    ResultEvent,
    ResultReport,
    Round,
    StandingRow,
    Tournament,
)


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "is_public", "created"]
    list_filter = ["is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "club", "role", "joined"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "club", "user", "created"]
    list_filter = ["club"]
    search_fields = ["name", "user__username"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["code", "club", "role", "player", "created_by", "created", "used_by", "used_at"]
    list_filter = ["club", "role"]
    search_fields = ["code", "club__name", "player__name"]


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "club", "status", "created", "decided_by", "decided_at"]
    list_filter = ["status", "club"]
    search_fields = ["user__username", "club__name"]


class EntryMemberInline(admin.TabularInline):  # type: ignore[type-arg]
    model = EntryMember
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "club", "game", "format", "entry_kind", "status", "rated", "is_public", "created"]
    list_filter = ["game", "format", "status", "rated", "is_public", "club"]
    search_fields = ["name", "slug", "club__name"]
    date_hierarchy = "created"


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "tournament", "seed", "withdrawn"]
    list_filter = ["withdrawn", "tournament__game"]
    search_fields = ["name", "tournament__name", "members__player__name"]
    inlines = [EntryMemberInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "number", "status", "published_at"]
    list_filter = ["status"]
    search_fields = ["tournament__name"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["round", "entry", "points"]
    search_fields = ["entry__name", "round__tournament__name"]


class MatchSeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = MatchSeat
    extra = 0
    raw_id_fields = ["player", "entry"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "id",
        "game",
        "club",
        "tournament",
        "round",
        "table_number",
        "kind",
        "status",
        "rated",
        "finished_at",
    ]
    list_filter = ["game", "kind", "status", "rated", "club"]
    search_fields = ["id", "tournament__name", "seats__player__name"]
    raw_id_fields = ["tournament", "round"]
    inlines = [MatchSeatInline]


@admin.register(MatchSeat)
class MatchSeatAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "seat", "player", "entry", "bot"]
    list_filter = ["match__game"]
    search_fields = ["player__name", "entry__name"]
    raw_id_fields = ["match", "player", "entry"]


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["id", "match", "number", "game", "status", "has_moves", "version", "finished_at"]
    list_filter = ["game", "status", "has_moves"]
    search_fields = ["id", "match__id", "commitment"]
    raw_id_fields = ["match"]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["deal", "seq", "seat", "action", "auto", "created"]
    list_filter = ["auto"]
    search_fields = ["deal__id", "action"]
    raw_id_fields = ["deal"]


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "match",
        "status",
        "entered_by",
        "entered_seat",
        "submitted_at",
        "confirmed_by",
        "confirmed_at",
    ]
    list_filter = ["status"]
    search_fields = ["match__id", "entered_by__username", "confirmed_by__username"]
    raw_id_fields = ["match"]


@admin.register(ResultEvent)
class ResultEventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "kind", "by", "seat", "deal_number", "at"]
    list_filter = ["kind"]
    search_fields = ["match__id", "by__username"]
    raw_id_fields = ["match"]


@admin.register(ResultCorrection)
class ResultCorrectionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "deal_number", "by", "at", "reason"]
    list_filter = ["match__game"]
    search_fields = ["match__id", "by__username", "reason"]
    raw_id_fields = ["match"]
    # Corrections are history: shown, never edited.
    readonly_fields = ["match", "deal_number", "by", "at", "reason", "before", "after"]


@admin.register(StandingRow)
class StandingRowAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "rank", "entry", "points", "played", "byes", "tiebreaks"]
    list_filter = ["tournament"]
    search_fields = ["entry__name", "tournament__name"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["player", "family", "rating", "games", "last_played"]
    list_filter = ["family", "player__club"]
    search_fields = ["player__name"]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "player",
        "family",
        "match",
        "deal_link",
        "played_at",
        "before",
        "after",
        "opponents_average",
        "k",
    ]
    list_filter = ["family"]
    list_select_related = ["player", "match", "deal"]
    search_fields = ["player__name", "explanation"]
    raw_id_fields = ["player", "match", "deal"]
    readonly_fields = ["deal_link"]

    @admin.display(description=_("deal"), ordering="deal__number")
    def deal_link(self, change: RatingChange) -> str:
        """The deal a per-deal change comes from (Zhao Pengyou, Si Se Pai), linked to its viewer."""
        if change.deal is None:
            return "—"
        url = reverse("deal-viewer", args=[change.deal.pk])
        return format_html('<a href="{}">{}</a>', url, _("Deal %(number)s") % {"number": change.deal.number})
