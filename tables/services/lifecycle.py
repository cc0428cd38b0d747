"""A live table's life: open → playing ⇄ paused → finished (or ended early), who may move it, and when.

- **Pause / resume.** The host of a casual table, or a director of the tournament's club at a
  tournament table, pauses and resumes it. While paused no server step runs (``steps`` asks
  ``runs``) and no person may move; on resume the decision's clock is shifted by the paused time
  (``LiveTable.clock_shift``, read by ``TableInfo.clock_since``).
- **End.** The host ends a casual match early: the deals played stay recorded and replayable, the
  match is marked ``ended_early`` and is never rated.
- **Leave / sit.** At a casual table a seated person may leave mid-match: a bot of the host's
  chosen kind (``LiveTable.leave_bot``) takes the seat, or, with none chosen, the table pauses
  until someone sits. A member may take a bot's seat back between deals. Players cannot leave a
  tournament table; a director seats a substitute instead.
- **Away.** A person whose clock ran out ``AWAY_AFTER`` times in a row is away: the fast expert
  plays for them at the bots' pace until they act (or press "I'm back").
- **Deserted.** Every wait is a row the sweep reads (``sweep``, ``LiveTable.deserted_at``): a
  table with no seated person connected for ``DESERTED_SECONDS`` pauses itself; a casual table
  with no person seated (bots that people watch) ends once nobody has watched it that long, and
  at once when its last person leaves.

Every transition is one ``ResultEvent`` row of the match (the match's event log), written in the
transaction that makes it; after the commit the table's sockets and the club's lobby re-read.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import get_game
from league import access
from league.models import Deal, Match, MatchSeat, Player, ResultEvent
from league.services import results
from league.services.clubs import ensure_player
from tables.models import LiveTable, TableSeat
from tables.services import events, info, live, pacing, presence
from tables.services.errors import NotAllowed
from tables.services.lobby_rows import lobby_changed

DESERTED_SECONDS = 300  # a table with no seated person connected this long pauses itself
LIVE = (LiveTable.Status.PLAYING, LiveTable.Status.PAUSED)


def runs(table: info.TableInfo) -> bool:
    """True when the table's server steps may run (it plays: not paused, finished or ended)."""
    return table.status == LiveTable.Status.PLAYING


def pause(table_id: int, user: Any) -> None:
    """The host (a director at a tournament table) pauses the match: clocks and bots stop."""
    with transaction.atomic():
        table = _steered(table_id, user)
        if table.status != LiveTable.Status.PLAYING:
            raise NotAllowed(_("The table is not playing."))
        why = LiveTable.Paused.DIRECTOR if _tournament(table) else LiveTable.Paused.HOST
        _pause(table, why, user)


def resume(table_id: int, user: Any) -> None:
    """The host (or director) resumes a paused match; the clock gets back the paused time."""
    with transaction.atomic():
        table = _steered(table_id, user)
        if table.status != LiveTable.Status.PAUSED:
            raise NotAllowed(_("The table is not paused."))
        if _empty_seats(table):
            raise NotAllowed(_("A seat is empty: the table resumes when someone sits."))
        _resume(table, user)


def end(table_id: int, user: Any) -> None:
    """The host ends a casual match early: its deals stay recorded, it is not rated."""
    with transaction.atomic():
        table = _steered(table_id, user)
        if _tournament(table):
            raise NotAllowed(_("A tournament match cannot be ended early."))
        _end(table, user)


def leave(table_id: int, user: Any) -> None:
    """A seated person leaves a casual match: a bot of the host's kind takes the seat, or the
    table pauses until someone sits; with no person left seated the match ends."""
    with transaction.atomic():
        table = _live(table_id)
        if _tournament(table):
            raise NotAllowed(_("Players cannot leave a tournament table; a director can seat a substitute."))
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed(_("You do not sit at this table."))
        kind = table.leave_bot if table.leave_bot in get_game(table.game).bot_kinds() else ""
        _seat(table, seat, user=None, player=None, bot=kind)
        _record(table, ResultEvent.Kind.LEFT, user, seat.seat)
        if kind:
            _record(table, ResultEvent.Kind.BOT, None, seat.seat)
        if not _people(table).exists():
            _end(table, None)
        elif not kind and table.status == LiveTable.Status.PLAYING:
            _pause(table, LiveTable.Paused.SEAT, None)
        _changed(table)


