"""A club's rule sets page: the site's and the club's versions with their differences; managers
copy one into a draft, change its options and publish it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league import access
from league.forms import RuleSetCopyForm, RuleSetTitleForm
from league.models import Club, RuleSet
from league.services import rulesets
from league.services.rules_form import rules_form_class
from league.views.common import managed_club, visible_club

ERRORS = (rulesets.RuleSetError,)


def club_rulesets(request: HttpRequest, slug: str) -> HttpResponse:
    """Every version the club may pick (and, for its managers, its drafts), by game."""
    club = visible_club(request, slug)
    manages = access.manages(request.user, club)
    rulesets.ensure_shipped()
    rows = RuleSet.objects.filter(Q(club__isnull=True) | Q(club=club)).select_related("club", "based_on")
    if not manages:
        rows = rows.filter(status=RuleSet.Status.PUBLISHED)
    context = {
        "club": club,
        "manages": manages,
        "rows": [(r, rulesets.in_words(r)) for r in rows.order_by("game", "club_id", "name", "-version")],
        "copy_form": RuleSetCopyForm(),
    }
    return render(request, "league/rulesets.html", context)


def _club_ruleset(club: Club, ruleset_id: int) -> RuleSet:
    return get_object_or_404(RuleSet, Q(club__isnull=True) | Q(club=club), pk=ruleset_id)


@login_required
@require_POST
def ruleset_copy(request: HttpRequest, slug: str, ruleset_id: int) -> HttpResponse:
    """Copy a version into a draft of the club's and open it for editing."""
    club = managed_club(request, slug)
    source = _club_ruleset(club, ruleset_id)
    form = RuleSetCopyForm(request.POST)
    back = reverse("club-rulesets", args=[club.slug])
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect(back)
    try:
        draft = rulesets.copy(
            source, club, request.user, form.cleaned_data["name"], form.cleaned_data["title"]
        )
    except ERRORS as exc:
        messages.error(request, str(exc))
        return redirect(back)
    return redirect("ruleset-edit", slug=club.slug, ruleset_id=draft.pk)


@login_required
@require_http_methods(["GET", "POST"])
def ruleset_edit(request: HttpRequest, slug: str, ruleset_id: int) -> HttpResponse:
    """A draft's title and every option of its game, the draft's values preselected."""
    club = managed_club(request, slug)
    draft = get_object_or_404(RuleSet, club=club, pk=ruleset_id, status=RuleSet.Status.DRAFT)
    initial = rulesets.rules_json(draft)
    options_form = rules_form_class(draft.game)(request.POST or None, initial=initial, prefix="rules")
    title_form = RuleSetTitleForm(request.POST or None, initial={"title": draft.title})
    if request.method == "POST" and options_form.is_valid() and title_form.is_valid():
        try:
            options = options_form.rules_json()  # type: ignore[attr-defined]
            rulesets.edit(draft, request.user, options, title_form.cleaned_data["title"])
        except ERRORS as exc:
            options_form.add_error(None, str(exc))
        else:
            messages.success(request, _("Rule set saved."))
            return redirect("ruleset-edit", slug=club.slug, ruleset_id=draft.pk)
    context = {
        "club": club,
        "draft": draft,
        "words": rulesets.in_words(draft),
        "options_form": options_form,
        "title_form": title_form,
    }
    return render(request, "league/ruleset_edit.html", context)


@login_required
@require_POST
def ruleset_publish(request: HttpRequest, slug: str, ruleset_id: int) -> HttpResponse:
    """Freeze a draft: tournaments and tables may pick it from now on."""
    club = managed_club(request, slug)
    draft = get_object_or_404(RuleSet, club=club, pk=ruleset_id)
    try:
        rulesets.publish(draft, request.user)
    except ERRORS as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Rule set published: tournaments and tables may now pick it."))
    return redirect("club-rulesets", slug=club.slug)
