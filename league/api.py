"""The read-only JSON API (django-ninja): clubs, tournaments, standings, rankings, rating histories.

Mounted at ``/api/``; the OpenAPI schema is ``/api/openapi.json``. Visibility follows
``league.access`` exactly as the pages do (hidden things are 404). Every client address may make
``LEAGUE_API_RATE`` requests (default 120 per 60 seconds) before getting 429; the address is the
socket's, or the one our own proxies forwarded (``TRUSTED_PROXIES``, ``ratelimit.client_address``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Annotated, Any

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from ninja import NinjaAPI, Schema
from ninja.errors import HttpError
from ninja.throttling import BaseThrottle
from pydantic import Field

from league import access
from league.models import Club, Player, PlayerRating, RuleSet, Tournament
from league.services import ratelimit, ratings, rulesets
from league.services import standings as stored_standings
from league.services.games import tiebreak_name


class CacheWindowThrottle(BaseThrottle):
    """Per client address, ``LEAGUE_API_RATE`` = (requests, seconds) in a fixed window on the cache."""

    def allow_request(self, request: HttpRequest) -> bool:
        """Count the request and refuse it past the limit."""
        limit, window = getattr(settings, "LEAGUE_API_RATE", (120, 60))
        return ratelimit.hit(f"api:{ratelimit.client_address(request)}", limit, window)


api = NinjaAPI(
    title="Card Club league API",
    version="1",
    description="Read-only: clubs, tournaments, rule sets, standings, rankings and rating histories.",
    urls_namespace="league-api",
    throttle=[CacheWindowThrottle()],
)


class ClubOut(Schema):
    slug: str
    name: str
    description: str
    is_public: bool


class RuleSetOut(Schema):
    id: int
    name: str
    version: int
    title: str
    game: str
    club: str | None = Field(description="the owning club's slug; null for the site's rule sets")
    options: dict[str, Any] = Field(description="the options that differ from the game's standard rules")
    rules: dict[str, Any] = Field(description="the engine's rules JSON of the game under this rule set")
    differences: list[str] = Field(description="each difference from the standard rules, in words")
    based_on: int | None
    published: datetime | None


class TournamentOut(Schema):
    id: int
    club: str
    slug: str
    name: str
    game: str
    format: str
    entry_kind: str
    status: str
    rules: dict[str, Any]
    rounds_planned: int
    deals_per_match: int
    rated: bool
    tie_breaks: list[str]
    starts_at: datetime | None
    ruleset: RuleSetOut | None = Field(description="the rule set version the rules were taken from, if any")


class TieBreakValue(Schema):
    code: str
    name: str
    value: int
    shown: str


class StandingOut(Schema):
    rank: int
    entry_id: int
    entry: str
    points: int
    played: int
    byes: int
    tie_breaks: list[TieBreakValue]


class StandingsOut(Schema):
    tournament: int
    version: int
    rows: list[StandingOut]


class RankingOut(Schema):
    rank: int
    player_id: int
    player: str
    club: str
    rating: int
    games: int
    last_played: datetime | None


class RatingChangeOut(Schema):
    match_id: int
    # Games rated deal by deal (Zhao Pengyou, Si Se Pai): the deal and its replay viewer; else null.
    deal_id: int | None = None
    deal_url: str | None = None
    played_at: datetime
    before: int
    after: int
    opponents_average: int
    explanation: str


class PlayerRatingsOut(Schema):
    player_id: int
    player: str
    family: str
    rating: int
    games: int
    history: list[RatingChangeOut]


def tournament_out(t: Tournament) -> dict[str, Any]:
    """A tournament as the API shows it."""
    fields = ["id", "slug", "name", "game", "format", "entry_kind", "status", "rules", "rounds_planned"]
    fields += ["deals_per_match", "rated", "tie_breaks", "starts_at"]
    ruleset = ruleset_out(t.ruleset) if t.ruleset is not None else None
    return {"club": t.club.slug, "ruleset": ruleset, **{f: getattr(t, f) for f in fields}}


def ruleset_out(r: RuleSet) -> dict[str, Any]:
    """A published rule set version as the API shows it."""
    fields = ["id", "name", "version", "title", "game", "options", "based_on_id", "published"]
    row = {f: getattr(r, f) for f in fields}
    row["based_on"] = row.pop("based_on_id")
    club = r.club.slug if r.club_id else None  # type: ignore[union-attr]
    return {**row, "club": club, "rules": rulesets.rules_json(r), "differences": rulesets.in_words(r)}


def visible_tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament or 404."""
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not access.can_view_tournament(request.user, tournament):
        raise HttpError(404, "not found")
    return tournament


@api.get("/clubs", response=list[ClubOut], summary="Clubs the caller may see")
def list_clubs(request: HttpRequest) -> Any:
    """Public clubs, and the caller's own private ones."""
    return access.visible_clubs(request.user)


