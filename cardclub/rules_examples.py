"""The drawn examples of the players' rules pages, written once for every language.

Each game's page (``templates/rules/<game>.<lang>.html``) places an example with
``{% example "name" %}caption{% endexample %}``: the cards come from here, the caption from the
page's own language. A row is a role (``ROLES``, shown as its label in the page's language) and the
card codes, ``|`` splitting them into groups drawn apart (melds, units of a throw). A role
``trumps`` row draws every card as a trump. Si Se Pai rows are pieces.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

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


# Shared by the four games of the Shengji family: pairs, tractors and throws, here with hearts trump
# and 2 (Shengji, Tractor) or 8 (the rank-skip example) the trump rank.
_POINTS = rows(("", "5S 5D | TH TC | KS KD"))
_TRACTOR_FAMILY = {
    "points": _POINTS,
    "pair": rows(("", "7S 7S")),
    "tractor": rows(("", "7S 7S 8S 8S")),
    "tractor-skip": rows(("", "7S 7S 9S 9S")),
    "trump-tractor": rows(("trumps", "AH AH | 2S 2S | 2H 2H | LJ LJ | BJ BJ")),
    "throw": rows(("", "AC | KC KC")),
    "throw-refused": rows(("", "AC KC")),
    "follow-pair": rows(
        ("led", "9C 9C"),
        ("hand", "QC QC 6C 3C 8D"),
        ("allowed", "QC QC"),
        ("refused", "6C 3C"),
    ),
    "follow-tractor": rows(
        ("led", "5D 5D 6D 6D"),
        ("hand", "JD JD 9D 9D 4D AS"),
        ("allowed", "JD JD 9D 9D"),
        ("refused", "JD JD 9D 4D"),
    ),
}

EXAMPLES: dict[str, dict[str, tuple[Row, ...]]] = {
    "shengji": {
        "points": _POINTS,
        "trumps": rows(("trumps", "BJ LJ 2H | 2S 2C 2D | AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")),
        "side-suit": rows(("", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")),
        "follow": rows(
            ("led", "9S"),
            ("hand", "4S 2S QD 6H"),
            ("allowed", "4S"),
            ("refused", "2S"),
        ),
        "throw": rows(("", "KS TS")),
        "kitty": rows(("", "KC TC 5D 9S 4S 3D")),
    },
    "tractor": {
        **_TRACTOR_FAMILY,
        "declare": rows(("", "2S | 2H 2H | LJ LJ | BJ BJ")),
        "trumps": rows(("trumps", "BJ BJ LJ LJ 2H 2H | 2S 2C 2D | AH KH QH 3H")),
    },
    # No 3s and 4s, and the 7s and 2s always trump (docs/rules/sandaha.md, "Permanent trumps").
    "sandaha": {
        **_TRACTOR_FAMILY,
        "trumps": rows(("trumps", "BJ LJ 7S | 7H 7C 7D | 2S | 2H 2C 2D | AS KS QS JS TS 9S 8S 6S 5S")),
        "pair": rows(("", "QD QD")),
        "tractor": rows(("", "9S 9S TS TS")),
        "tractor-skip": rows(("", "8H 8H 6H 6H")),
        "trump-tractor": rows(("trumps", "KH KH | AH AH | 2S 2S | 2H 2H | 7S 7S | 7H 7H | LJ LJ | BJ BJ")),
        "follow-pair": rows(
            ("led", "9C 9C"),
            ("hand", "QC QC 6C 5C 8D"),
            ("allowed", "QC QC"),
            ("refused", "6C 5C"),
        ),
        "follow-tractor": rows(
            ("led", "5D 5D 6D 6D"),
            ("hand", "JD JD 9D 9D 8D AS"),
            ("allowed", "JD JD 9D 9D"),
            ("refused", "JD JD 9D 8D"),
        ),
        "bid-trumps": rows(("hand", "BJ LJ 7S 7D 2H 2C 2C AS KD QH")),
    },
    # Jokers and rank cards never form sequences here (docs/rules/zhaopengyou.md, "Leading").
    "zhaopengyou": {
        **{name: rows_ for name, rows_ in _TRACTOR_FAMILY.items() if name != "trump-tractor"},
        "set": rows(("", "7S 7S 7S")),
        "sequence": rows(("", "6S 6S 6S 7S 7S 7S")),
        "follow-set": rows(
            ("led", "9C 9C 9C"),
            ("hand", "QC QC QC 4C 4C 8D"),
            ("allowed", "QC QC QC"),
            ("refused", "QC QC 4C"),
        ),
        "call": rows(("", "AS | TD")),
    },
    "sisepai": {
        "colours": rows(
            ("", "RK RA RE RR RH RC RP | YK YA YE YR YH YC YP"),
            ("", "GK GA GE GR GH GC GP | WK WA WE WR WH WC WP"),
        ),
        "chi": rows(
            ("shown", "GR"),
            ("hand", "GH GC YA YA WP"),
            ("meld", "GR GH GC"),
        ),
        "pong": rows(
            ("shown", "YC"),
            ("hand", "YC YC RA GP"),
            ("meld", "YC YC YC"),
        ),
        "win": rows(
            ("exposed", "GR GH GC"),
            ("hand", "RK RA RE | YH YH YH | RP YP GP WP | WC WC | GK GA GE | WR WR"),
            ("shown", "WR"),
        ),
    },
}

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
