"""Lobby and table pages: thin views over the table service."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardclub.games import catalogue, game_info
from engine import game_names, get_game
from engine.core.traits import Layout
from league import access
from league.models import Club, Deal
from league.services.games import RULE_LABELS
from tables import felt, results
from tables.forms import OpenTableForm, RuleSetPickForm, posted_rules, rules_forms, rules_html, ruleset_forms
from tables.models import LiveTable, TableSeat
from tables.services import access as table_access
from tables.services import chat, facts, lifecycle, lobby
from tables.services.errors import NotAllowed
from tables.services.lobby_rows import lobby_tables

# The table page of each layout: Si Se Pai's pieces, melds and claim windows, or cards and tricks.
TABLE_PAGES = {Layout.TRICKS: "tables/table.html", Layout.PIECES: "tables/sisepai.html"}


def _club(request: HttpRequest, slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None or not access.can_view_club(request.user, club):
        raise Http404
    return club


def _table(request: HttpRequest, table_id: int) -> LiveTable:
    table = get_object_or_404(LiveTable.objects.select_related(*table_access.TABLE_RELATED), pk=table_id)
    if not table_access.may_watch(request.user, table):
        raise Http404
    return table


def club_lobby(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's open and running tables, with a form to open one; a socket keeps the rows live."""
    club = _club(request, slug)
    context = lobby_context(request, club, OpenTableForm(), rules_forms(), ruleset_forms(club))
    return render(request, "tables/lobby.html", context)


def lobby_context(
    request: HttpRequest,
    club: Club,
    form: OpenTableForm,
    rules: dict[str, Any],
    picks: dict[str, RuleSetPickForm],
) -> dict[str, Any]:
    """The lobby page's context, with the open-table form as given (blank, or posted with its errors)."""
    games = sorted(catalogue(), key=lambda info: info.name)
    return {
        "club": club,
        "tables": lobby_tables(club, request.user),
        "games": games,
        "form": form,
        "chosen_game": form["game"].value() or (games[0].name if games else ""),
        "chosen_seats": str(form["seats"].value() or ""),
        "rules_forms": [
            (game, rules[game.name], picks[game.name], rules_html(game.name, rules[game.name]))
            for game in games
        ],
        "seat_choices": seat_choices(),
        "member": access.is_member(request.user, club),
        "lobby_strings": {"live": _("Live"), "reconnecting": _("Reconnecting…")},
    }


def seat_choices() -> list[tuple[str, int, int]]:
    """Every (game, table size, default size) the lobby's form offers (Zhao Pengyou: 6 to 12); a
    game whose rules fix the size (Tractor: four, six with three decks) offers its usual one only."""
    out = []
    for name in game_names():
        game = get_game(name)
        fixed = game.seats_for(game.rules_from_json({})) is not None
        sizes = [game.default_seats] if fixed else range(game.min_seats, game.max_seats + 1)
        out += [(name, n, game.default_seats) for n in sizes]
    return out


