"""The kitty's multiplier when the defenders win the last trick, from that trick's lead.

tractor.md §Scoring: 2^n, n the cards of the lead's longest tractor (2 for a set, 1 for a
single); ``kitty_per_card``: 2 × the cards of its largest unit; ``kitty_per_trick``: 2 × the cards
each player played.
"""

from __future__ import annotations

from collections import Counter

from engine.family.dealfacts import Setup
from engine.family.tricks import read_lead
from engine.family.trump import TrumpContext
from engine.family.units import decompose


def lead_multiplier(lead: Counter[str], trump: TrumpContext, setup: Setup) -> int:
    """The multiplier the last trick's ``lead`` gives the kitty under ``setup``'s options."""
    if setup.kitty_per_trick:
        return 2 * sum(lead.values())
    if read_lead(lead, trump, setup.quads) is None or len({trump.eff[c] for c in lead}) > 1:
        return 2
    units = decompose(lead, trump)
    tractors = [u.size * u.length for u in units if u.length > 1]
    n = max(tractors) if tractors else (2 if any(u.size > 1 for u in units) else 1)
    if setup.kitty_per_card:
        return 2 * max(u.size * u.length for u in units)  # ``kitty_per_card``: × 2 per card
    return int(2**n)
