"""Bots and seats of a deal record by name in the page's language.

A record keeps each seat's name as it was when the deal began: a live table's bot seat carries its
kind (``"bot": "heuristic"``), a bot-played sample deal a name like ``heuristic bot 2``
(``engine.match.selfplay_deal``); both are shown in the visitor's language, players as named.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

BOT_NAMES: dict[str, Promise] = {
    "random": gettext_lazy("random bot"),
    "heuristic": gettext_lazy("heuristic bot"),
    "expert": gettext_lazy("expert bot"),
}
SAMPLE_NAME = re.compile(r"^(?P<kind>\w+) bot (?P<n>\d+)$")


def bot_name(kind: str) -> str:
    """``heuristic`` → "heuristic bot" in the page's language; an unnamed kind reads "<kind> bot"."""
    name = BOT_NAMES.get(kind)
    return str(name) if name is not None else _("%(kind)s bot") % {"kind": kind}


def seat_name(seat: Mapping[str, Any], index: int) -> str:
    """A record seat's name as the page shows it ("策略机器人 2" for ``heuristic bot 2``)."""
    name = str(seat.get("name") or "")
    if seat.get("bot"):
        return bot_name(str(seat["bot"]))
    sample = SAMPLE_NAME.match(name) if seat.get("id") is None else None
    if sample and sample["kind"] in BOT_NAMES:
        return f"{bot_name(sample['kind'])} {sample['n']}"
    return name or _("Seat %(n)s") % {"n": index}
