"""The interface every game implements: a registry entry, its rules, its deal state.

A deal starts from ``(rules, seats, deck, situation)`` and advances only through
``apply(seat, action)``. ``situation`` is the game's small frozen value carried from the
previous deal of a match (dealer, levels, last winners); ``None`` means the first deal.
The state is mutable for speed, but ``apply`` validates completely before it changes
anything, so a rejected action leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core.errors import BadSetup

JSON = Any  # a value json.dumps accepts


class Action(ABC):
    """A small frozen value with one text form: ``parse(str(a)) == a``."""

    @abstractmethod
    def __str__(self) -> str: ...


# The metadata of an option added after records were first written: at its default it is left out
# of the rules' JSON, so every record of the default rules stays as it was, byte for byte.
ADDED: Mapping[str, bool] = {"omit_at_default": True}


@dataclass(frozen=True)
class Rules:
    """Base of every game's house rules; each field has the seeds' rule as default."""

    def to_json(self) -> dict[str, JSON]:
        """The rules as plain JSON (enum values by their value; ``ADDED`` options only when set)."""
        out: dict[str, JSON] = {}
        for option in fields(self):
            value = getattr(self, option.name)
            if option.metadata.get("omit_at_default") and value == option.default:
                continue
            out[option.name] = getattr(value, "value", value)
        return out


class DealState(ABC):
    """One deal in progress; the only way to change it is ``apply``."""

    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now: one, several (draw declarations, claim windows) or none when over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Iterator[Action]:
        """Lazily enumerate every legal action of ``seat`` (empty when it may not act)."""

    @abstractmethod
    def check(self, seat: int, action: Action) -> None:
        """Raise the typed error explaining why ``action`` is illegal for ``seat``; return if legal."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Validate then perform ``action`` by ``seat``; on error nothing changes."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (``None``: a spectator), as JSON."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the deal has a result (including a redeal or a void deal)."""

    @abstractmethod
    def result(self) -> dict[str, JSON] | None:
        """The deal's result as JSON once over, else ``None``."""

    @abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """Where every card of the deck is now: zone name ("hand:0", "stock", "kitty", ...) → cards."""

    @abstractmethod
    def hidden_from(self, seat: int | None) -> frozenset[str]:
        """Names of the zones whose cards ``seat`` (``None``: a spectator) may not see now."""

    def must_move(self) -> frozenset[int]:
        """Seats the deal waits for; ``to_move() - must_move()`` may act but need not (a declaration)."""
        return self.to_move()

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Perform ``action`` by ``seat`` without validating it: only for an action that this very
        state's ``legal_actions(seat)`` (or ``sample_actions``) has just produced, in a search's
        playouts on copies. Anything from outside (tables, records, players) goes through ``apply``."""
        self.apply(seat, action)

    @abstractmethod
    def copy(self) -> DealState:
        """An independent copy: applying actions to one never changes the other (for search)."""

    @abstractmethod
    def replace_hidden(self, zones: Mapping[str, Sequence[str]]) -> DealState:
        """A copy in which each named zone (as ``zones()`` names it) holds the given cards instead.

        Only zones that can hold hidden cards may be named (hands, the stock in draw order, the
        kitty); each keeps its size (sizes are public) and the named zones together keep their
        multiset of cards, else ``ValueError``. Everything else is unchanged.
        """


def check_replacement(
    current: Mapping[str, Sequence[str]],
    zones: Mapping[str, Sequence[str]],
    replaceable: Callable[[str], bool],
) -> None:
    """``ValueError`` unless ``zones`` only names replaceable zones, each keeping its size, and
    the named zones together hold the same multiset of cards as they do now."""
    before: Counter[str] = Counter()
    after: Counter[str] = Counter()
    for name, cards in zones.items():
        if name not in current or not replaceable(name):
            raise ValueError(f"{name!r} is not a zone whose cards can be replaced")
        if len(cards) != len(current[name]):
            raise ValueError(f"{name} holds {len(current[name])} cards, not {len(cards)}")
        before.update(current[name])
        after.update(cards)
    if before != after:
        raise ValueError(f"the zones would gain {dict(after - before)} and lose {dict(before - after)}")


def copied(counts: Counter[str]) -> Counter[str]:
    """A copy of a Counter, made as a plain dict copy (``Counter.copy`` goes through ``update``)."""
    new: Counter[str] = Counter.__new__(Counter)
    dict.update(new, counts)
    return new


def refilled(hand: Counter[str], cards: Sequence[str]) -> Counter[str]:
    """A hand holding ``cards``: the codes it holds already keep their place (legal actions are
    enumerated in the hand's order, so the same cards give the same actions in the same order)."""
    counts = Counter(cards)
    out = Counter({card: counts[card] for card in hand if card in counts})
    out.update(counts - out)
    return out


BUDGETS = ("fast", "strong")  # a searching bot's effort, in playouts so results reproduce anywhere


class Bot(ABC):
    """A seeded player that picks one legal action for its seat, from what that seat may know.

    ``budget`` (one of ``BUDGETS``) is how hard a searching bot thinks; the one-ply bots ignore it.
    """

    def __init__(self, rng: random.Random, budget: str = "strong") -> None:
        if budget not in BUDGETS:
            raise BadSetup(f"unknown budget {budget!r}; use {' or '.join(BUDGETS)}")
        self.rng = rng
        self.budget = budget

    @abstractmethod
    def choose(self, state: DealState, seat: int) -> Action:
        """One legal action for ``seat``; only called when ``seat`` is in ``state.to_move()``."""

    def offer(self, state: DealState, seat: int) -> Action | None:
        """An optional action (``seat`` in ``to_move()`` but not ``must_move()``), or ``None`` to wait."""
        return None


class UnknownBot(BadSetup):
    """A bot kind the game does not have; ``kinds`` are the ones it has, in the game's order."""

    def __init__(self, kind: str, kinds: Sequence[str]) -> None:
        super().__init__(f"unknown bot {kind!r}; use {' or '.join(kinds)}")
        self.kinds = tuple(kinds)


def pick_bot(kind: str, rng: random.Random, kinds: Mapping[str, type[Bot]], budget: str = "strong") -> Bot:
    """The bot of ``kind`` among a game's ``kinds``, seeded by ``rng``, or ``UnknownBot``."""
    if kind not in kinds:
        raise UnknownBot(kind, list(kinds))
    return kinds[kind](rng, budget)


class Game(ABC):
    """A registered game: its name, rules type, deck, deal factory, notation and bots."""

    name: ClassVar[str]
    title: ClassVar[str]
    chinese: ClassVar[str]
    rules_type: ClassVar[type[Rules]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    default_seats: ClassVar[int]
    zero_sum: ClassVar[bool] = False  # True when a result's "scores" always sum to zero

    @abstractmethod
    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        """The unshuffled card codes a deal of ``seats`` players uses."""

    def shuffled_deck(self, rules: Rules, seats: int, rng: random.Random) -> tuple[str, ...]:
        """A deck shuffled by the caller's seeded generator (the engine never shuffles itself)."""
        cards = list(self.deck(rules, seats))
        rng.shuffle(cards)
        return tuple(cards)

    @abstractmethod
    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        """A new deal; ``situation`` comes from the previous deal's ``next_situation``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse one action in notation or raise ``NotationError``."""

    @abstractmethod
    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        """Rules from their JSON form; missing fields take their defaults."""

    @abstractmethod
    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        """A bot of ``kind`` (``bot_kinds()``) seeded by ``rng``, searching at ``budget``."""

    def bot_kinds(self) -> tuple[str, ...]:
        """Every kind ``bot`` accepts, in the game's order (what the lobby offers).

        Read from the mapping the game's ``bot`` hands to ``pick_bot``, by asking it for a kind it
        cannot have: a kind added there is offered everywhere, with no second list to keep in step.
        """
        try:
            self.bot("", random.Random(0))
        except UnknownBot as refused:
            return refused.kinds
        raise BadSetup(f"{self.name} seats a bot of no kind")

    @abstractmethod
    def next_situation(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        result: Mapping[str, JSON],
    ) -> dict[str, JSON]:
        """The situation of the match's next deal after a deal ending with ``result``."""

    @abstractmethod
    def match_winners(self, rules: Rules, situation: Mapping[str, JSON]) -> list[int] | None:
        """Seats that have won the match once ``situation`` is reached, else ``None``."""
