"""A table's chat: the players' and the spectators' lines, stored with the table (docs/protocol.md, "chat").

The rules, settled here:

- Who writes: a logged-in person who may watch the table. A person seated at the table writes to
  the players' chat, anyone else to the spectators' chat.
- Who reads: spectators read both chats. Players read theirs, and the spectators' lines written
  while no deal was in play (before the first deal, between deals, after the match); a line a
  spectator writes during a deal (paused or not) never reaches a player, live or later, so nothing
  seen from outside the hands can be passed to the table.
- A line is stripped, 1 to ``MAX_LENGTH`` characters, and holds no control characters (line
  breaks, bidirectional overrides, ...); a person writes at most ``RATE_COUNT`` lines in any
  ``RATE_SECONDS`` at one table. The page draws lines as text, never as markup.
- The host of a casual table (a club director at a tournament table: ``lifecycle.may_steer``)
  mutes and unmutes a person's chat at that table; a muted person's lines are refused.
- Tournament tables have no chat unless their club switches ``Club.tournament_chat`` on.
- The replay shows a match's chat only to those who were there (``TableVisitor``: everyone who
  opened the table's socket before the match was over, and the people seated in it) and to the
  club's directors; no public record or export carries it.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league import access as league_access
from league.models import Club, Deal, Match
from league.services import names
from tables.models import ChatMute, LiveTable, TableMessage, TableVisitor
from tables.services import info, lifecycle, live, publish
from tables.services.errors import TableError

MAX_LENGTH = 300  # characters of one line, after stripping
RATE_COUNT = 5  # lines a person may write at one table ...
RATE_SECONDS = 10  # ... in any window of this many seconds
HISTORY = 100  # the latest lines a page receives when its socket opens
VISIT_TTL = 6 * 3600  # a visit remembered in the shared cache spares the next connect its insert
# Bidirectional embeddings, overrides and isolates: they reorder the text that follows them.
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
OVER = (LiveTable.Status.FINISHED, LiveTable.Status.ENDED)


class ChatRefused(TableError):
    """A chat line or a mute the table refuses; nothing was stored."""

    code = "chat_refused"


def enabled(table: info.TableInfo) -> bool:
    """The table has a chat: every casual table, a tournament table only if its club says so."""
    if not table.tournament:
        return True
    return bool(Club.objects.filter(pk=table.club_id, tournament_chat=True).exists())


def page_context(table: LiveTable) -> dict[str, Any]:
    """What the table page needs to draw its chat (templates/tables/_table_chat.html)."""
    tournament = table.match is not None and table.match.tournament_id is not None
    return {
        "chat_on": not tournament or bool(table.club.tournament_chat),
        "chat_length": MAX_LENGTH,
        "chat_strings": {
            "players": _("players"),
            "spectators": _("spectators"),
            "mute": _("Mute"),
            "unmute": _("Unmute"),
            "muted": _("Muted: their messages are refused at this table."),
            "unmuted": _("Unmuted."),
        },
    }


def clean(text: Any) -> str:
    """The line as stored: stripped; refused when empty, too long or holding a control character."""
    if not isinstance(text, str):
        raise ChatRefused(_("A chat message is text."))
    kept = text.strip()
    if not kept:
        raise ChatRefused(_("Write something first."))
    if len(kept) > MAX_LENGTH:
        raise ChatRefused(_("A chat message is at most %(count)s characters.") % {"count": MAX_LENGTH})
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI for c in kept):
        raise ChatRefused(_("A chat message may not hold control characters."))
    return kept


def deal_in_play(table: info.TableInfo) -> bool:
    """A deal of the table's match is being played (a paused one too)."""
    if table.match_id is None or table.status not in (LiveTable.Status.PLAYING, LiveTable.Status.PAUSED):
        return False
    return bool(Deal.objects.filter(match_id=table.match_id, status=Deal.Status.LIVE).exists())


def post(table_id: int, user: Any, text: Any) -> dict[str, Any]:
    """Store the user's line and send it to the sockets that may read it; returns the line."""
    if not getattr(user, "is_authenticated", False):
        raise ChatRefused(_("Log in to chat."))
    table = live.table(table_id)
    if not enabled(table):
        raise ChatRefused(_("Chat is off at this table."))
    text = clean(text)
    if ChatMute.objects.filter(table_id=table_id, user=user).exists():
        raise ChatRefused(_("Your chat is muted at this table."))
    seated = table.seat_of(user.pk) is not None
    channel = TableMessage.Channel.PLAYERS if seated else TableMessage.Channel.SPECTATORS
    in_deal = not seated and deal_in_play(table)
    with transaction.atomic():
        # The person's own row is the lock: their lines sent at once are counted one after another.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if (
            TableMessage.objects.filter(table_id=table_id, author=user, created__gte=since).count()
            >= RATE_COUNT
        ):
            raise ChatRefused(
                _("Slow down: at most %(count)s messages in %(seconds)s seconds.")
                % {"count": RATE_COUNT, "seconds": RATE_SECONDS}
            )
        message = TableMessage.objects.create(
            table_id=table_id, author=user, channel=channel, text=text, in_deal=in_deal
        )
    message.author = user
    shown = line(message)
    transaction.on_commit(lambda: publish.chat_event(table_id, shown, hidden_from_players=in_deal))
    return shown


