"""Replay pages: thin views over ``replays.services``; whatever a visitor may not see is a 404."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST

from engine import review as engine_review
from engine.core.errors import EngineError
from league import access
from league.models import Club, Deal, Match, Player, Tournament
from league.services import archive
from replays.forms import CommentForm, DealFilterForm, UploadForm
from replays.models import Comment
from replays.services import deal_pages, event_reviews, imports, records, review_limits, reviews
from replays.services.access import can_comment, can_delete_comment, viewable_deal_or_none
from replays.services.better import better_frame
from replays.services.steps import parse_perspective
from replays.services.viewer import league_match_url, page_context, review_graph, steps_payload
from tables.services import chat as table_chat


def viewable_deal(request: HttpRequest, pk: int) -> Deal:
    """The deal if the visitor may see it, else 404 (never a hint that it exists)."""
    deal = viewable_deal_or_none(request.user, pk)
    if deal is None:
        raise Http404
    return deal


def viewable_match(request: HttpRequest, pk: int) -> Match:
    """The match if the visitor may see it, else 404."""
    match = (
        Match.objects.select_related("club", "tournament__club", "round__tournament__club")
        .filter(pk=pk)
        .first()
    )
    if match is None or not access.can_view_match(request.user, match):
        raise Http404
    return match


def viewable_deals_of(request: HttpRequest, match: Match) -> list[Deal]:
    """The match's deals the visitor may open, in order (finished; a duplicate board's once open)."""
    finished = match.deals.filter(status=Deal.Status.FINISHED).order_by("number")
    return [deal for deal in finished if access.can_view_deal(request.user, deal)]


def attachment(body: Any, filename: str, content_type: str) -> HttpResponse:
    """A download named ``filename``."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@gzip_page
def deal_viewer(request: HttpRequest, pk: int) -> HttpResponse:
    """The replay viewer, opened at ``?at=`` from the perspective ``?seat=``; ``?spoilers=hide``
    keeps every result out of sight until the last step."""
    deal = viewable_deal(request, pk)
    spoiler_free = request.GET.get("spoilers") == "hide"
    seat, at = request.GET.get("seat"), request.GET.get("at", "")
    context = page_context(deal, request.user, seat, at, spoiler_free)
    if context["comment_allowed"]:
        context["comment_form"] = CommentForm(initial={"at": context["at"]})
    context["chat"] = table_chat.replay_lines(deal.match, request.user, deal)
    return render(request, "replays/deal.html", context)


@gzip_page
def deal_steps(request: HttpRequest, pk: int) -> JsonResponse:
    """The deal's frames from ``?seat=`` (a seat number, or all hands)."""
    deal = viewable_deal(request, pk)
    if not deal.has_moves:
        raise Http404
    perspective = parse_perspective(request.GET.get("seat"), len(archive.seats(deal)))
    try:
        payload = steps_payload(deal, perspective)
    except EngineError as exc:  # the page says why; the script only needs to know it failed
        return JsonResponse({"error": exc.message}, status=422)
    return JsonResponse(payload, json_dumps_params={"separators": (",", ":")})


