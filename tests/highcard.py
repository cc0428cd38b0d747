"""High Card, a toy two-seat trick game defined here, to show a game is one room.

Ten spades, A K Q J T 9 8 7 6 5, five to each seat. The dealer leads the first trick; the other
seat plays any card; the higher card takes both and leads the next trick. The cards count as in
the trick games (K and T 10, 5 five: 25 in all). The dealer wins the deal unless the other seat
takes 15 or more; the winner scores +1, the loser -1, and the other seat deals next. A table
reports the deal by hand as the dealer and the other seat's points (``defender_points``).

Nothing outside this module and its tests knows the game: the traits declared on ``HighCard``
are all the platform reads.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import BadResult, BadSetup, IllegalAction, NotationError, NotYourTurn, WrongPhase
from engine.core.figures import Figures
from engine.core.game import JSON, Action, Bot, DealState, Game, Rules, check_replacement, pick_bot
from engine.core.traits import gettext_noop
from engine.family.cards import points
from engine.review.points import PAYMENT, ReviewKnowledge
from engine.search.policy import same_bots
from engine.search.worlds import Hidden, Zones

NAME = "highcard"
RANKS = "AKQJT98765"
DECK = tuple(f"{rank}S" for rank in RANKS)
HAND = 5
TOP = points(DECK)  # 25
ENOUGH = 15  # the other seat's points that take the deal


def strength(card: str) -> int:
    """Higher is better: A highest, 5 lowest."""
    return len(RANKS) - RANKS.index(card[0])


@dataclass(frozen=True)
class Play(Action):
    """``play AS``: one card to the trick."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


def parse(text: str) -> Play:
    """An action from its notation, or ``NotationError``."""
    verb, _, card = text.partition(" ")
    if verb != "play" or card not in DECK:
        raise NotationError(f"not a High Card action: {text!r}")
    return Play(card)


@dataclass(frozen=True)
class HighCardRules(Rules):
    """No house rules."""


class HighCardDeal(DealState):
    """One deal: hands, the trick on the felt, the last trick and what each seat has won."""

    def __init__(self, deck: Sequence[str], dealer: int) -> None:
        self.deck = tuple(deck)
        self.dealer = dealer
        self.hands = [list(deck[:HAND]), list(deck[HAND : 2 * HAND])]
        self.won: list[list[str]] = [[], []]
        self.trick: list[tuple[int, str]] = []
        self.last_trick: list[tuple[int, str]] = []
        self.turn: int | None = dealer

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.turn is None else frozenset({self.turn})

    def legal_actions(self, seat: int) -> Iterator[Action]:
        if seat == self.turn:
            yield from (Play(card) for card in self.hands[seat])

    def check(self, seat: int, action: Action) -> None:
        if self.turn is None:
            raise WrongPhase("the deal is over")
        if seat != self.turn:
            raise NotYourTurn(f"seat {self.turn} plays now")
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} does not hold {action}")

    def apply(self, seat: int, action: Action) -> None:
        self.check(seat, action)
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        if len(self.trick) < 2:
            self.turn = 1 - seat
            return
        winner = max(self.trick, key=lambda play: strength(play[1]))[0]
        self.won[winner].extend(card for _, card in self.trick)
        self.last_trick, self.trick = self.trick, []
        self.turn = winner if self.hands[winner] else None

    def side_of(self, seat: int) -> int:
        """0 for the dealer, 1 for the other seat (the trick games' sides)."""
        return 0 if seat == self.dealer else 1

    def zones(self) -> dict[str, list[str]]:
        return {
            "hand:0": list(self.hands[0]),
            "hand:1": list(self.hands[1]),
            "won:0": list(self.won[0]),
            "won:1": list(self.won[1]),
            "trick": [card for _, card in self.trick],
            "stock": [],
            "kitty": [],
        }

    def hidden_from(self, seat: int | None) -> frozenset[str]:
        if self.is_over():
            return frozenset()
        return frozenset(f"hand:{s}" for s in range(2) if s != seat)

    def view(self, seat: int | None) -> dict[str, JSON]:
        hidden = self.hidden_from(seat)
        zones: dict[str, Any] = {
            name: len(cards) if name in hidden else cards for name, cards in self.zones().items()
        }
        return {
            "game": NAME,
            "seat": seat,
            "phase": "over" if self.is_over() else "play",
            "to_move": sorted(self.to_move()),
            "may_act": seat is not None and seat in self.to_move(),
            "dealer": self.dealer,
            "trump": {"rank": None, "suit": None},
            "declaration": None,
            "turned_up": None,
            "trick": [[s, [card]] for s, card in self.trick],
            "last_trick": [[s, [card]] for s, card in self.last_trick],
            "tricks_done": len(self.won[0] + self.won[1]) // 2,
            "defender_points": points(self.won[1 - self.dealer]),
            "zones": zones,
            "result": self.result(),
        }

    def is_over(self) -> bool:
        return self.turn is None

    def result(self) -> dict[str, JSON] | None:
        if not self.is_over():
            return None
        return settle(self.dealer, points(self.won[1 - self.dealer]))

    def copy(self) -> HighCardDeal:
        twin = HighCardDeal.__new__(HighCardDeal)
        twin.deck, twin.dealer, twin.turn = self.deck, self.dealer, self.turn
        twin.hands = [list(h) for h in self.hands]
        twin.won = [list(w) for w in self.won]
        twin.trick, twin.last_trick = list(self.trick), list(self.last_trick)
        return twin

    def replace_hidden(self, zones: Mapping[str, Sequence[str]]) -> HighCardDeal:
        check_replacement(self.zones(), zones, lambda name: name.startswith("hand:"))
        twin = self.copy()
        for name, cards in zones.items():
            twin.hands[int(name.split(":")[1])] = list(cards)
        return twin