def sit(table_id: int, user: Any, seat_number: int) -> None:
    """A member takes an empty seat of a paused match, or a bot's seat between deals; a table that
    waited for the seat resumes."""
    with transaction.atomic():
        table = _live(table_id)
        if _tournament(table) or not access.is_member(user, table.club):
            raise NotAllowed(_("Only members can sit at this table."))
        if table.seats.filter(user=user).exists():
            raise NotAllowed(_("You already sit at this table."))
        seat = table.seats.filter(seat=seat_number).first()
        if seat is None or seat.user_id is not None or seat.player_id is not None:
            raise NotAllowed(_("That seat is taken."))
        if seat.bot and not _between_deals(table):
            raise NotAllowed(_("You can take a bot's seat between deals."))
        _seat(table, seat, user=user, player=ensure_player(table.club, user), bot="")
        _record(table, ResultEvent.Kind.SAT, user, seat.seat)
        waited = table.status == LiveTable.Status.PAUSED and table.paused_why == LiveTable.Paused.SEAT
        if waited and not _empty_seats(table):
            _resume(table, None)
        _changed(table)


def substitute(table_id: int, user: Any, seat_number: int, player_id: int) -> None:
    """A director of the club seats a substitute player in a tournament table's seat."""
    with transaction.atomic():
        table = _live(table_id)
        if not _tournament(table) or not access.manages(user, table.club):
            raise NotAllowed(_("Only a director of the club can seat a substitute."))
        player = Player.objects.filter(pk=player_id, club=table.club).first()
        seat = table.seats.filter(seat=seat_number).first()
        if player is None or seat is None:
            raise NotAllowed(_("Choose a seat and a player of the club."))
        if table.seats.filter(player=player).exclude(pk=seat.pk).exists():
            raise NotAllowed(_("That player already sits at this table."))
        _seat(table, seat, user=player.user, player=player, bot="")
        _record(table, ResultEvent.Kind.SUBSTITUTE, user, seat.seat)
        _changed(table)


def back(table_id: int, user: Any) -> None:
    """A person who was away is back: their clock runs for them again."""
    user_id = getattr(user, "pk", None)
    if user_id is not None and TableSeat.objects.filter(
        table_id=table_id, user_id=user_id, expiries__gt=0
    ).update(expiries=0):
        _changed_id(table_id)


def note_move(table: info.TableInfo, seat: int, auto: bool) -> None:
    """Count a seat's clock expiries in a row (inside the move's transaction): a person whose clock
    ran out ``AWAY_AFTER`` times is away; a move of their own brings them back."""
    if seat >= len(table.seats) or table.seats[seat].bot:
        return
    rows = TableSeat.objects.filter(table_id=table.table_id, seat=seat)
    if auto:
        rows.update(expiries=F("expiries") + 1)
        live.table_changed(table.table_id)  # the count lives in the cached facts: the move's frames show it
    elif table.seats[seat].expiries:
        rows.update(expiries=0)
        live.table_changed(table.table_id)


def sweep(now: float) -> list[tuple[int, str]]:
    """The deserted tables' deadlines, read from the rows: a casual table with no person seated
    ends, one with no seated person connected for ``DESERTED_SECONDS`` pauses; returns
    (table, what was done) for each."""
    done = []
    at = datetime.fromtimestamp(now, tz=UTC)
    people = Count(
        "seats", filter=Q(seats__bot="") & (Q(seats__user__isnull=False) | Q(seats__player__isnull=False))
    )
    tables = LiveTable.objects.filter(status__in=LIVE, match__isnull=False).annotate(people=people)
    for table in tables.select_related("match"):
        unseated = not _tournament(table) and not table.people
        if table.deserted_at is None and _connected(table.pk, unseated):
            continue  # the usual case, read without a lock or a write
        with transaction.atomic():
            locked = (
                LiveTable.objects.select_for_update(of=("self",)).select_related("match").get(pk=table.pk)
            )
            what = _deadline(locked, at)
        if what:
            done.append((table.pk, what))
    return done