@require_POST
@login_required
def review_request(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask for the deal's review (players, directors; anyone on an open tournament); back to the viewer."""
    deal = viewable_deal(request, pk)
    if not reviews.can_request_review(request.user, deal):
        raise Http404
    budget = request.POST.get("budget") or engine_review.DEFAULT_BUDGET
    if budget not in engine_review.BUDGETS:
        return HttpResponse(status=400)
    reason = review_limits.refusal(request, deal, budget)
    if reason is not None:
        back = f"{reverse('deal-viewer', args=[deal.pk])}#review"
        context = {"title": _("Review not queued"), "reason": reason, "back": back}
        return render(request, "400.html", context, status=429)
    reviews.request_review(deal, request.user, budget)
    messages.success(request, _("The review was asked for: it appears here as it is made."))
    return redirect(f"{reverse('deal-viewer', args=[deal.pk])}#review")


def review_status(request: HttpRequest, pk: int) -> JsonResponse:
    """The deal's review so far (progress, lines, summary), polled by the viewer while it runs."""
    deal = viewable_deal(request, pk)
    review = reviews.current_review(deal)
    if review is None:
        return JsonResponse({"status": None})
    reviews.revive(review)
    data = reviews.review_json(review)
    # The graph drawn by the page's own template, so a review under way redraws it without a reload.
    graph = review_graph(deal, data)
    data["graph_html"] = render_to_string("replays/graph_svg.html", {"graph": graph}) if graph else ""
    return JsonResponse(data, json_dumps_params={"separators": (",", ":")})


def review_better(request: HttpRequest, pk: int) -> JsonResponse:
    """The board after a judged decision's better move (``?index=``), from the perspective ``?seat=``."""
    deal = viewable_deal(request, pk)
    review = reviews.current_review(deal)
    index = request.GET.get("index", "")
    line = review.lines.filter(index=int(index)).first() if review and index.isdigit() else None
    if line is None:
        raise Http404
    perspective = parse_perspective(request.GET.get("seat"), len(archive.seats(deal)))
    try:
        payload = better_frame(deal, line, perspective)
    except EngineError as exc:
        return JsonResponse({"error": exc.message}, status=422)
    return JsonResponse(payload, json_dumps_params={"separators": (",", ":")})


def deal_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The deal's engine record as a download."""
    deal = viewable_deal(request, pk)
    body = records.exported_record(deal).dumps() + "\n"
    return attachment(body, f"deal-{deal.pk}.json", "application/json")


@require_POST
@login_required
def comment_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin a comment to a step; back to the viewer at that step."""
    deal = viewable_deal(request, pk)
    if not can_comment(request.user, deal):
        raise Http404
    form = CommentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The comment was not saved: write some text."))
        return redirect(reverse("deal-viewer", args=[deal.pk]))
    comment = form.save(commit=False)
    comment.deal, comment.author = deal, request.user
    comment.at = min(comment.at, deal.version)
    comment.save()
    seat = request.POST.get("seat", "all")
    return redirect(f"{reverse('deal-viewer', args=[deal.pk])}?at={comment.at}&seat={seat}#comments")


@require_POST
@login_required
def comment_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a comment (its author or a club director)."""
    comment = get_object_or_404(Comment.objects.select_related("deal__match__club"), pk=pk)
    if not access.can_view_deal(request.user, comment.deal) or not can_delete_comment(request.user, comment):
        raise Http404
    deal, at = comment.deal, comment.at
    comment.delete()
    messages.success(request, _("Comment deleted."))
    return redirect(f"{reverse('deal-viewer', args=[deal.pk])}?at={at}#comments")


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A match with its deals and links to replay them."""
    match = viewable_match(request, pk)
    deals = match.deals.order_by("number")
    seats = match.seats.select_related("player")
    context = {
        "match": match,
        "deals": deals,
        "viewable": {deal.pk for deal in viewable_deals_of(request, match)},
        "seats": seats,
        "league_match_url": league_match_url(match.pk),
        "chat": table_chat.replay_lines(match, request.user),
    }
    return render(request, "replays/match.html", context)


def match_export(request: HttpRequest, pk: int) -> HttpResponse:
    """A match file: header and every finished deal's record."""
    match = viewable_match(request, pk)
    body = records.dumps(records.match_export(match, viewable_deals_of(request, match))) + "\n"
    return attachment(body, f"match-{match.pk}.json", "application/json")


def tournament_export(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """A tournament's finished deals as NDJSON after a header line."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):
        raise Http404
    deals = access.visible_deals(request.user).filter(match__tournament=tournament)
    response = StreamingHttpResponse(
        records.tournament_lines(tournament, deals), content_type="application/x-ndjson"
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.ndjson"'
    return response


def deal_list(
    request: HttpRequest, deals: QuerySet[Deal], tournaments: QuerySet[Tournament]
) -> dict[str, Any]:
    """Filter form and one page of ``deals``, newest first (``replays.services.deal_pages``)."""
    form = DealFilterForm(request.GET or None, tournaments=tournaments)
    page = deal_pages.deal_page(
        form.apply(deals).select_related("match__tournament", "match__club"), request.GET
    )
    if page is None:
        raise Http404
    query = request.GET.copy()
    for key in ("page", "older", "newer"):
        query.pop(key, None)
    return {"form": form, "page": page, "query": query.urlencode()}


def club_deals(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's recent finished deals, filtered by game, tournament and date."""
    club = get_object_or_404(Club, slug=slug)
    if not access.can_view_club(request.user, club):
        raise Http404
    deals = access.visible_deals(request.user).filter(match__club=club)
    context = deal_list(request, deals, access.visible_tournaments(request.user, club.tournaments.all()))
    context.update(
        club=club,
        title=_("Recent deals of %(club)s") % {"club": club},
        manages=access.manages(request.user, club),
    )
    return render(request, "replays/deal_list.html", context)


def player_deals(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's recent finished deals."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    if not access.can_view_club(request.user, player.club):
        raise Http404
    # The player's matches as a list of ids: the deals are then read through their match's index,
    # however many deals the federation holds (and without a DISTINCT over whole deal rows).
    matches = list(player.seats.values_list("match_id", flat=True))
    deals = access.visible_deals(request.user).filter(match_id__in=matches)
    played = Tournament.objects.filter(matches__seats__player=player).distinct()
    context = deal_list(request, deals, access.visible_tournaments(request.user, played))
    context.update(
        club=player.club, player=player, title=_("Recent deals of %(player)s") % {"player": player}
    )
    return render(request, "replays/deal_list.html", context)


@login_required
def upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Directors upload records: checked by the engine, stored only if every deal replays."""
    club = get_object_or_404(Club, slug=slug)
    if not access.manages(request.user, club):
        raise Http404
    form = UploadForm(request.POST or None, request.FILES or None)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            stored = imports.import_file(club, imports.read_upload(form.cleaned_data["file"]))
        except imports.UploadError as exc:
            error = str(exc)
        else:
            messages.success(request, _("Stored %(n)s match(es).") % {"n": len(stored)})
            return redirect("match-replays", pk=stored[0].pk)
    # A refused upload answers 400 with the reason on the form (nothing was stored).
    status = 400 if request.method == "POST" else 200
    return render(request, "replays/upload.html", {"club": club, "form": form, "error": error}, status=status)


@require_POST
def event_review_request(request: HttpRequest, pk: int) -> HttpResponse:
    """A director asks for every finished deal of a tournament (or of ``round``) to be reviewed."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):
        raise Http404
    number = request.POST.get("round", "")
    rnd = tournament.rounds.filter(number=int(number)).first() if number.isdigit() else None
    if number and rnd is None:
        raise Http404
    budget = request.POST.get("budget") or engine_review.DEFAULT_BUDGET
    if budget not in engine_review.BUDGETS:
        return HttpResponse(status=400)
    count = event_reviews.request_event_review(tournament, request.user, budget, rnd)
    messages.success(request, _("Reviews asked for %(n)s finished deals: progress below.") % {"n": count})
    return redirect(f"{tournament.get_absolute_url()}#event-review")


def event_review_status(request: HttpRequest, pk: int) -> JsonResponse:
    """How far the event's reviews are, with the progress line as the tournament page draws it
    (polled by the page while some wait or run)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):
        raise Http404
    progress = event_reviews.event_progress(tournament)
    html = render_to_string("replays/_event_review_progress.html", {"progress": progress}, request)
    counts = {"deals": progress.deals, "done": progress.done, "waiting": progress.waiting}
    return JsonResponse({**counts, "failed": progress.failed, "html": html})
