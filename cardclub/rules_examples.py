"""The drawn examples of the players' rules pages, written once for every language.

Each game's page (``templates/rules/<game>.<lang>.html``) places an example with
``{% example "name" %}caption{% endexample %}``: the cards are the game's own (``Game.examples``,
declared in its room), the caption from the page's own language. A row is a role (``ROLES``,
shown as its label in the page's language) and the card codes, ``|`` splitting them into groups
drawn apart (melds, units of a throw). A role ``trumps`` row draws every card as a trump. Si Se
Pai rows are pieces.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.core.registry import get_game

ROLES: dict[str, Promise | str] = {
    "": "",
    "trumps": "",
    "led": _("Led"),
    "hand": _("Your hand"),
    "allowed": _("Allowed"),
    "refused": _("Not allowed"),
    "meld": _("Meld made"),
    "exposed": _("Exposed"),
    "shown": _("Shown card"),
}


@dataclass(frozen=True)
class Row:
    """One row of an example: a role and its cards in groups."""

    role: str
    groups: tuple[tuple[str, ...], ...]

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card of the row, in order."""
        return tuple(card for group in self.groups for card in group)


def rows(*lines: tuple[str, str]) -> tuple[Row, ...]:
    """Rows from ``(role, "AS AS | KS")`` pairs."""
    out = []
    for role, text in lines:
        if role not in ROLES:
            raise ValueError(f"unknown example role {role!r}")
        out.append(Row(role, tuple(tuple(group.split()) for group in text.split("|"))))
    return tuple(out)


def examples_of(game: str) -> dict[str, tuple[Row, ...]]:
    """The drawn examples ``game`` declares for its rules page (``Game.examples``), by name."""
    return {name: rows(*lines) for name, lines in get_game(game).examples.items()}


# One drawn example of every Si Se Pai meld kind, in the order of the meld table (docs/rules/sisepai.md,
# section 3); the table's names and points come from the engine.
MELD_EXAMPLES: tuple[tuple[str, ...], ...] = (
    ("WK",),
    ("RK", "RA", "RE"),
    ("YR", "YH", "YC"),
    ("GH", "GH", "GH"),
    ("RP", "YP", "GP"),
    ("RC", "RC", "RC", "RC"),
    ("RP", "YP", "GP", "WP"),
    ("WE", "WE"),
)