def frame(table: info.TableInfo) -> dict[str, Any]:
    """The view's ``life``: the table's status, why it is paused, which seats are away."""
    return {
        "status": table.status,
        "paused": table.paused_why,
        "away": [s.seat for s in table.seats if s.away and not s.bot],
        "empty": [s.seat for s in table.seats if not s.taken],
        "tournament": table.tournament,
    }


def may_steer(user: Any, table: LiveTable) -> bool:
    """True when ``user`` may pause, resume (and, at a casual table, end) the table's match."""
    if _tournament(table):
        return access.manages(user, table.club)
    return table.host_id is not None and table.host_id == getattr(user, "pk", None)


def words() -> dict[str, Any]:
    """What the table pages say about the table's life (static/js/table_life.js)."""
    return {
        "paused": {
            LiveTable.Paused.HOST: _("The host paused the match: clocks are stopped."),
            LiveTable.Paused.DIRECTOR: _("The director paused the match: clocks are stopped."),
            LiveTable.Paused.DESERTED: _("Paused: nobody was at the table for five minutes."),
            LiveTable.Paused.SEAT: _("Paused: a player left; the match goes on when someone takes the seat."),
        },
        "ended": _("The host ended the match early; the deals played stay in the record. It is not rated."),
        "away": _("Away, played by the expert bot: %(names)s"),
        "take_seat": _("Take the seat %(seat)s (%(name)s)"),
        "status": {value: str(label) for value, label in LiveTable.Status.choices},
    }


def _deadline(table: LiveTable, at: datetime) -> str:
    """What the sweep does to one live table at ``at`` (in its transaction, the row locked)."""
    if table.status not in LIVE:
        return ""
    # A table of bots only is watched: it plays on while anybody watches, and ends once nobody has
    # for the same five minutes. A table with people pauses when none of them is connected.
    unseated = not _tournament(table) and not _people(table).exists()
    if table.status != LiveTable.Status.PLAYING and not unseated:
        return ""
    if _connected(table.pk, unseated):
        if table.deserted_at is not None:
            table.deserted_at = None
            table.save(update_fields=["deserted_at"])
        return ""
    if table.deserted_at is None:
        table.deserted_at = at
        table.save(update_fields=["deserted_at"])
        return ""
    if at - table.deserted_at < timedelta(seconds=DESERTED_SECONDS):
        return ""
    if unseated:
        _end(table, None)
        return "ended"
    _pause(table, LiveTable.Paused.DESERTED, None)
    return "paused"


def _connected(table_id: int, unseated: bool) -> bool:
    """Somebody is at the table: a seated person's socket, or any socket at a table of bots only."""
    return bool(presence.count(table_id) if unseated else presence.people(table_id))


def deserted(table_id: int) -> None:
    """The last seated person's socket closed: the deserted table's deadline starts now."""
    LiveTable.objects.filter(pk=table_id, status=LiveTable.Status.PLAYING, deserted_at=None).update(
        deserted_at=timezone.now()
    )


def _pause(table: LiveTable, why: str, user: Any) -> None:
    table.status, table.paused_at, table.paused_why = LiveTable.Status.PAUSED, timezone.now(), why
    table.save(update_fields=["status", "paused_at", "paused_why"])
    _record(table, ResultEvent.Kind.PAUSED, user)
    _changed(table)