@login_required
@require_POST
def open_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Open a casual table with its house rules and clock, and sit at it; a refused form answers 400."""
    club = _club(request, slug)
    form = OpenTableForm(request.POST)
    rules = rules_forms()
    picks = ruleset_forms(club)
    if form.is_valid():
        game = form.cleaned_data["game"]
        posted = posted_rules(game, request.POST)
        if posted is not None:
            rules[game] = posted
        pick = picks[game] = RuleSetPickForm(club, game, request.POST, prefix=f"ruleset-{game}")
        if (posted is None or posted.is_valid()) and pick.is_valid():
            try:
                table = lobby.open_table(
                    club,
                    request.user,
                    game,
                    seats=form.cleaned_data["seats"],
                    rules=posted.rules_json() if posted is not None else {},  # type: ignore[attr-defined]
                    seconds_per_decision=form.cleaned_data["seconds_per_decision"],
                    next_deal_seconds=form.cleaned_data["next_deal_seconds"],
                    deals_target=form.cleaned_data["deals"],
                    leave_bot=form.cleaned_data["leave_bot"],
                    ruleset=pick.cleaned_data.get("ruleset"),
                )
            except NotAllowed as exc:
                form.add_error(None, exc.message)
            else:
                return redirect(table)
    context = lobby_context(request, club, form, rules, picks)
    return render(request, "tables/lobby.html", context, status=403 if not context["member"] else 400)


def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    """The live table page; the socket does the rest."""
    table = _table(request, table_id)
    seats = list(table.seats.select_related("user", "player").order_by("seat"))
    user_id = request.user.pk if request.user.is_authenticated else None
    mine = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
    context = {
        "table": table,
        "seats": seats,
        "ring": ring(seats, mine),
        "my_seat": mine,
        "my_ready": mine is not None and seats[mine].ready,
        "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
        "member": access.is_member(request.user, table.club),
        "game": game_info(table.game),
        "strings": js_strings(),
        "turn_strings": {"your_turn": _("Your turn"), "seconds_left": _("%(seconds)s s left")},
        "result_url": reverse("table-result", args=[table.pk, 0]),
        "may_steer": request.user.is_authenticated and lifecycle.may_steer(request.user, table),
        "life_strings": lifecycle.words(),
        "club_players": table.club.players.order_by("name") if table.match_id else [],
        **table_facts(table, seats),
        **chat.page_context(table),
    }
    return render(request, TABLE_PAGES[get_game(table.game).layout], context)


def table_facts(table: LiveTable, seats: list[TableSeat]) -> dict[str, Any]:
    """What the table page says about the table: house rules, clock, what it waits for, the bots on offer."""
    waiting = facts.waiting_for(seats, tournament=table.match_id is not None)
    return {
        "rule_differences": facts.rule_differences(table.game, table.rules),
        "clock": facts.clock_label(table.seconds_per_decision),
        "waiting": waiting if table.status == LiveTable.Status.OPEN else [],
        "bot_choices": facts.bot_choices(table.game),
        "default_bot": facts.default_bot(table.game),
        "empty_seats": sum(not seat.taken for seat in seats),
        "seat_strings": facts.seat_words(table.game, len(seats)),
    }


def ring(seats: list[TableSeat], mine: int | None) -> list[dict[str, Any]]:
    """Seats around an oval table: your seat at the bottom, the next to play on your right.

    Play goes counter-clockwise (下家 sits to the right), so seat ``mine + k`` is ``k`` steps
    counter-clockwise from the bottom; each seat's place and its play's, on a desktop's felt and a
    phone's, in percent (tables/felt.py).
    """
    count = len(seats)
    base = mine or 0
    places = felt.layout(count)
    return [
        {"seat": s.seat, "name": s.display_name, "bot": s.bot, **places[(s.seat - base) % count]}
        for s in seats
    ]


def table_result(request: HttpRequest, table_id: int, deal_id: int) -> HttpResponse:
    """The result of a finished deal of this table, in words (the page fetches it when a deal ends)."""
    table = _table(request, table_id)
    deal = get_object_or_404(Deal, pk=deal_id, match_id=table.match_id, status=Deal.Status.FINISHED)
    return render(request, "tables/result.html", results.context(deal, request.user))


def js_strings() -> dict[str, Any]:
    """Every string table.js shows, translated here so the script needs no catalogue of its own."""
    return {
        "live": _("Live"),
        "reconnecting": _("Reconnecting…"),
        "deal": _("Deal %(number)s"),
        "play": _("Play the selected cards"),
        "bury": _("Bury the selected cards"),
        "pickup": _("Pick up the kitty"),
        "redeal": _("Ask for a redeal"),
        "pass": _("Pass"),
        "declare": _("Declare %(cards)s"),
        "steal": _("Steal the kitty with %(cards)s"),
        "steal_pass": _("Leave the kitty"),
        "bid": _("Bid %(points)s"),
        "name_trump": _("Trump suit: %(suit)s"),
        "your_turn": _("Your turn"),
        "turn_of": _("Waiting for %(name)s"),
        "drawing": _("Drawing cards…"),
        "seconds_left": _("%(seconds)s s left"),
        "trump": _("Trump: %(trump)s"),
        "no_trump": _("no trump suit"),
        "declared": _("Declared by %(name)s: %(cards)s"),
        "points": _("Defenders' points: %(points)s"),
        "levels": _("Levels: %(levels)s"),
        "scores": _("Scores: %(scores)s"),
        "cards_left": _("%(count)s cards"),
        "card_left": _("%(count)s card"),  # English has a singular: "1 cards" read as a slip
        "dealer": _("dealer"),
        "deal_over": _("The deal is over."),
        "match_over": _("The match is over."),
        "watching": _("You are watching this table."),
        "select_first": _("Select cards in your hand first."),
        "commitment": _("Commitment (SHA-256 of salt and deck): %(commitment)s"),
        "revealed": _("Seed %(seed)s, salt %(salt)s, deck: %(deck)s"),
        "auto": _("played for you when the clock ran out"),
        "you": _("you"),
        "name_seat": _("%(name)s (%(seat)s)"),
        "friend": _("friend"),
        "declarer": _("declarer"),
        "rank": _("rank %(rank)s"),
        "declarer_rank": _("%(name)s declares at rank %(rank)s"),
        "bids": _("Bids: %(bids)s"),
        "nth_copy": _("%(nth)s copy of"),
        "ordinals": {"1": _("1st"), "2": _("2nd"), "3": _("3rd"), "4": _("4th")},
        "copies_played": _("%(count)s played"),
        "found_by": _("friend: %(name)s"),
        "used_up": _("used up by %(name)s"),
        "not_found": _("not found yet"),
        "calls_made": _("%(made)s of %(due)s called"),
        "result_failed": _("Could not load the result; reload the page."),
        # The real_hand_throws option: a failed throw by the trick, and the deal's list of them.
        "failed_throw": _("%(name)s tried %(attempted)s — failed, plays %(forced)s"),
        "failed_throws": _("Failed throws: %(throws)s"),
        "failed_throw_item": _("Trick %(n)s: %(name)s tried %(attempted)s, failed, played %(forced)s"),
        "throw_penalty": RULE_LABELS["throw_penalty"],
        "points_penalised": _(
            "Defenders' points: %(points)s (%(cards)s in cards, %(penalty)s for failed throws)"
        ),
        **facts.next_deal_words(),
        # Reading a trick (tables/services/reading.py).
        "leads": _("leads"),
        "winning": _("winning"),
        "partner": _("partner"),
        "declarer_side": _("declarer's side"),
        "last_trick_won": _("Last trick: won by %(name)s, %(points)s points"),
        "side_points": _("Won so far: declarer's side %(declarers)s · defenders %(defenders)s"),
        "friends_found": _("Friends revealed: %(names)s"),
        "no_friend_yet": _("No friend revealed yet"),
        "calls_open": _("%(count)s calls still open"),
        "call_open": _("1 call still open"),
    }


@login_required
@require_POST
def table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    """Lobby actions of a table: sit, leave, ready or not, seat a bot, fill the empty seats, remove a bot."""
    table = _table(request, table_id)
    user, post = request.user, request.POST
    try:
        if action == "sit":
            lobby.take_seat(table.pk, user, _seat(post))
        elif action == "leave":
            lobby.leave_seat(table.pk, user)
        elif action == "ready":
            lobby.set_ready(table.pk, user, post.get("ready", "1") != "0")
        elif action == "bot":
            lobby.seat_bot(table.pk, user, _seat(post), post.get("kind", ""))
        elif action == "fill":
            lobby.fill_with_bots(table.pk, user, post.get("kind", ""))
        elif action == "unbot":
            lobby.remove_bot(table.pk, user, _seat(post))
        else:
            raise Http404
    except NotAllowed as exc:
        messages.error(request, exc.message)  # shown on the table page, as the league's pages do
    return redirect(table)


def _seat(post: Any) -> int:
    """The posted seat number, or ``NotAllowed``."""
    seat = post.get("seat", "")
    if not (seat.isascii() and seat.isdigit()) or len(seat) > 3:
        raise NotAllowed(_("Choose a seat."))
    return int(seat)
