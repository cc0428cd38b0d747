"""What every Shengji-family game shares: notation, rules from JSON, bots and setup checks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import fields

from engine.core.errors import BadSetup
from engine.core.game import JSON, Action, Bot, Game, Rules, pick_bot
from engine.family.actions import parse_action


def rules_from(cls: type[Rules], data: Mapping[str, JSON]) -> Rules:
    """Rules of ``cls`` from JSON; unknown keys or bad values are ``BadSetup``, missing keys default."""
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise BadSetup(f"unknown rule option(s): {', '.join(sorted(unknown))}")
    values: dict[str, JSON] = {}
    for key, value in data.items():
        kind = type(getattr(cls(), key))
        if kind is bool and isinstance(value, str):
            value = value.lower() in ("1", "true", "yes", "on")
        try:
            values[key] = kind(value)
        except (TypeError, ValueError):
            raise BadSetup(f"rule option {key}: {value!r} is not a {kind.__name__}") from None
    return cls(**values)


class FamilyGame(Game):
    """Base of Shengji, Tractor and San Da Ha: one notation, family bots, deck and seat checks."""

    def parse_action(self, text: str) -> Action:
        """Parse notation (``engine.family.actions``)."""
        return parse_action(text)

    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        """Rules from JSON, defaults for missing options; a throw penalty needs throws that can fail."""
        rules = rules_from(self.rules_type, data)
        if getattr(rules, "throw_penalty", False) and not getattr(rules, "real_hand_throws", False):
            raise BadSetup(
                "throw_penalty needs real_hand_throws: judged from what the leader can know, no throw fails"
            )
        if getattr(rules, "kitty_per_card", False) and getattr(rules, "kitty_per_trick", False):
            raise BadSetup("kitty_per_card and kitty_per_trick are two kitty multipliers: choose one")
        return rules

    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        """A ``random``, ``heuristic`` or ``expert`` bot."""
        from engine.family.bots import HeuristicBot, RandomBot
        from engine.family.expertplay import FamilyExpertBot

        kinds = {"random": RandomBot, "heuristic": HeuristicBot, "expert": FamilyExpertBot}
        return pick_bot(kind, rng, kinds, budget)

    def check_setup(self, rules: Rules, seats: int, deck: Sequence[str], first: int) -> None:
        """Raise ``BadSetup`` unless the seats, the deck and the first seat fit this game."""
        if not self.min_seats <= seats <= self.max_seats:
            raise BadSetup(f"{self.name} is played by {self.min_seats}-{self.max_seats} players, not {seats}")
        if sorted(deck) != sorted(self.deck(rules, seats)):
            raise BadSetup(f"the deck is not the {self.name} deck")
        if not 0 <= first < seats:
            raise BadSetup(f"there is no seat {first}")
