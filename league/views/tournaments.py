"""Tournament pages: creation with the game's rule options, entries, rounds and standings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cardclub.games import game_info
from league import access
from league.forms import (
    EntryForm,
    GameForm,
    KeepApartForm,
    RuleSetChoiceForm,
    SwapEntriesForm,
    SwapSeatsForm,
    TournamentForm,
)
from league.models import Entry, Match, Player, Round, Tournament
from league.services import rounds, rulesets, table_states, tournaments
from league.services import standings as stored_standings
from league.services.games import game as engine_game
from league.services.games import rule_label, rule_value, tiebreak_name
from league.services.rules_form import rules_form_class
from league.views.common import act, managed_club, managed_tournament, visible_tournament

ERRORS = (tournaments.TournamentError,)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Two steps: choose the game, then its rule options with the format and schedule."""
    club = managed_club(request, slug)
    chooser = GameForm(request.GET or None)
    if not chooser.is_valid():
        return render(request, "league/tournament_game.html", {"club": club, "form": chooser})
    game_name = chooser.cleaned_data["game"]
    rules_form = rules_form_class(game_name)(request.POST or None, prefix="rules")
    ruleset_form = RuleSetChoiceForm(club, game_name, request.POST or None)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and rules_form.is_valid() and ruleset_form.is_valid():
        ruleset = ruleset_form.chosen()
        try:
            tournament = tournaments.create_tournament(
                club,
                request.user,
                rulesets.rules_json(ruleset) if ruleset else rules_form.rules_json(),  # type: ignore[attr-defined]
                game=game_name,
                ruleset=ruleset,
                tie_breaks=form.tie_breaks(),
                **{k: v for k, v in form.cleaned_data.items() if not k.startswith("tie_break_")},
            )
        except tournaments.TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Tournament created."))
            return redirect(tournament)
    context = {
        "club": club,
        "form": form,
        "rules_form": rules_form,
        "ruleset_form": ruleset_form,
        "game": engine_game(game_name),
    }
    return render(request, "league/tournament_form.html", context)


def tournament_detail(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """Entries, rounds with their tables and results, and the standings."""
    tournament = visible_tournament(request, slug, tslug)
    manages = access.manages(request.user, tournament.club)
    rounds_qs = tournament.rounds.prefetch_related(tables_prefetch(), "byes__entry")
    if not manages:
        rounds_qs = rounds_qs.exclude(status=Round.Status.DRAFT)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "manages": manages,
        "entries": tournament.entries.prefetch_related("members__player"),
        "rounds": rounds_qs,
        "rules": [(rule_label(k), rule_value(v, k)) for k, v in tournament.rules.items()],
        "ruleset_words": rulesets.in_words(tournament.ruleset) if tournament.ruleset else [],
        "tie_breaks": [tiebreak_name(c) for c in tournament.tie_breaks],
        "game": game_info(tournament.game),
        "checks_in_self": tournaments.check_in_open(tournament)
        and bool(tournaments.own_entries(request.user, tournament)),
        **standings_context(tournament),
    }
    if manages:
        size = tournaments.entry_size(tournament)
        names = dict(Player.objects.filter(club=tournament.club).values_list("pk", "name"))
        context |= {
            "entry_form": EntryForm(tournament, size),
            "keep_apart_form": KeepApartForm(tournament),
            "keep_apart": [(names.get(a, a), names.get(b, b)) for a, b in tournament.keep_apart],
            "keeps_apart": tournament.format in rounds.KEEPS_APART,
            "reinstatable": {e.pk for e in tournament.entries.all() if tournaments.can_reinstate(e)},
            "takes_entries": tournaments.takes_entries(tournament),
            "next_round": tournaments.next_round(tournament),
            "checked_in": {e.pk for e in tournament.entries.all() if tournaments.checked_in(e)},
        }
    return render(request, "league/tournament_detail.html", context)


def tables_prefetch() -> Prefetch[str, QuerySet[Match]]:
    """A round's matches in table order, with their seats and players."""
    matches = Match.objects.order_by("table_number").prefetch_related("seats__player")
    return Prefetch("matches", queryset=matches)


