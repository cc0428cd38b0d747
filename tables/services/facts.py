"""What the lobby and the table page say about a table: house rules, clock, bots, what it waits for.

The lobby's rows, the table page and the open-table form all read these, so a table is described
the same way wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from engine import get_game
from engine.core.rulesets import differences
from league.services.games import rule_label, rule_value
from league.services.names import bot_name, kind_name, seat_label
from tables.models import TableSeat

# The decision clocks a casual table offers, in seconds (tournaments set their own). Zero is not
# among them: the pacing reads it as "the clock has already run out" (the seat is played for at
# once), so a table without a clock would need a rule of its own there.
CLOCK_CHOICES = (15, 30, 60, 120, 300)
DEFAULT_CLOCK = 30
# The countdowns between deals a casual table offers (services/between.py), in seconds.
NEXT_DEAL_CHOICES = (10, 30, 60, 120)
DEFAULT_NEXT_DEAL = 30
# The kind the lobby preselects when it offers bots (when the game has it).
DEFAULT_BOT = "heuristic"
# A casual match's length in deals: by default every player deals twice (``default_deals``), at
# most ``MAX_DEALS`` (the open-table form and ``lobby.open_table`` refuse more), so no casual
# match runs forever, even of a game whose rules set no end (Si Se Pai's ``match_deals`` 0).
DEALS_PER_SEAT = 2
MAX_DEALS = 40
# What a casual table does when a person leaves mid-match (lifecycle.py): the kind of bot that
# takes the seat, or "" (pause until someone sits).
DEFAULT_LEAVE_BOT = "expert"


def default_deals(game: str, seats: int | None = None) -> int:
    """A casual match's usual length: each of the table's players deals ``DEALS_PER_SEAT`` times."""
    return min(MAX_DEALS, DEALS_PER_SEAT * (seats or get_game(game).default_seats))


def leave_choices() -> list[tuple[str, str]]:
    """(kind, label) of what a casual table's host may choose for a seat a person leaves."""
    kinds = [kind for kind, _label in TableSeat.Bot.choices if kind]
    return [
        *((kind, _("%(bot)s takes the seat") % {"bot": kind_name(kind)}) for kind in kinds),
        ("", _("Pause until someone sits")),
    ]


def leave_bot(game: str, wanted: str) -> str:
    """The bot kind that takes a leaving person's seat: ``wanted`` if the game has it, else its
    preselected kind; "" (pause) stays ""."""
    if not wanted:
        return ""
    return wanted if wanted in get_game(game).bot_kinds() else default_bot(game)


def clock_label(seconds: int) -> str:
    """A clock's length in words: "30 s", "2 min"."""
    if seconds >= 60 and seconds % 60 == 0:
        return _("%(minutes)s min") % {"minutes": seconds // 60}
    return _("%(seconds)s s") % {"seconds": seconds}


def clock_choices() -> list[tuple[int, str]]:
    """(seconds, label) of every clock the open-table form offers."""
    return [(seconds, clock_label(seconds)) for seconds in CLOCK_CHOICES]


def next_deal_choices() -> list[tuple[int, str]]:
    """(seconds, label) of every countdown between deals the open-table form offers."""
    return [(seconds, clock_label(seconds)) for seconds in NEXT_DEAL_CHOICES]


def rule_differences(game: str, rules: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) of each house rule of ``rules`` that differs from the game's defaults (the seeds')."""
    try:
        changed = differences(game, rules)
    except ValueError:  # an unknown game, or rules its engine refuses (BadSetup is a ValueError)
        return []
    return [(rule_label(name), rule_value(value, name)) for name, _default, value in changed]


def bot_choices(game: str) -> list[tuple[str, str]]:
    """(kind, label) of every bot the engine has for ``game``, in the engine's order."""
    return [(kind, kind_name(kind)) for kind in get_game(game).bot_kinds()]


def seat_words(game: str, seats: int) -> dict[str, Any]:
    """The seats' labels, each bot kind's name in each seat and "empty seat", in the page's language.

    A table's view frames are made once per version for every socket, whatever its language, so
    they carry seat numbers and bot kinds; the page names them (static/js/seat_words.js).
    """
    return {
        "labels": [seat_label(s, seats) for s in range(seats)],
        "bots": {
            k: [bot_name(kind_name(k), s, seats) for s in range(seats)] for k in get_game(game).bot_kinds()
        },
        "empty": _("empty seat"),
    }


def default_bot(game: str) -> str:
    """The kind the lobby preselects: the heuristic bot, or the engine's first kind."""
    kinds = get_game(game).bot_kinds()
    return DEFAULT_BOT if DEFAULT_BOT in kinds else kinds[0]


def names(seats: Iterable[TableSeat]) -> str:
    """Seat holders' names joined for a sentence."""
    return pgettext("list separator", ", ").join(seat.display_name for seat in seats)


def waiting_for(seats: Sequence[TableSeat], tournament: bool) -> list[str]:
    """What a table that has not started waits for, one sentence per reason (none: it is starting).

    Bots are always ready. At a tournament table a person is ready by coming to it (the page's
    socket says so), so it waits for them to come rather than to press a button.
    """
    empty = [seat for seat in seats if not seat.taken]
    unready = [seat for seat in seats if seat.taken and not seat.bot and not seat.ready]
    out = []
    if empty:
        out.append(
            ngettext("Waiting for %(count)s player.", "Waiting for %(count)s players.", len(empty))
            % {"count": len(empty)}
        )
    if unready and tournament:
        out.append(_("Waiting for %(names)s to come to the table.") % {"names": names(unready)})
    elif unready:
        out.append(_("Waiting for %(names)s to be ready.") % {"names": names(unready)})
    return out


def next_deal_words() -> dict[str, str]:
    """What the "Next deal" bar of both table pages says (static/js/next_deal.js, services/between.py)."""
    return {
        "next_deal": _("Next deal"),
        "next_in": _("Deal %(number)s starts in %(seconds)s s"),
        "next_starting": _("Deal %(number)s is starting…"),
        "ready_names": _("Ready: %(names)s"),
        "waiting_names": _("Waiting for: %(names)s"),
        "you_are_ready": _("You are ready; waiting for the others."),
    }
