"""Actions of the Shengji family and their text notation (one line, lower-case verb + arguments).

========================  ==========================================================
notation                  meaning
========================  ==========================================================
``draw``                  take the next card of the stock (摸牌)
``declare 2H``            show one rank card to name the trump suit (亮主)
``declare 2H 2H``         show a pair of identical rank cards (反主, or 自保 by the same seat)
``declare LJ LJ``         show a joker pair: no trump suit (無主); ``BJ BJ`` beats ``LJ LJ``
``redeal``                demand a redeal (a hand without 5, 10 or K; or nobody declared)
``pickup``                the dealer takes the kitty (底牌) into hand
``bury 3S 4S ...``        the dealer puts cards back as the new kitty (扣底)
``bid 75``                San Da Ha: bid that the others take fewer than 75 points
``pass``                  San Da Ha: no bid
``trump H``               San Da Ha: the declarer names the trump suit
``play AS AS KS``         play cards to the trick (any shape)
========================  ==========================================================

``parse_action(str(a)) == a`` for every action; cards are kept in display order, so
``play KS AS`` and ``play AS KS`` are the same action, written ``play AS KS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.errors import NotationError
from engine.core.game import Action
from engine.family.cards import SUITS, parse_cards, sorted_cards
from engine.family.phases import Phase

_CANONICAL: dict[tuple[str, ...], tuple[str, ...]] = {}  # plays recur: each is sorted once
_COUNTED: dict[tuple[tuple[str, int], ...], tuple[str, ...]] = {}  # the same, keyed by a play's counts


def canonical_counts(counts: Mapping[str, int]) -> tuple[str, ...]:
    """``canonical`` of the cards ``counts`` holds (a trick's play), remembered by its items."""
    key = tuple(counts.items())
    out = _COUNTED.get(key)
    if out is None:
        out = canonical(tuple(card for card, n in key for _ in range(n)))
        if len(_COUNTED) < 100_000:
            _COUNTED[key] = out
    return out


def canonical(cards: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` in display order (``cards.sorted_cards``), remembered: plays recur."""
    out = _CANONICAL.get(cards)
    if out is None:
        out = tuple(sorted_cards(cards))
        if len(_CANONICAL) < 100_000:
            _CANONICAL[cards] = out
    return out


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Declare(Action):
    """Show rank cards (or a joker pair) to name the trump suit."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(tuple(self.cards)))

    def __str__(self) -> str:
        return "declare " + " ".join(self.cards)


@dataclass(frozen=True)
class Redeal(Action):
    """Demand a redeal."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class PickUp(Action):
    """The dealer takes the kitty."""

    def __str__(self) -> str:
        return "pickup"


@dataclass(frozen=True)
class Bury(Action):
    """The dealer buries cards as the new kitty."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(tuple(self.cards)))

    def __str__(self) -> str:
        return "bury " + " ".join(self.cards)


@dataclass(frozen=True)
class Bid(Action):
    """A San Da Ha bid: the other three will take fewer than ``points``."""

    points: int

    def __str__(self) -> str:
        return f"bid {self.points}"


@dataclass(frozen=True)
class Pass(Action):
    """No bid."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class NameTrump(Action):
    """The San Da Ha declarer names the trump suit."""

    suit: str

    def __str__(self) -> str:
        return f"trump {self.suit}"


@dataclass(frozen=True)
class Play(Action):
    """Cards played to the current trick."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(tuple(self.cards)))

    def __str__(self) -> str:
        return "play " + " ".join(self.cards)


def play_of(cards: tuple[str, ...]) -> Play:
    """``Play(cards)`` without the dataclass's checks, for the plays the engine lists itself."""
    play = object.__new__(Play)
    object.__setattr__(play, "cards", canonical(cards))
    return play


_BARE: dict[str, Action] = {"draw": Draw(), "redeal": Redeal(), "pickup": PickUp(), "pass": Pass()}


def parse_action(text: str) -> Action:
    """Parse one action in notation (see the module docstring) or raise ``NotationError``."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), " ".join(words[1:])
    if verb in _BARE:
        if args:
            raise NotationError(f"{verb!r} takes no arguments")
        return _BARE[verb]
    if verb == "bid":
        if not args.isdigit():
            raise NotationError(f"bid needs a number of points, not {args!r}")
        return Bid(int(args))
    if verb == "trump":
        suit = args.upper()
        if suit not in SUITS or len(suit) != 1:
            raise NotationError(f"trump needs one suit letter S H D C, not {args!r}")
        return NameTrump(suit)
    kinds: dict[str, type[Declare] | type[Bury] | type[Play]] = {
        "declare": Declare,
        "bury": Bury,
        "play": Play,
    }
    if verb in kinds:
        cards = parse_cards(args)
        if not cards:
            raise NotationError(f"{verb} needs at least one card")
        return kinds[verb](cards)
    raise NotationError(f"unknown action {verb!r}")


# The trick deal's phases in which each action may come (engine.family.trickdeal).
PHASE_OF: dict[type[Action], tuple[Phase, ...]] = {
    Draw: (Phase.DRAW,),
    Declare: (Phase.DRAW, Phase.KITTY),
    Redeal: (Phase.KITTY, Phase.BID),
    PickUp: (Phase.KITTY,),
    Bury: (Phase.BURY,),
    NameTrump: (Phase.NAME,),
    Play: (Phase.PLAY,),
}

# The game review's kind of a decision taken in each phase (``TrickDeal.decision_kind``).
KIND_OF_PHASE = {
    Phase.PLAY: "play",
    Phase.BURY: "bury",
    Phase.BID: "bid",
    Phase.CALL: "call",
    Phase.NAME: "name_trump",
}