def standings_context(tournament: Tournament) -> dict[str, object]:
    """The stored standings with each tie-break's name and value, and what the game's columns sum."""
    traits = engine_game(tournament.game)
    return {
        "points_from": traits.points_from,
        "second_from": traits.second_from,
        "standings": stored_standings.display_rows(tournament),
        "tie_break_columns": [(c, tiebreak_name(c)) for c in tournament.tie_breaks],
        "standings_version": tournament.standings_version,
    }


def standings_fragment(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """Just the standings table: what the live page refetches when the version changes."""
    tournament = visible_tournament(request, slug, tslug)
    context = {"tournament": tournament, **standings_context(tournament)}
    return render(request, "league/_standings.html", context)


@login_required
@require_POST
def entry_create(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """A director enters a player or a partnership."""
    tournament = managed_tournament(request, slug, tslug)
    form = EntryForm(tournament, tournaments.entry_size(tournament), request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose players of the club who have not entered yet."))
        return redirect(tournament)
    return act(
        request,
        lambda: tournaments.add_entry(tournament, form.players(), form.cleaned_data["name"]),
        _("Entry added."),
        tournament.get_absolute_url(),
        ERRORS,
    )


@login_required
@require_http_methods(["GET", "POST"])
def entry_withdraw(request: HttpRequest, slug: str, tslug: str, entry_id: int) -> HttpResponse:
    """A director withdraws an entry from later rounds, after a page that asks to confirm it."""
    tournament = managed_tournament(request, slug, tslug)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    if request.method == "GET":
        context = {"tournament": tournament, "club": tournament.club, "entry": entry}
        return render(request, "league/entry_withdraw.html", context)
    return act(
        request,
        lambda: tournaments.withdraw_entry(entry),
        _("Entry withdrawn."),
        tournament.get_absolute_url(),
        ERRORS,
    )


def check_in_done(entry: Entry, present: bool) -> str:
    """The message once an entry is checked in, or out again."""
    done = _("%(entry)s checked in.") if present else _("%(entry)s is no longer checked in.")
    return done % {"entry": entry.name}


@login_required
@require_POST
def entry_check_in(request: HttpRequest, slug: str, tslug: str, entry_id: int) -> HttpResponse:
    """A director checks an entry in for the next round (or, with ``present=0``, out again)."""
    tournament = managed_tournament(request, slug, tslug)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    present = request.POST.get("present") != "0"
    return act(
        request,
        lambda: tournaments.check_in(entry, present),
        check_in_done(entry, present),
        tournament.get_absolute_url(),
        ERRORS,
    )


@login_required
@require_POST
def entry_reinstate(request: HttpRequest, slug: str, tslug: str, entry_id: int) -> HttpResponse:
    """A director undoes a withdrawal before the next round is drafted."""
    tournament = managed_tournament(request, slug, tslug)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    return act(
        request,
        lambda: tournaments.reinstate_entry(entry),
        _("Withdrawal undone: the entry is paired again from the next round."),
        tournament.get_absolute_url(),
        ERRORS,
    )


@login_required
@require_POST
def keep_apart_add(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """A director marks two players that individual seating must never put together."""
    tournament = managed_tournament(request, slug, tslug)
    form = KeepApartForm(tournament, request.POST)
    if not form.is_valid() or form.cleaned_data["first"] == form.cleaned_data["second"]:
        messages.error(request, _("Choose two different entered players."))
        return redirect(tournament)
    pair = sorted([form.cleaned_data["first"].pk, form.cleaned_data["second"].pk])
    if pair not in tournament.keep_apart:
        tournament.keep_apart = [*tournament.keep_apart, pair]
        tournament.save(update_fields=["keep_apart"])
    messages.success(request, _("They will not be seated together."))
    return redirect(tournament)


@login_required
@require_POST
def round_generate(request: HttpRequest, slug: str, tslug: str) -> HttpResponse:
    """A director drafts the next round."""
    tournament = managed_tournament(request, slug, tslug)
    try:
        rnd = rounds.generate_round(tournament)
    except ERRORS as exc:
        messages.error(request, str(exc))
        return redirect(tournament)
    messages.success(request, _("Round %(n)s drafted: check the tables, then publish.") % {"n": rnd.number})
    for first, second in rounds.forbidden_meetings(rnd):
        messages.warning(request, met_warning(first, second))
    return redirect("round-detail", slug, tslug, rnd.number)


def met_warning(first: Entry, second: Entry) -> str:
    """The report of a kept-apart pair that the round's pairing could not keep apart."""
    return _(
        "%(a)s and %(b)s are kept apart but meet in this round: no pairing kept every such pair apart."
    ) % {
        "a": first.name,
        "b": second.name,
    }


def round_detail(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """One round's tables; a draft round only to directors, with its adjustment forms."""
    tournament = visible_tournament(request, slug, tslug)
    rnd = tournament.rounds.filter(number=number).prefetch_related(tables_prefetch(), "byes__entry").first()
    if rnd is None or not access.can_view_round(request.user, rnd):
        raise Http404
    manages = access.manages(request.user, tournament.club)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": rnd,
        "manages": manages,
        "states": table_states.round_states(rnd),
        "forbidden_met": [met_warning(a, b) for a, b in rounds.forbidden_meetings(rnd)] if manages else [],
    }
    if manages and rnd.status == Round.Status.DRAFT:
        context |= {"swap_entries_form": SwapEntriesForm(tournament), "swap_seats_form": SwapSeatsForm()}
    return render(request, "league/round_detail.html", context)


def round_tables(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """Just the round's tables with their states: what the live round page refetches."""
    tournament = visible_tournament(request, slug, tslug)
    rnd = tournament.rounds.filter(number=number).prefetch_related("byes__entry").first()
    if rnd is None or not access.can_view_round(request.user, rnd):
        raise Http404
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": rnd,
        "manages": access.manages(request.user, tournament.club),
        "states": table_states.round_states(rnd),
    }
    return render(request, "league/_round_tables.html", context)


@login_required
@require_POST
def round_action(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """Adjust, publish or discard a draft round."""
    tournament = managed_tournament(request, slug, tslug)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    here = reverse("round-detail", args=[slug, tslug, number])
    action = request.POST.get("action")
    if action == "publish":
        return act(request, lambda: rounds.publish_round(rnd), _("Round published."), here, ERRORS)
    if action == "delete":
        return act(
            request,
            lambda: rounds.delete_draft(rnd),
            _("Draft discarded."),
            tournament.get_absolute_url(),
            ERRORS,
        )
    if action == "swap_entries":
        form = SwapEntriesForm(tournament, request.POST)
        if form.is_valid():
            first, second = form.cleaned_data["first"], form.cleaned_data["second"]
            return act(
                request, lambda: rounds.swap_entries(rnd, first, second), _("Entries swapped."), here, ERRORS
            )
    if action == "nudge":
        table = request.POST.get("table", "")
        match = (
            rnd.matches.filter(table_number=int(table)).first()
            if table.isdecimal() and len(table) < 5
            else None
        )
        if (
            match is not None
            and match.status != Match.Status.FINISHED
            and rnd.status == Round.Status.PUBLISHED
        ):
            table_states.nudge(match)
            messages.success(request, _("Table %(n)s was asked to finish.") % {"n": match.table_number})
            return redirect(here)
    if action == "swap_seats":
        seats_form = SwapSeatsForm(request.POST)
        if seats_form.is_valid():
            table, a, b = (seats_form.cleaned_data[key] for key in ("table", "seat_a", "seat_b"))
            match = rnd.matches.filter(table_number=table).first()
            if match is not None and match.seats.filter(seat__in=[a, b]).count() == 2:
                return act(request, lambda: rounds.swap_seats(match, a, b), _("Seats swapped."), here, ERRORS)
    messages.error(request, _("That change could not be made."))
    return redirect(here)
