"""The lobby: open a table, take a seat, get ready, seat bots; tournament rounds create their tables.

Every change of seats (sitting, leaving, moving, a bot seated or removed, ready or not, arriving at a
tournament table) ends in ``_settle``: the match starts as soon as every seat is taken and every
person is ready, whatever the order the seats were filled in.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import get_game
from engine.core.errors import EngineError
from league import access
from league.models import Club, Deal, Match, Round, RuleSet
from league.services import rulesets
from tables.models import LiveTable, TableSeat, default_next_deal_seconds
from tables.services import deals, facts, live, pacing, publish
from tables.services.errors import NotAllowed
from tables.services.lobby_rows import lobby_changed

OPEN_TABLES_PER_MEMBER = 3  # casual tables one member may have open or in play at once


def open_table(
    club: Club,
    user: Any,
    game: str,
    *,
    seats: int | None = None,
    rules: dict[str, Any] | None = None,
    seconds_per_decision: int = facts.DEFAULT_CLOCK,
    deals_target: int | None = None,
    next_deal_seconds: int | None = None,
    ruleset: RuleSet | None = None,
    leave_bot: str = facts.DEFAULT_LEAVE_BOT,
) -> LiveTable:
    """A member opens a casual table in their club's lobby and sits at seat 0; a rule set's
    options, when one is picked, replace ``rules``. The match lasts ``deals_target`` deals (by
    default every player deals twice, at most ``facts.MAX_DEALS``)."""
    if not access.is_member(user, club):
        raise NotAllowed(_("Only members of the club can open a table."))
    if ruleset is not None:
        try:
            ruleset = rulesets.picked(club, game, ruleset.pk)
        except rulesets.RuleSetError as exc:
            raise NotAllowed(exc.message) from None
        rules = rulesets.rules_json(ruleset) if ruleset is not None else rules
    try:
        engine_game = get_game(game)
        engine_rules = engine_game.rules_from_json(rules or {})
    except (EngineError, TypeError, ValueError) as exc:
        raise NotAllowed(_("Unknown game or house rules: %(error)s") % {"error": exc}) from None
    # Rules that fix the table's size (three-deck Tractor seats six) decide it, whatever was asked.
    count = engine_game.seats_for(engine_rules) or seats or engine_game.default_seats
    if not engine_game.min_seats <= count <= engine_game.max_seats:
        raise NotAllowed(
            _("This game needs %(min)s to %(max)s players.")
            % {"min": engine_game.min_seats, "max": engine_game.max_seats}
        )
    deals_target = deals_target or facts.default_deals(game, count)
    # A rule of the game's own that sets the match's length (Si Se Pai's match_deals) has the same bound.
    if not 0 < deals_target <= facts.MAX_DEALS or getattr(engine_rules, "match_deals", 0) > facts.MAX_DEALS:
        raise NotAllowed(_("A casual match has at most %(max)s deals.") % {"max": facts.MAX_DEALS})
    try:
        # Rules that name a seat (the first drawer) are checked by a deal of this many players;
        # found only at the start, the table could never play.
        engine_game.start(engine_rules, count, engine_game.deck(engine_rules, count), None)
    except (EngineError, TypeError, ValueError) as exc:
        raise NotAllowed(_("Unknown game or house rules: %(error)s") % {"error": exc}) from None
    with transaction.atomic():
        _check_open_tables(user)
        table = LiveTable.objects.create(
            club=club,
            host=user,
            game=game,
            rules=engine_rules.to_json(),
            ruleset=ruleset,
            seat_count=count,
            seconds_per_decision=seconds_per_decision,
            deals_target=deals_target,
            next_deal_seconds=next_deal_seconds or default_next_deal_seconds(),
            leave_bot=facts.leave_bot(game, leave_bot),
        )
        TableSeat.objects.bulk_create(
            TableSeat(table=table, seat=s, user=user if s == 0 else None) for s in range(count)
        )
        lobby_changed(table.pk)
    return table


def open_tables_allowed() -> int:
    """How many casual tables a member may have open or in play at once:
    ``settings.TABLES_OPEN_PER_MEMBER``, else the environment's, else 3."""
    configured = getattr(settings, "TABLES_OPEN_PER_MEMBER", None)
    if configured is None:
        configured = os.environ.get("TABLES_OPEN_PER_MEMBER") or OPEN_TABLES_PER_MEMBER
    return int(configured)


