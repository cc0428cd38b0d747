"""Rule sets: a game plus its house-rule options under a name and a version.

The site's own rule sets are defined here, as data, so ``python -m engine selfplay --ruleset NAME``
and the league's rows (loaded from ``SHIPPED`` by a data migration) are the same definitions. A
rule set only names options: a deal's record keeps the exact options it was played under, so a
later rule set never changes an old deal (docs/record-format.md, "Rule sets").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from engine.core.errors import BadSetup
from engine.core.game import JSON
from engine.core.registry import game_names, get_game


@dataclass(frozen=True)
class RuleSet:
    """A named, versioned set of options for one game; ``options`` lists only what differs."""

    name: str
    version: int
    game: str
    title: str
    options: Mapping[str, JSON] = field(default_factory=dict)

    def rules_json(self) -> dict[str, JSON]:
        """The game's rules under this set, in the engine's JSON form (checked by the game)."""
        return get_game(self.game).rules_from_json(dict(self.options)).to_json()

    def label(self) -> dict[str, JSON]:
        """How a record names the rule set it was played under: ``{"name", "version"}``."""
        return {"name": self.name, "version": self.version}


def standard(game: str) -> RuleSet:
    """The seeds' rules of ``game``: every option at its default."""
    title = get_game(game).title
    return RuleSet(f"{game}-standard", 1, game, f"{title}: standard")


SHIPPED: tuple[RuleSet, ...] = (
    *(standard(name) for name in ("shengji", "tractor", "sandaha", "zhaopengyou", "sisepai")),
    # The judged game many clubs play: throws against the real hands with their penalty, and a
    # held tractor answering a tractor lead (docs/rules/tractor.md §Options).
    RuleSet(
        "tractor-judged",
        1,
        "tractor",
        "Tractor: throws judged against the hands",
        {"real_hand_throws": True, "throw_penalty": True, "tractor_follow": True},
    ),
    # The Shanghai contest rules as ChannonTian/80fen's rule book states them: throws against the
    # real hands without a penalty, the kitty × 2 × the cards per player of the last trick, the
    # gates 2, 5, 10 and K, a weak hand (15 points or 3 trumps at most) redealt, nobody declaring
    # → no trump; what the options cannot say is listed in docs/rules/tractor.md §Shanghai 80分.
    RuleSet(
        "shanghai-80fen",
        1,
        "tractor",
        "Shanghai 80 fen",
        {
            "pointless_redeal": False,
            "tractor_follow": True,
            "kitty_per_trick": True,
            "must_defend": "25TK",
            "weak_points": 15,
            "weak_trumps": 3,
            "no_declaration": "no_trump",
            "real_hand_throws": True,
        },
    ),
    # Three decks for six players in fixed partnerships, 60 points a level of the 300
    # (docs/rules/tractor.md §Options).
    RuleSet(
        "tractor-three-decks",
        1,
        "tractor",
        "Tractor: three decks, six players",
        {"decks": 3, "level_step": 60},
    ),
)


def shipped(name: str) -> RuleSet:
    """The shipped rule set called ``name`` (its latest version); ``BadSetup`` if there is none."""
    found = [r for r in SHIPPED if r.name == name]
    if not found:
        known = ", ".join(r.name for r in SHIPPED)
        raise BadSetup(f"no rule set called {name!r} (shipped: {known})")
    return max(found, key=lambda r: r.version)


def differences(game: str, options: Mapping[str, JSON]) -> list[tuple[str, JSON, JSON]]:
    """``(option, default, value)`` for every option of ``options`` that differs from the seeds'
    rules of ``game``, in the order the game's rules declare them (``BadSetup`` if refused)."""
    if game not in game_names():
        raise BadSetup(f"unknown game {game!r}")
    g = get_game(game)
    chosen, defaults = g.rules_from_json(dict(options)), g.rules_from_json({})
    out: list[tuple[str, JSON, JSON]] = []
    for option in fields(chosen):  # every option, those left out of the JSON at their default too
        value, default = getattr(chosen, option.name), getattr(defaults, option.name)
        if value != default:
            out.append((option.name, getattr(default, "value", default), getattr(value, "value", value)))
    return out