def line(message: TableMessage) -> dict[str, Any]:
    """One line as the page draws it (the author's id lets the host mute them)."""
    author = message.author
    return {
        "id": message.pk,
        "channel": message.channel,
        "author": message.author_id,
        "name": names.person_name(author) if author is not None else _("The table"),
        "text": message.text,
        "at": message.created.isoformat(),
    }


def visible(messages: Any, *, player: bool) -> Any:
    """The lines a player (or a spectator) may read, of a query of ``TableMessage``."""
    return messages.exclude(channel=TableMessage.Channel.SPECTATORS, in_deal=True) if player else messages


def history(table_id: int, user: Any) -> dict[str, Any] | None:
    """The frame a socket receives on opening: the latest lines it may read, or ``None`` when there
    are none (or the table has no chat), so a table without chat sends no frame more."""
    table = live.table(table_id)
    if not enabled(table):
        return None
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    player = table.seat_of(user_id) is not None
    query = visible(TableMessage.objects.filter(table_id=table_id), player=player)
    latest = list(query.select_related("author__player").order_by("-created", "-pk")[:HISTORY])
    if not latest:
        return None
    return {"type": "chat", "lines": [line(m) for m in reversed(latest)], "history": True}


def seated(table_id: int, user: Any) -> bool:
    """The user holds a seat at the table now."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    return user_id is not None and live.table(table_id).seat_of(user_id) is not None


def mute(table_id: int, user: Any, person: Any, muted: bool) -> dict[str, Any]:
    """The host (a director at a tournament table) mutes or unmutes ``person``'s chat at the table."""
    table = LiveTable.objects.select_related("club", "match").filter(pk=table_id).first()
    if table is None or not getattr(user, "is_authenticated", False) or not lifecycle.may_steer(user, table):
        raise ChatRefused(_("Only the host (at a tournament table, a club director) mutes chat here."))
    if type(person) is not int or person == user.pk:
        raise ChatRefused(_("Choose someone else's message to mute."))
    if muted:
        ChatMute.objects.get_or_create(table=table, user_id=person)
    else:
        ChatMute.objects.filter(table=table, user_id=person).delete()
    return {"type": "chat_muted", "person": person, "muted": muted}


def record_visit(table_id: int, user: Any) -> None:
    """Remember that the user was at the table (for the replay's chat), unless its match is over."""
    if not getattr(user, "is_authenticated", False):
        return
    if not cache.add(f"tables:visit:{table_id}:{user.pk}", 1, VISIT_TTL):
        return
    if live.table(table_id).status in OVER:
        return
    TableVisitor.objects.bulk_create([TableVisitor(table_id=table_id, user=user)], ignore_conflicts=True)


def was_there(user: Any, table: LiveTable) -> bool:
    """The user watched or played at the table, or directs its club."""
    if not getattr(user, "is_authenticated", False):
        return False
    if league_access.manages(user, table.club):
        return True
    if TableVisitor.objects.filter(table=table, user=user).exists() or table.seats.filter(user=user).exists():
        return True
    return bool(table.match_id and table.match.seats.filter(player__user=user).exists())  # type: ignore[union-attr]


def replay_lines(match: Match, user: Any, deal: Deal | None = None) -> list[dict[str, Any]] | None:
    """The match's chat for its replay pages (``deal``: from its start to the next deal's), or
    ``None`` when the user was not there or the match was not played at a live table."""
    table = LiveTable.objects.select_related("club", "match").filter(match=match).first()
    if table is None or not was_there(user, table):
        return None
    messages = TableMessage.objects.filter(table=table).select_related("author__player")
    if deal is not None:
        if deal.number > 1:
            messages = messages.filter(created__gte=deal.started_at)
        following = Deal.objects.filter(match=match, number=deal.number + 1).only("started_at").first()
        if following is not None:
            messages = messages.filter(created__lt=following.started_at)
    player = table.seats.filter(user=user).exists() or match.seats.filter(player__user=user).exists()
    return [line(m) for m in visible(messages, player=player and not league_access.manages(user, table.club))]
