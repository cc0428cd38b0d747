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

from engine.core.errors import BadResult, BadSetup
from engine.core.result import DealResult, MatchSituation
from engine.core.traits import Duel, Example, Layout, MatchScore, RatedBy, Sides

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

    def seat_value(self, result: dict[str, JSON], seat: int) -> float:
        """A played deal's result for ``seat`` in the game's unit as a searching bot values it; here
        the seat's own ``scores`` (the points it is paid, negative when it pays)."""
        return float(result["scores"][seat])

    def decision_kind(self, action: Action) -> str:
        """The kind of decision ``action`` is now, as the game review names it (play, bury, bid, ...)."""
        return type(action).__name__.lower()

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
    """A registered game: its name, rules type, deck, deal factory, notation and bots, and the
    traits the platform reads instead of naming the game (``engine/core/traits.py``)."""

    name: ClassVar[str]
    title: ClassVar[str]  # the engine's English title ("Tractor (two decks)"), in its messages
    chinese: ClassVar[str]
    rules_type: ClassVar[type[Rules]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    default_seats: ClassVar[int]
    zero_sum: ClassVar[bool] = False  # True when a result's "scores" always sum to zero

    # What the pages call it, marked with ``traits.gettext_noop`` so the site translates it.
    page_title: ClassVar[str]  # the short title the pages show ("Tractor")
    summary: ClassVar[str]  # one sentence under the title on the home and rules pages
    headline: ClassVar[bool] = False  # the game whose rankings the site's menu opens (one game)
    # How the seats form sides over a match (league: entries, confirmations, places, ratings).
    sides: ClassVar[Sides] = Sides.ALONE
    # What a match's score per seat is (league/services/outcome.py).
    match_score: ClassVar[MatchScore] = MatchScore.SCORES
    # The standings: the ``Match.result`` list summed instead of match points ("": match points),
    # and the list summed as the second column ("": none).
    points_from: ClassVar[str] = ""
    second_from: ClassVar[str] = ""
    # Ratings: what is rated; the ``outcome`` of a deal that is rated, when deals are.
    rated_by: ClassVar[RatedBy] = RatedBy.PLACES
    rated_outcome: ClassVar[str] = ""
    # Duplicate play (boards shared by the tables of a round) is offered for the game.
    duplicate: ClassVar[bool] = False
    # How the pages draw a deal: the live table's page and the replay viewer's frames.
    layout: ClassVar[Layout] = Layout.TRICKS
    # Verbs of the actions whose text no other seat learns (the burial, Si Se Pai's answers).
    private_verbs: ClassVar[frozenset[str]] = frozenset()
    # The unit of a deal's ``scores`` ("levels", "points", "ranks": duels and the rules page).
    result_unit: ClassVar[str] = "points"
    # The measured duels the rules page shows, by the stronger bot kind (docs/engine.md "Strength").
    strength: ClassVar[Mapping[str, Duel]] = {}
    # Hand entry: the ``Figures`` fields every deal of the game reads (empty: not entered by hand).
    figures: ClassVar[tuple[str, ...]] = ()
    # The drawn examples its rules page places by name (``{% example "pair" %}``).
    examples: ClassVar[Mapping[str, Example]] = {}
    # The typed values its result and situation JSON read as (engine/core/result.py).
    deal_result: ClassVar[type[DealResult]] = DealResult
    match_situation: ClassVar[type[MatchSituation]] = MatchSituation

    def typed_result(self, result: Mapping[str, JSON]) -> DealResult:
        """A deal's stored result JSON as the game's typed ``DealResult``."""
        return self.deal_result.from_json(result)

    def typed_situation(self, situation: Mapping[str, JSON] | None) -> MatchSituation | None:
        """A match's stored situation JSON as the game's typed ``MatchSituation`` (``None``: none yet)."""
        return None if situation is None else self.match_situation.from_json(situation)

    @property
    def rating_family(self) -> str:
        """The family the game's Elo ratings are kept in: each game its own unless it says otherwise."""
        return self.name

    def figures_read(self, rules: Rules) -> tuple[str, ...]:
        """The ``Figures`` fields a deal under ``rules`` reads (``figures`` plus a variant's)."""
        return self.figures

    def settle_entered(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        figures: Any,
        rescore: bool = False,
    ) -> dict[str, JSON]:
        """The result of a deal played at a physical table from its ``figures``, an
        ``engine.core.figures.Figures`` (named by its description: that module imports this one),
        settled by the function a played deal uses; ``rescore``: entered before, scored again."""
        raise BadResult("not_entered", f"results of {self.name} cannot be entered by hand")

    def entry_limits(self, rules: Rules, seats: int) -> dict[str, int]:
        """The numbers a refused entry names (the defenders' top points, friends, hand points)."""
        return {}

    def fixed_declarer(self, situation: Mapping[str, JSON] | None) -> int | None:
        """The seat that declares (or deals) the next deal whatever is entered, else ``None``."""
        return None

    def declarers(self, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
        """Seats that may be entered as the next deal's declarer."""
        fixed = self.fixed_declarer(situation)
        return [fixed] if fixed is not None else list(range(seats))

    def review_knowledge(self) -> Any:
        """The game review's knowledge of the game, an ``engine.review.points.ReviewKnowledge``
        (named here by its description: the review imports this module)."""
        raise BadSetup(f"{self.name} has no review")

    def seats_for(self, rules: Rules) -> int | None:
        """The number of players these rules need, where they fix it (``None``: any the game seats)."""
        return None

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
