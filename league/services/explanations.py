"""A rating change's stored one-line explanation, shown in the visitor's language.

The pure Elo module (``league/elo.py``) writes the line in English when ratings are recomputed
(``RatingChange.explanation``); its two forms are read back here and worded again through the
catalogue. A line of another form is shown as stored.
"""

from __future__ import annotations

import re

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

HEAD = r"(?P<delta>[+-]\d+) \((?P<before>\d+) → (?P<after>\d+)\): "
TAIL = r"averaging (?P<average>\d+) \(side (?P<side>\d+)\), expected (?P<expected>[\d.]+), "
PAIRWISE = re.compile(
    HEAD
    + r"scored (?P<score>[\d.]+/\d+) against opponents "
    + TAIL
    + r"K (?P<k>[\d/]+)(?P<prov> \(provisional\))?$"
)
ZERO_SUM = re.compile(
    HEAD
    + r"side of (?P<own>\d+) (?P<verb>won|drew|lost) against (?P<other>\d+) "
    + TAIL
    + r"K (?P<k>\d+)(?P<prov> \(provisional\))? × (?P<share>\d+/\d+), shared to stay zero-sum$"
)


def explained(line: str) -> str:
    """The explanation in the page's language (English: as stored)."""
    if (get_language() or "en").startswith("en"):
        return line
    if match := PAIRWISE.match(line):
        return _(
            "%(delta)s (%(before)s → %(after)s): scored %(score)s against opponents averaging "
            "%(average)s (side %(side)s), expected %(expected)s, K %(k)s"
        ) % {**match.groupdict(), "k": k_factor(match)}
    if match := ZERO_SUM.match(line):
        verbs = {
            "won": pgettext("rating", "won"),
            "drew": pgettext("rating", "drew"),
            "lost": pgettext("rating", "lost"),
        }
        return _(
            "%(delta)s (%(before)s → %(after)s): side of %(own)s %(verb)s against %(other)s averaging "
            "%(average)s (side %(side)s), expected %(expected)s, K %(k)s × %(share)s, shared to stay zero-sum"
        ) % {**match.groupdict(), "verb": verbs[match["verb"]], "k": k_factor(match)}
    return line


def k_factor(match: re.Match[str]) -> str:
    """K with "(provisional)" in the page's language while the player's rating is still provisional."""
    return f"{match['k']} {_('(provisional)')}" if match["prov"] else match["k"]
