"""Player profiles (ratings with a history chart, recent matches) and rankings per game family."""

from __future__ import annotations

from datetime import timedelta

from django.core.paginator import Paginator
from django.db.models import F, Prefetch, Window
from django.db.models.functions import RowNumber
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from cardclub.games import game_info
from league import access
from league.forms import RankingFilterForm
from league.models import Match, PlayerRating, RatingChange
from league.services import ratings
from league.services.charts import rating_svg
from league.views.common import visible_player

RECENT_MATCHES = 20
RANKING_PAGE = 50


RECENT_CHANGES = 10  # a family's latest changes listed under its chart
# A rating change's own columns (its deal's row also holds the packed record: only its number is read).
CHANGE_COLUMNS = [f.attname for f in RatingChange._meta.concrete_fields]


def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's ratings per family, each with its history chart, and recent matches."""
    player = visible_player(request, player_id)
    families = []
    # Only changes from matches the visitor may see; the current rating is public (docs/access.md).
    # The charts need every point, so those are plain values; only the ten latest changes of each
    # family are read as rows, so the page's cost does not grow with a long history.
    shown = access.visible_rating_changes(request.user, player.rating_changes.all())
    points: dict[str, list[int]] = {}
    for family, before, after in shown.values_list("family", "before", "after"):
        points.setdefault(family, [before]).append(after)
    # Newest first: the rating order (RatingChange.Meta) reversed, numbered within each family.
    latest = [F("played_at").desc(), F("match_id").desc(), F("deal__number").desc()]
    recent: dict[str, list[RatingChange]] = {}
    for change in (
        shown.annotate(nth=Window(RowNumber(), partition_by=[F("family")], order_by=latest))
        .filter(nth__lte=RECENT_CHANGES)
        .select_related("deal")
        .only(*CHANGE_COLUMNS, "deal__number")
        .order_by("family", *latest)
    ):
        recent.setdefault(change.family, []).append(change)
    for rating in player.ratings.order_by("family"):
        info = game_info(rating.family)
        title = _("%(family)s rating history") % {"family": info.label() if info else rating.family}
        families.append(
            {
                "rating": rating,
                "chart": rating_svg(points.get(rating.family, []), title),
                "changes": recent.get(rating.family, []),
                "by_deal": ratings.by_deal(rating.family),
            }
        )
    deals = access.visible_deals(request.user).only("id", "match_id", "number").order_by("number")
    matches = (
        access.visible_matches(request.user, Match.objects.filter(seats__player=player))
        .select_related("tournament", "club")
        .prefetch_related(Prefetch("deals", deals))
        .order_by("-finished_at", "-created")
        .distinct()[:RECENT_MATCHES]
    )
    context = {"player": player, "families": families, "matches": matches}
    return render(request, "league/player_detail.html", context)


def rankings(request: HttpRequest, family: str) -> HttpResponse:
    """The rating list of one family, filtered by club, recent activity and games, paginated."""
    if family not in ratings.rating_families():
        raise Http404
    form = RankingFilterForm(request.user, request.GET or None)
    rows = PlayerRating.objects.filter(family=family, player__club__in=access.visible_clubs(request.user))
    if form.is_valid():
        if form.cleaned_data["club"]:
            rows = rows.filter(player__club=form.cleaned_data["club"])
        if form.cleaned_data["days"]:
            rows = rows.filter(last_played__gte=timezone.now() - timedelta(days=form.cleaned_data["days"]))
        if form.cleaned_data["min_games"]:
            rows = rows.filter(games__gte=form.cleaned_data["min_games"])
    rows = rows.select_related("player", "player__club").order_by("-rating", "player__name")
    page = Paginator(rows, RANKING_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "family": family,
        "by_deal": ratings.by_deal(family),
        "families": ratings.rating_families(),
        "form": form,
        "page": page,
        "offset": page.start_index() - 1 if page.object_list else 0,
        "query": query.urlencode(),
    }
    # Filters out of range (a century of days at most) answer 400 with the form's message.
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, "league/rankings.html", context, status=status)