def _resume(table: LiveTable, user: Any) -> None:
    """Play on: the current decision's clock is shifted by the time the table was paused."""
    now = timezone.now()
    paused = (now - table.paused_at).total_seconds() if table.paused_at else 0.0
    deal = _latest(table)
    if deal is not None:
        shift = dict(table.clock_shift or {})
        if shift.get("deal") != deal.pk or shift.get("version") != deal.version:
            shift = {"deal": deal.pk, "version": deal.version, "seconds": 0.0}
        shift["seconds"] = float(shift["seconds"]) + paused
        table.clock_shift = shift
    table.status, table.paused_at, table.paused_why, table.deserted_at = (
        LiveTable.Status.PLAYING,
        None,
        "",
        None,
    )
    table.save(update_fields=["status", "paused_at", "paused_why", "deserted_at", "clock_shift"])
    _record(table, ResultEvent.Kind.RESUMED, user)
    _changed(table)
    if deal is not None:
        deal_id, version = deal.pk, deal.version
        transaction.on_commit(lambda: pacing.plan(deal_id, version))


def _end(table: LiveTable, user: Any) -> None:
    """End the match now: unrated, marked ended early; its result derived from the deals played."""
    assert table.match_id is not None
    Match.objects.filter(pk=table.match_id).update(rated=False, ended_early=True)
    results.match_finished(table.match_id, derive=False)
    table.status, table.paused_at, table.settled_at = LiveTable.Status.ENDED, None, timezone.now()
    table.save(update_fields=["status", "paused_at", "settled_at"])
    _record(table, ResultEvent.Kind.ENDED, user)
    _changed(table)


def _seat(table: LiveTable, seat: TableSeat, *, user: Any, player: Player | None, bot: str) -> None:
    """Put a person, a bot or nobody in a seat of a match in play; later deals record them."""
    seat.user, seat.player, seat.bot = user, player, bot
    seat.ready, seat.ready_after, seat.expiries = bool(bot), None, 0
    seat.save(update_fields=["user", "player", "bot", "ready", "ready_after", "expiries"])
    MatchSeat.objects.filter(match_id=table.match_id or 0, seat=seat.seat).update(player=player, bot=bot)


def _record(table: LiveTable, kind: str, user: Any, seat: int | None = None) -> None:
    deal = _latest(table)
    ResultEvent.objects.create(
        match_id=table.match_id or 0,
        kind=kind,
        by=user if getattr(user, "is_authenticated", False) else None,
        seat=seat,
        deal_number=deal.number if deal is not None else None,
    )


def _changed(table: LiveTable) -> None:
    _changed_id(table.pk)
    lobby_changed(table.pk)


def _changed_id(table_id: int) -> None:
    live.table_changed(table_id)
    transaction.on_commit(lambda: events.notify(f"table-{table_id}", 0, 0))


def _live(table_id: int) -> LiveTable:
    table = (
        LiveTable.objects.select_for_update(of=("self",))
        .select_related("match", "club")
        .filter(pk=table_id)
        .first()
    )
    if table is None or table.status not in LIVE or table.match_id is None:
        raise NotAllowed(_("The match is not in play."))
    return table


def _steered(table_id: int, user: Any) -> LiveTable:
    """The live table, locked, if ``user`` may pause, resume or end it."""
    table = _live(table_id)
    if may_steer(user, table):
        return table
    if _tournament(table):
        raise NotAllowed(_("Only a director of the club can pause this table."))
    raise NotAllowed(_("Only the host can pause, resume or end the table."))


def _tournament(table: LiveTable) -> bool:
    return table.match is not None and table.match.tournament_id is not None


def _people(table: LiveTable) -> Any:
    return table.seats.filter(Q(user__isnull=False) | Q(player__isnull=False), bot="")


def _empty_seats(table: LiveTable) -> bool:
    return table.seats.filter(user=None, player=None, bot="").exists()


def _latest(table: LiveTable) -> Deal | None:
    return Deal.objects.filter(match_id=table.match_id or 0).order_by("-number").first()


def _between_deals(table: LiveTable) -> bool:
    deal = _latest(table)
    return deal is not None and deal.status == Deal.Status.FINISHED
