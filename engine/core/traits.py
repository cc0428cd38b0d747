"""What the platform needs to know about a game, declared by the game (like OpenSpiel's ``GameType``).

Every ``Game`` carries these as class attributes (``engine.core.game.Game`` lists them with their
defaults); the league, the tables and the replays ask ``get_game(name).<trait>`` and map the value,
so no service names a game. The values are plain data: enums whose values are the words the pages
and records already use, strings, numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


def gettext_noop(text: str) -> str:
    """Mark ``text`` for translation and return it unchanged.

    The engine imports no Django: the site's catalogue tools find the strings a game declares by
    this name (Django's ``makemessages`` reads ``gettext_noop``), and the pages translate them.
    """
    return text


class Sides(Enum):
    """How a game's seats form sides over a match."""

    PARTNERS = "partners"  # two fixed sides, partners opposite: seats 0 & 2 against 1 & 3
    ALONE = "alone"  # every seat for itself (a deal may set one against the rest, as San Da Ha)
    FRIENDS = "friends"  # every seat for itself; each deal's declarer finds hidden friends (找朋友)


class MatchScore(Enum):
    """What a match's ``score`` per seat is, and so how its places are found."""

    SCORES = "scores"  # the deals' ``scores`` summed (level rises, payments)
    RANKS = "ranks"  # the rank each seat reached, then the game points of the deals it won


class RatedBy(Enum):
    """What the Elo fold rates."""

    PLACES = "places"  # the finished match by its places, the seats grouped by ``sides``
    DEAL_TEAMS = "deal_teams"  # each deal: its winners against the rest, as two teams (zero sum)
    DEAL_WINNER = "deal_winner"  # each deal: its one winner against each other seat


class Layout(Enum):
    """How the pages draw a deal: the live table's page and the replay viewer's frames.

    The values are the names the viewer's scripts already know a layout by.
    """

    TRICKS = "family"  # playing cards, tricks, the kitty (the Shengji family)
    PIECES = "sisepai"  # xiangqi pieces, melds and claim windows (Si Se Pai)


Example = tuple[tuple[str, str], ...]
"""A drawn example of a game's rules page: ``(role, cards)`` rows, ``|`` splitting the cards into
groups drawn apart (the roles are the site's: "", "trumps", "led", "hand", "allowed", "refused",
"meld", "exposed", "shown")."""


def example(*rows: tuple[str, str]) -> Example:
    """An example from its rows, ``example(("led", "9C 9C"), ("hand", "QC QC 6C"))``."""
    return rows


@dataclass(frozen=True)
class Duel:
    """A measured duel of ``python -m engine duel`` (docs/engine.md, "Strength"): ``a`` against
    ``b`` over ``decks`` decks of ``players`` seats, each played twice (``budget``: the searching
    bot's, "" for the one-move bots); the share of deals favouring ``a`` (ties half) and the mean
    difference per deck in the game's ``result_unit`` with its 95% interval."""

    a: str
    b: str
    decks: int
    players: int
    budget: str
    share: float
    mean_diff: float
    ci95: tuple[float, float]