def _check_open_tables(user: Any) -> None:
    """Refuse a member who already hosts as many open or running tables as allowed. The member's
    row is locked first, so two opens sent at once are counted one after the other."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    held = LiveTable.objects.filter(
        host=user, status__in=[LiveTable.Status.OPEN, LiveTable.Status.PLAYING, LiveTable.Status.PAUSED]
    ).count()
    allowed = open_tables_allowed()
    if held >= allowed:
        raise NotAllowed(
            ngettext(
                "You already have %(count)s table open or in play; finish it before opening another.",
                "You already have %(count)s tables open or in play; finish one before opening another.",
                allowed,
            )
            % {"count": held}
        )


def _open_for_change(table_id: int) -> LiveTable:
    table = LiveTable.objects.select_for_update().get(pk=table_id)
    if table.status != LiveTable.Status.OPEN:
        raise NotAllowed(_("The table has already started."))
    return table


def take_seat(table_id: int, user: Any, seat: int) -> Deal | None:
    """A member sits down in an empty seat; moving from another seat of the table keeps their readiness."""
    with transaction.atomic():
        table = _open_for_change(table_id)
        if not access.is_member(user, table.club) or table.match_id is not None:
            raise NotAllowed(_("Only members can sit at this table."))
        target = table.seats.filter(seat=seat).first()
        if target is None or target.taken:
            raise NotAllowed(_("That seat is taken."))
        ready = table.seats.filter(user=user, ready=True).exists()
        table.seats.filter(user=user).update(user=None, ready=False)
        target.user, target.ready = user, ready
        target.save(update_fields=["user", "ready"])
        return _settle(table)


def leave_seat(table_id: int, user: Any) -> None:
    """Stand up from the table before it starts."""
    with transaction.atomic():
        table = _open_for_change(table_id)
        table.seats.filter(user=user).update(user=None, ready=False)
        _settle(table)


def _hosted(table_id: int, user: Any) -> LiveTable:
    table = _open_for_change(table_id)
    if table.host_id != user.pk:
        raise NotAllowed(_("Only the host seats bots."))
    return table


def _check_kind(table: LiveTable, kind: str) -> None:
    if kind not in get_game(table.game).bot_kinds():
        raise NotAllowed(_("Unknown bot."))


def seat_bot(table_id: int, user: Any, seat: int, kind: str) -> Deal | None:
    """The host gives a seat no person holds to one of the engine's bots (or another kind of bot)."""
    with transaction.atomic():
        table = _hosted(table_id, user)
        _check_kind(table, kind)
        target = table.seats.filter(seat=seat).first()
        if target is None or target.user_id is not None or target.player_id is not None:
            raise NotAllowed(_("That seat is taken."))
        target.bot, target.ready = kind, True
        target.save(update_fields=["bot", "ready"])
        return _settle(table)


def fill_with_bots(table_id: int, user: Any, kind: str) -> Deal | None:
    """The host seats a bot of ``kind`` in every empty seat at once."""
    with transaction.atomic():
        table = _hosted(table_id, user)
        _check_kind(table, kind)
        if not table.seats.filter(user=None, player=None, bot="").update(bot=kind, ready=True):
            raise NotAllowed(_("No seat is empty."))
        return _settle(table)


def remove_bot(table_id: int, user: Any, seat: int) -> None:
    """The host takes a bot away from its seat, which is empty again."""
    with transaction.atomic():
        table = _hosted(table_id, user)
        if not table.seats.filter(seat=seat).exclude(bot="").update(bot="", ready=False):
            raise NotAllowed(_("No bot sits there."))
        _settle(table)


def set_ready(table_id: int, user: Any, ready: bool = True) -> Deal | None:
    """Say you are ready (or not after all); the table starts once every seat is taken and ready."""
    with transaction.atomic():
        table = _open_for_change(table_id)
        if not table.seats.filter(user=user).update(ready=ready):
            raise NotAllowed(_("You do not sit at this table."))
        return _settle(table)


def _settle(table: LiveTable) -> Deal | None:
    """After any change of seats (in its transaction): start the match if it can, else say what changed."""
    deal = start_if_ready(table)
    if deal is None:
        _changed(table.pk)
    return deal


def start_if_ready(table: LiveTable) -> Deal | None:
    """Start the match when all seats are filled and ready (inside the caller's transaction)."""
    seats = list(table.seats.all())
    if table.status != LiveTable.Status.OPEN or not all(s.taken and (s.ready or s.bot) for s in seats):
        return None
    deal = deals.begin_match(table)
    live.forget_table(table.pk)
    transaction.on_commit(lambda: started(table.pk, deal.pk))
    return deal


def started(table_id: int, deal_id: int) -> None:
    """After the first deal is committed: tell the sockets and plan the first paced step."""
    publish.table_event(table_id, deal_id, 0)
    lobby_changed(table_id)
    pacing.plan(deal_id, 0)


def arrive(table_id: int, user: Any) -> None:
    """A seated player of a tournament table is present: they are ready, and the table may start."""
    with transaction.atomic():
        table = LiveTable.objects.select_for_update().get(pk=table_id)
        if table.status != LiveTable.Status.OPEN or table.match_id is None:
            return
        # Only a first arrival changes the seats: coming back (each page load opens a socket)
        # must not tell every waiting page to reload, or two waiting players reload each other forever.
        if table.seats.filter(user=user, ready=False).update(ready=True):
            _settle(table)


def _changed(table_id: int) -> None:
    transaction.on_commit(lambda: publish.table_event(table_id))
    lobby_changed(table_id)


def tables_for_round(round_: Round) -> list[LiveTable]:
    """Create a live table for each live match of a published round, with its seats assigned."""
    tournament = round_.tournament
    created = []
    with transaction.atomic():
        for match in round_.matches.filter(kind=Match.Kind.LIVE, live_table__isnull=True):
            seats = list(match.seats.select_related("player").order_by("seat"))
            table = LiveTable.objects.create(
                club=match.club,
                game=match.game,
                rules=match.rules,
                seat_count=len(seats),
                match=match,
                seconds_per_decision=tournament.seconds_per_decision,
                next_deal_seconds=tournament.next_deal_seconds,
                spectator_delay=tournament.spectator_delay,
                deals_target=tournament.deals_per_match,
                match_minutes=tournament.match_minutes,
            )
            TableSeat.objects.bulk_create(
                TableSeat(
                    table=table,
                    seat=s.seat,
                    player=s.player,
                    bot=s.bot,
                    ready=bool(s.bot),
                    user=s.player.user if s.player is not None else None,
                )
                for s in seats
            )
            created.append(table)
            lobby_changed(table.pk)
    return created