def settle(dealer: int, other_points: int) -> dict[str, JSON]:
    """The deal's result from the other seat's points, played or entered alike."""
    other = 1 - dealer
    winner = other if other_points >= ENOUGH else dealer
    scores = [1 if seat == winner else -1 for seat in range(2)]
    return {
        "outcome": "played",
        "dealer": dealer,
        "declarer": dealer,
        "defender_points": other_points,
        "deal_winners": [winner],
        "scores": scores,
    }


class RandomBot(Bot):
    """Any card it holds."""

    def choose(self, state: DealState, seat: int) -> Action:
        return self.rng.choice(list(state.legal_actions(seat)))


class HighBot(Bot):
    """Its highest card."""

    def choose(self, state: DealState, seat: int) -> Action:
        return max(state.legal_actions(seat), key=lambda play: strength(str(play).split()[1]))


class HighCardKnowledge:
    """What a seat knows: its hand and every card played; the other hand is the rest."""

    policy = staticmethod(same_bots(HighBot))
    margin_weight = 0.0

    def hidden(self, state: DealState, seat: int) -> Hidden:
        assert isinstance(state, HighCardDeal)
        other = f"hand:{1 - seat}"
        unseen = state.zones()[other]
        return Hidden(pool=tuple(sorted(unseen)), sizes={other: len(unseen)})

    def world(self, state: DealState, zones: Zones) -> DealState:
        return state.replace_hidden(zones)

    def seats(self, state: DealState) -> int:
        return 2

    def length(self, state: DealState) -> int:
        assert isinstance(state, HighCardDeal)
        return len(state.hands[0]) + len(state.hands[1])

    def value(self, end: DealState, seat: int) -> float:
        return float((end.result() or {"scores": [0, 0]})["scores"][seat])

    def margin(self, end: DealState, seat: int) -> float:
        return 0.0

    def candidates(self, state: DealState, seat: int, fallback: Bot, limit: int) -> Sequence[Action]:
        first = fallback.choose(state, seat)
        others = [a for a in state.legal_actions(seat) if str(a) != str(first)]
        return [first, *others][:limit]

    def fallback(self, rng: random.Random) -> Bot:
        return HighBot(rng)


class HighCard(Game):
    """The toy game's registry entry and its traits."""

    name = NAME
    title = "High Card"
    chinese = "比大小"
    rules_type = HighCardRules
    min_seats = max_seats = default_seats = 2
    zero_sum = True
    page_title = gettext_noop("High Card")
    summary = gettext_noop("Two seats, ten spades: the higher card takes the trick.")
    figures = ("declarer", "defender_points")

    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        return DECK

    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        if seats != 2 or sorted(deck) != sorted(DECK):
            raise BadSetup("High Card is two seats and ten spades")
        return HighCardDeal(deck, int((situation or {}).get("dealer", 0)))

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        if data:
            raise BadSetup(f"unknown rule option(s): {', '.join(sorted(data))}")
        return HighCardRules()

    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        return pick_bot(kind, rng, {"random": RandomBot, "heuristic": HighBot}, budget)

    def next_situation(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, result: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        return {"dealer": 1 - int(result["dealer"])}

    def match_winners(self, rules: Rules, situation: Mapping[str, JSON]) -> list[int] | None:
        return None  # the league's number of deals ends a match

    def settle_entered(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        figures: Figures,
        rescore: bool = False,
    ) -> dict[str, JSON]:
        dealer = int((situation or {}).get("dealer", figures.declarer))
        if figures.defender_points % 5 or not 0 <= figures.defender_points <= TOP:
            raise BadResult("points", f"the other seat's points are a multiple of 5 from 0 to {TOP}")
        return {**settle(dealer, figures.defender_points), "entered": True}

    def entry_limits(self, rules: Rules, seats: int) -> dict[str, int]:
        return {"top": TOP}

    def fixed_declarer(self, situation: Mapping[str, JSON] | None) -> int | None:
        dealer = (situation or {}).get("dealer")
        return dealer if isinstance(dealer, int) else None

    def review_knowledge(self) -> ReviewKnowledge:
        return ReviewKnowledge(HighCardKnowledge(), PAYMENT)  # type: ignore[arg-type]
