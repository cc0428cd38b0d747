"""How people and seats are named to people: one name per person, bots told apart, seats from 1.

Seats are numbered from 0 in records, the socket protocol and the API (docs/protocol.md); people
see a four-seat game's seats as compass points, the first seat South and play going
counter-clockwise (East, North, West, as the table page draws them: your seat at the bottom, the
next to play on your right), and every other game's as "Seat 1", "Seat 2", …. A bot is named by
its kind and its seat ("Expert bot (East)"), so two of them can be told apart wherever a record's
names are shown. Every page, the result panel, the viewer and the review tables name seats through
``seat_label`` and ``seat_names``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

BOT_KINDS: dict[str, Promise] = {
    "random": gettext_lazy("random bot"),
    "heuristic": gettext_lazy("heuristic bot"),
    "expert": gettext_lazy("expert bot"),
}
# A bot-played sample deal names its seats "heuristic bot 2" (engine.core.match.selfplay_deal).
SAMPLE_NAME = re.compile(r"^(?P<kind>\w+) bot (?P<n>\d+)$")


def compass() -> tuple[str, str, str, str]:
    """The four seats' compass points in seat order (seat 0 South, play counter-clockwise)."""
    return (
        pgettext("seat", "South"),
        pgettext("seat", "East"),
        pgettext("seat", "North"),
        pgettext("seat", "West"),
    )


def seat_label(seat: int, seats: int) -> str:
    """Seat ``seat`` (from 0) of ``seats`` as people see it: "East", or "Seat 3"."""
    if seats == 4 and 0 <= seat < 4:
        return compass()[seat]
    return _("Seat %(n)s") % {"n": seat + 1}


def kind_name(kind: str) -> str:
    """``heuristic`` → "heuristic bot" in the page's language; an unnamed kind reads "<kind> bot"."""
    name = BOT_KINDS.get(kind)
    return str(name) if name is not None else _("%(kind)s bot") % {"kind": kind}


def bot_name(kind_label: str, seat: int, seats: int) -> str:
    """A bot's name with its seat: "Expert bot (East)"."""
    return _("%(bot)s (%(seat)s)") % {
        "bot": kind_label[:1].upper() + kind_label[1:],
        "seat": seat_label(seat, seats),
    }


def person_name(user: Any) -> str:
    """A person's one name: their player's (as records and standings show it), else the account's
    full name, else its username."""
    player = getattr(user, "player", None) if user is not None else None
    if player is not None:
        return str(player.name)
    return str(user.get_full_name() or user.get_username())


def seat_names(seats: Sequence[Mapping[str, Any]]) -> list[str]:
    """The names of a record's seats (``{"name", "bot", …}``), in seat order, each told apart: a
    name worn twice gets its seat ("Li (North)"), a seat without a name is its label."""
    count = len(seats)
    names = [record_name(s, i, count) for i, s in enumerate(seats)]
    return [
        _("%(name)s (%(seat)s)") % {"name": name, "seat": seat_label(i, count)}
        if names.count(name) > 1
        else name
        for i, name in enumerate(names)
    ]


def record_name(seat: Mapping[str, Any], index: int, seats: int) -> str:
    """One record seat's name in the page's language: a bot (a live table's ``"bot"`` kind, or a
    sample deal's "heuristic bot 2") by its kind and seat, a player as named, else the seat."""
    if seat.get("bot"):
        return bot_name(kind_name(str(seat["bot"])), index, seats)
    name = str(seat.get("name") or "")
    sample = SAMPLE_NAME.match(name) if seat.get("id") is None else None
    if sample and sample["kind"] in BOT_KINDS:
        return bot_name(kind_name(sample["kind"]), index, seats)
    return name or seat_label(index, seats)