@api.get("/clubs/{slug}/tournaments", response=list[TournamentOut], summary="A club's tournaments")
def club_tournaments(request: HttpRequest, slug: str) -> Any:
    """The club's tournaments the caller may see."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(request.user, club):
        raise HttpError(404, "not found")
    return [tournament_out(t) for t in access.visible_tournaments(request.user, club.tournaments.all())]


@api.get("/rulesets", response=list[RuleSetOut], summary="Published rule sets")
def list_rulesets(request: HttpRequest, game: str = "", club: str = "") -> Any:
    """The site's published rule sets and those of the clubs the caller may see (``club``: one
    club's own only; ``game``: one game's only)."""
    rulesets.ensure_shipped()
    rows = RuleSet.objects.filter(status=RuleSet.Status.PUBLISHED).select_related("club")
    visible = access.visible_clubs(request.user)
    rows = rows.filter(Q(club__isnull=True) | Q(club__in=visible))
    if club:
        rows = rows.filter(club__slug=club)
    if game:
        rows = rows.filter(game=game)
    return [ruleset_out(r) for r in rows]


@api.get("/tournaments/{tournament_id}", response=TournamentOut, summary="One tournament")
def tournament(request: HttpRequest, tournament_id: int) -> Any:
    """A tournament's game, rules, format and schedule."""
    return tournament_out(visible_tournament(request, tournament_id))


@api.get("/tournaments/{tournament_id}/standings", response=StandingsOut, summary="Standings")
def standings(request: HttpRequest, tournament_id: int) -> Any:
    """Rank, match points and each chosen tie-break with its value."""
    t = visible_tournament(request, tournament_id)
    rows = [
        {
            "rank": r.rank,
            "entry_id": r.entry_id,
            "entry": r.entry.name,
            "points": r.points,
            "played": r.played,
            "byes": r.byes,
            "tie_breaks": [
                {"code": c, "name": tiebreak_name(c), "value": v, "shown": stored_standings.shown(c, v)}
                for c, v in r.tiebreaks
            ],
        }
        for r in t.standing_rows.select_related("entry").order_by("rank", "entry__seed")
    ]
    return {"tournament": t.pk, "version": t.standings_version, "rows": rows}


# Bounds of the rankings' filters: a century of days, more games and rows than any league has.
MAX_DAYS, MAX_GAMES, MAX_OFFSET = 36_500, 1_000_000, 1_000_000


@api.get("/rankings/{family}", response=list[RankingOut], summary="Rating list of a game family")
def rankings(
    request: HttpRequest,
    family: str,
    club: Annotated[str | None, Field(max_length=100)] = None,
    days: Annotated[int | None, Field(ge=1, le=MAX_DAYS)] = None,
    min_games: Annotated[int, Field(ge=0, le=MAX_GAMES)] = 0,
    limit: int = 50,
    offset: Annotated[int, Field(ge=0, le=MAX_OFFSET)] = 0,
) -> Any:
    """Players of visible clubs by rating; filters: club slug, active in the last N days, minimum games.

    Numbers out of range answer 422 with the limit (a huge ``days`` overflowed the date arithmetic).
    """
    if family not in ratings.rating_families():
        raise HttpError(404, "unknown family")
    rows = PlayerRating.objects.filter(family=family, player__club__in=access.visible_clubs(request.user))
    if club:
        rows = rows.filter(player__club__slug=club)
    if days:
        rows = rows.filter(last_played__gte=timezone.now() - timedelta(days=days))
    limit = max(1, min(limit, 200))  # clamped, as documented
    rows = (
        rows.filter(games__gte=min_games).select_related("player__club").order_by("-rating", "player__name")
    )
    return [
        {
            "rank": offset + i + 1,
            "player_id": r.player_id,
            "player": r.player.name,
            "club": r.player.club.slug,
            "rating": r.rating,
            "games": r.games,
            "last_played": r.last_played,
        }
        for i, r in enumerate(rows[offset : offset + limit])
    ]


@api.get("/players/{player_id}/ratings", response=list[PlayerRatingsOut], summary="A player's rating history")
def player_ratings(request: HttpRequest, player_id: int) -> Any:
    """Current rating per family and every change the caller may see, oldest first, with its explanation.

    Changes from matches the caller may not see are left out; the current rating and games are
    public (the rankings show them), so the history need not end at the current rating.
    """
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None or not access.can_view_club(request.user, player.club):
        raise HttpError(404, "not found")
    # One query for every family's history (ordered by family, then rating order), not one a family.
    changes = access.visible_rating_changes(request.user, player.rating_changes.all()).values(
        "family", "match_id", "deal_id", "played_at", "before", "after", "opponents_average", "explanation"
    )
    by_family: dict[str, list[dict[str, Any]]] = {}
    for change in changes:
        row = dict(change)
        by_family.setdefault(str(row.pop("family")), []).append(row)
    out = []
    for rating in player.ratings.order_by("family"):
        history = by_family.get(rating.family, [])
        out.append(
            {
                "player_id": player.pk,
                "player": player.name,
                "family": rating.family,
                "rating": rating.rating,
                "games": rating.games,
                "history": [with_deal_url(request, change) for change in history],
            }
        )
    return out


def with_deal_url(request: HttpRequest, change: Mapping[str, Any]) -> dict[str, Any]:
    """A rating change with the absolute address of its deal's replay viewer (``None`` without a deal)."""
    deal_id = change["deal_id"]
    url = request.build_absolute_uri(reverse("deal-viewer", args=[deal_id])) if deal_id else None
    return {**change, "deal_url": url}


# The replays app adds its endpoints (a deal's review) to the same API and schema.
from replays.api import router as replays_router  # noqa: E402  (after ``api`` exists)

api.add_router("/", replays_router)
