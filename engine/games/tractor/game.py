"""拖拉机 Tractor (双升, 八十分): Shengji with two decks, pairs and tractors (docs/rules/tractor.md).

108 cards, 25 each drawn one at a time, 8 in the kitty; with the option ``decks`` 3, six players
in fixed partnerships, 162 cards, 26 each, 6 in the kitty, 300 points (§Options).

Declarations during the draw: one rank card (亮主) < a pair of identical rank cards (反主, or 自保 by
the first declarer) < LJ LJ < BJ BJ (無主, no trump suit); only a strictly stronger one overrides,
and only another player's: the standing declarer's one move is 自保 (§Declaring).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from engine.core.errors import BadSetup
from engine.core.figures import Figures
from engine.core.game import ADDED, JSON, Action, Bot, DealState, Rules
from engine.core.registry import register
from engine.core.traits import Duel, example, gettext_noop
from engine.family.actions import Declare, PickUp, Redeal
from engine.family.bounds import most_defender_points, most_kitty_multiplier, most_throw_penalties
from engine.family.cards import JOKERS, RANKS, make_deck, points
from engine.family.dealfacts import THROW_PENALTY, Setup, is_rank_card, rank_cards
from engine.family.game import FAMILY_EXAMPLES
from engine.family.levels import (
    TRACTOR_PIVOT,
    check_level_table,
    first_loss,
    gated_rise,
    next_level_situation,
    situation_or_first,
    tractor_outcome,
)
from engine.family.partnership import PartnershipDeal, PartnershipGame, settle_levels
from engine.family.phases import Phase
from engine.family.stealing import KittyStealing
from engine.family.trump import TrumpContext


class NoDeclaration(Enum):
    """What happens when nobody declares (tractor.md §Declaring)."""

    REDEAL_FIRST_DEAL_ELSE_TURN_UP = ""  # the default: redeal the first deal, later turn up the kitty
    REDEAL = "redeal"  # every deal is redealt
    NO_TRUMP = "no_trump"  # no trump suit; on the first deal the first drawer deals (80分)


@dataclass(frozen=True)
class TractorRules(Rules):
    """House rules of Tractor; every default is docs/rules/tractor.md's (§Options)."""

    first_drawer: int = 0  # who draws first on the first deal
    pointless_redeal: bool = True  # §Declaring: a hand without 5, 10 or K may demand a redeal
    tractor_follow: bool = False  # §Following option: a held tractor must answer a tractor lead
    kitty_per_card: bool = False  # §Scoring option: kitty × 2 per card of the last lead's largest unit
    # §Scoring option: kitty × 2 × the cards each player played to the last trick
    kitty_per_trick: bool = field(default=False, metadata=ADDED)
    # §Scoring: points per level of the results table
    level_step: int = field(default=40, metadata=ADDED)
    # §Scoring: levels for a defence without a point
    zero_rise: int = field(default=3, metadata=ADDED)
    # §Must-defend ranks: e.g. "5TK"
    must_defend: str = field(default="", metadata=ADDED)
    # §Must-defend ranks: levels a rise may go past the first gate it reaches
    must_defend_jump: int = field(default=0, metadata=ADDED)
    # §Declaring: redeal a hand of at most this many points
    weak_points: int = field(default=-1, metadata=ADDED)
    # §Declaring: redeal a hand of at most this many trumps
    weak_trumps: int = field(default=-1, metadata=ADDED)
    # §Declaring: what happens when nobody declares
    no_declaration: NoDeclaration = field(
        default=NoDeclaration.REDEAL_FIRST_DEAL_ELSE_TURN_UP, metadata=ADDED
    )
    notrump_ranks: bool = True  # §Trumps: with no trump suit the rank cards stay trump
    real_hand_throws: bool = False  # §Throws judged against the real hands
    throw_penalty: bool = False  # §Throws judged against the real hands: a failed throw costs 10 points
    # §Kitty stealing: after a burial, a stronger declaration in turn takes the kitty up (炒底)
    kitty_stealing: bool = field(default=False, metadata=ADDED)
    # §Scoring: the dead zone, steps from 80 in which the defenders take the deal and nobody rises
    dead_zone: int = field(default=1, metadata=ADDED)
    # §Winning a trick: a throw's later ruff wins only if every unit beats the standing best's
    ruff_every_unit: bool = field(default=False, metadata=ADDED)
    # §Options: three decks for six players in fixed partnerships (0, 2, 4 against 1, 3, 5)
    decks: int = field(default=2, metadata=ADDED)


@dataclass(frozen=True)
class Table:
    """What the number of decks fixes (tractor.md §Options): seats, hand, kitty and the pivot."""

    seats: int
    hand_size: int
    kitty_size: int
    pivot: int  # the defenders' points from which they take the deal: 40 a deck


TABLES = {2: Table(4, 25, 8, TRACTOR_PIVOT), 3: Table(6, 26, 6, 120)}


def table(rules: TractorRules) -> Table:
    """The table the rules' decks make."""
    return TABLES[rules.decks]


def strength(cards: Sequence[str], rank: str | None) -> int:
    """Declaration strength (tractor.md §Declaring): 1 single, 2 pair, 3 LJ pair, 4 BJ pair; 0 if not one."""
    if len(cards) == 1 and is_rank_card(cards[0], rank):
        return 1
    if len(cards) == 2 and cards[0] == cards[1]:
        if cards[0] in JOKERS:
            return 3 + JOKERS.index(cards[0])
        if is_rank_card(cards[0], rank):
            return 2
    return 0


@cache
def declarable(rank: str | None) -> tuple[str, ...]:
    """The cards a declaration can show at ``rank`` (its four and the jokers), in code order."""
    return tuple(sorted((*rank_cards(rank), *JOKERS)))


def settle(rules: TractorRules, levels: Sequence[str], figures: Figures) -> dict[str, JSON]:
    """The table of tractor.md §Scoring, by 40 points (or ``level_step``): the side that keeps or
    takes the deal rises, stopping at the must-defend ranks (§Must-defend ranks)."""
    at = table(rules)
    dealer_wins, rise = tractor_outcome(
        figures.defender_points, rules.level_step, rules.zero_rise, rules.dead_zone, at.pivot
    )
    team = figures.declarer % 2
    winner = team if dealer_wins else 1 - team
    rise = gated_rise(levels[winner], rise, dealer_wins, rules.must_defend, rules.must_defend_jump)
    rises = (rise, 0) if dealer_wins else (0, rise)
    return settle_levels(levels, figures, dealer_wins, rises, seats=at.seats)


def check_rules(rules: TractorRules) -> TractorRules:
    """Refuse decks, a results table or must-defend ranks the rules cannot mean (``BadSetup``)."""
    if rules.decks not in TABLES:
        raise BadSetup("decks is 2 (four players) or 3 (six players)")
    check_level_table(rules.level_step, rules.zero_rise, rules.dead_zone, table(rules).pivot)
    if rules.weak_points < -1 or rules.weak_trumps < -1:
        raise BadSetup("weak_points and weak_trumps are -1 (never) or a number of points or trumps")
    if any(rank not in RANKS for rank in rules.must_defend) or len(set(rules.must_defend)) < len(
        rules.must_defend
    ):
        raise BadSetup("must_defend lists ranks once each, as 2-9, T, J, Q, K, A (e.g. 5TK)")
    if not 0 <= rules.must_defend_jump < len(RANKS):
        raise BadSetup(f"must_defend_jump is the levels a rise may go past a gate: 0 to {len(RANKS) - 1}")
    return rules


class TractorDeal(PartnershipDeal):
    """One deal of Tractor."""

    game_name = "tractor"
    rules: TractorRules

    pivot = first_loss(tractor_outcome)  # 80: fewer defenders' points keep the deal

    def __init__(
        self, rules: TractorRules, setup: Setup, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ):
        super().__init__(rules, setup, deck, situation)
        if rules.decks != 2:
            self.pivot = table(rules).pivot  # 120 with three decks

    def current_strength(self) -> int:
        """Strength of the declaration standing now (0: none)."""
        return 0 if self.declaration is None else strength(self.declaration[1], self.setup.rank)

    def own_twin(self, seat: int) -> str | None:
        """The card whose twin ``seat`` may show as 自保 if it holds the standing single; "" if it
        holds the standing declaration otherwise (nothing is left to it); ``None`` if it does not
        hold the standing declaration."""
        if self.declaration is None or self.declaration[0] != seat:
            return None
        shown = self.declaration[1]
        return shown[0] if len(shown) == 1 else ""

    def declarations(self, seat: int) -> list[Declare]:
        """Every declaration ``seat`` holds that is strictly stronger than the standing one, made by
        another seat; the standing declarer's only one is 自保, its single's twin (and steals, §Kitty
        stealing)."""
        if self.phase not in (Phase.DRAW, Phase.KITTY, Phase.STEAL):
            return []
        hand, rank, floor = self.hands[seat], self.setup.rank, self.current_strength()
        out: list[Declare] = []
        twin = self.own_twin(seat)
        if twin is not None:
            return [Declare((twin, twin))] if twin and hand[twin] >= 2 else out
        if floor >= 4:
            return out  # nothing overrides BJ BJ
        for card in declarable(rank):
            if card not in hand:
                continue
            if card in JOKERS:
                if hand[card] >= 2 and 3 + JOKERS.index(card) > floor:
                    out.append(Declare((card, card)))
            elif is_rank_card(card, rank):
                if floor < 1:
                    out.append(Declare((card,)))
                if hand[card] >= 2 and floor < 2:
                    out.append(Declare((card, card)))
        return out

    def may_declare(self, seat: int) -> bool:
        """Whether ``declarations(seat)`` offers something, without listing it: a rank card while
        nobody declared, a rank pair below a pair, a joker pair stronger than the standing one."""
        if self.phase not in (Phase.DRAW, Phase.KITTY):
            return False
        return self._may(seat, self.current_strength(), rank_cards(self.setup.rank))

    def _may(self, seat: int, floor: int, ranks: tuple[str, ...]) -> bool:
        """``may_declare`` from the standing strength and the rank cards, read once by the caller."""
        twin = self.own_twin(seat)
        if twin is not None:
            return bool(twin) and self.hands[seat][twin] >= 2
        return self._may_declare(self.hands[seat], floor, ranks)

    def declarers(self) -> list[int]:
        """The seats that ``may_declare``. Asked at every draw: the answer is kept with the draw
        position, the standing declaration and the hands it was read from, and a draw updates
        whether the drawer is among them, and only when it drew a rank card or a joker (the other
        hands did not change, and no other card changes what a hand may declare)."""
        if self.phase not in (Phase.DRAW, Phase.KITTY):
            return []
        kept: Any = self.__dict__.get("_declarers")
        if not self._still(kept, self.pos):
            floor, ranks = self.current_strength(), rank_cards(self.setup.rank)
            seats = tuple(s for s in range(self.setup.seats) if self._may(s, floor, ranks))
            kept = self._declarers = (self.pos, self.declaration, list(self.hands), seats)
        return list(kept[3])

    def _still(self, kept: Any, pos: int) -> bool:
        """True if ``kept`` was read at ``pos`` from the same declaration and the same hands."""
        return kept is not None and kept[0] == pos and kept[1] is self.declaration and kept[2] == self.hands

    def _draw(self, seat: int) -> None:
        kept: Any = self.__dict__.get("_declarers")
        card = self.deck[self.pos]
        super()._draw(seat)
        if self._still(kept, self.pos - 1):
            seats = kept[3]
            if card in JOKERS or is_rank_card(card, self.setup.rank):  # only these change what it may declare
                floor, ranks = self.current_strength(), rank_cards(self.setup.rank)
                may = self._may(seat, floor, ranks)
                seats = tuple(s for s in range(self.setup.seats) if (may if s == seat else s in seats))
            self._declarers = (self.pos, kept[1], kept[2], seats)  # the same hands, one of them drawn into

    @staticmethod
    def _may_declare(hand: Counter[str], floor: int, ranks: tuple[str, ...]) -> bool:
        held = hand.get
        if floor < 2:
            for card in ranks:
                n = held(card, 0)
                if n and (floor < 1 or n >= 2):
                    return True
        return (floor < 3 and held("LJ", 0) >= 2) or (floor < 4 and held("BJ", 0) >= 2)

    def declare_error(self, seat: int, cards: tuple[str, ...]) -> str | None:
        """Why ``seat`` may not show ``cards`` now."""
        level = strength(cards, self.setup.rank)
        if level == 0:
            return f"declare with one or two identical {self.setup.rank}s, or two identical jokers"
        held = self.hands[seat]
        if any(held[c] < cards.count(c) for c in cards):
            return "you do not hold " + " ".join(cards)
        if level <= self.current_strength():
            return "only a stronger declaration overrides the standing one"
        twin = self.own_twin(seat)
        if twin is not None and cards != (twin, twin):
            return "the declaration is yours: you may only show its twin (自保), not override it"
        return None

    def on_declare(self, seat: int, cards: tuple[str, ...]) -> None:
        """The declaration names the trump suit (a joker pair: no trump)."""
        self.trump = self._context(None if cards[0] in JOKERS else cards[0][1])

    def _context(self, suit: str | None) -> TrumpContext:
        return TrumpContext(self.setup.rank, suit, (), sequences=True, notrump_ranks=self.rules.notrump_ranks)

    def kitty_options(self) -> list[Action]:
        """First deal with no declaration: redeal (tractor.md §Declaring); else take the kitty. Option
        ``no_declaration``: "redeal" on every deal, "no_trump" never."""
        if self.declaration is None:
            rule = self.rules.no_declaration
            if rule is NoDeclaration.REDEAL or (
                self.dealer is None and rule is NoDeclaration.REDEAL_FIRST_DEAL_ELSE_TURN_UP
            ):
                return [Redeal()]
        return [PickUp()]

    def on_pickup(self) -> None:
        """Nobody declared: turn up the kitty (§Declaring), or, with ``no_declaration`` "no_trump",
        play without a trump suit (the first drawer deals the first deal)."""
        if self.declaration is None and self.rules.no_declaration is NoDeclaration.NO_TRUMP:
            self.trump = self._context(None)
            return
        super().on_pickup()

    def score(self) -> dict[str, JSON]:
        """tractor.md §Scoring's table by 40 points; the kitty × 2^n to defenders taking the last trick."""
        assert self.dealer is not None
        dealer = self.dealer
        raw = self.side_points()
        kitty_pts = points(self.kitty)
        last = self.last_winner()
        defenders_last = self.side_of(last) == 1
        multiplier = self.last_lead_multiplier() if defenders_last else 0
        defenders = self.penalised(raw[1] + kitty_pts * multiplier)
        kitty = {"kitty_points": kitty_pts, "kitty_multiplier": multiplier}
        settled = settle(self.rules, self.setup.levels, Figures(dealer, defenders))
        return self.level_result(settled, kitty)


class StealingTractorDeal(KittyStealing, TractorDeal):
    """A deal of Tractor with kitty stealing (§Kitty stealing)."""


class TractorGame(PartnershipGame):
    """Tractor (拖拉机), the two-deck game of docs/rules/tractor.md."""

    name = "tractor"
    title = "Tractor (two decks)"
    chinese = "拖拉机"
    rules_type = TractorRules
    min_seats = default_seats = 4
    max_seats = 6  # three decks (§Options); ``seats_for`` says which the rules' decks need
    page_title = gettext_noop("Tractor")
    summary = gettext_noop("Two-deck Shengji: pairs, tractors and throws, 80 points to win.")
    headline = True
    examples = {
        **FAMILY_EXAMPLES,
        "declare": example(("", "2S | 2H 2H | LJ LJ | BJ BJ")),
        "trumps": example(("trumps", "BJ BJ LJ LJ 2H 2H | 2S 2C 2D | AH KH QH 3H")),
    }
    strength = {
        "heuristic": Duel("heuristic", "random", 200, 4, "", 0.96, 3.165, (3.0305, 3.2995)),
        # The 2026-11-27 run at `strong` over 200 decks, the expert with its leaf evaluation and its
        # burials searched (before the burials: 0.64, +0.68); at `fast` over 1,000 decks 0.643,
        # +0.685 levels.
        "expert": Duel("expert", "heuristic", 200, 4, "strong", 0.645, 0.705, (0.5756, 0.8344)),
    }

    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        """108 cards: two decks with jokers (162, three, with the option ``decks``)."""
        assert isinstance(rules, TractorRules)
        return make_deck(rules.decks)

    def seats_for(self, rules: Rules) -> int | None:
        """Four players with two decks, six with three (tractor.md §Options)."""
        assert isinstance(rules, TractorRules)
        return table(rules).seats

    def check_setup(self, rules: Rules, seats: int, deck: Sequence[str], first: int) -> None:
        """The family's checks, and the seats the decks need."""
        assert isinstance(rules, TractorRules)
        if seats != table(rules).seats:
            raise BadSetup(
                f"tractor with {rules.decks} decks is played by {table(rules).seats} players, not {seats}"
            )
        super().check_setup(rules, seats, deck, first)

    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        """A new deal from the previous deal's situation (``None``: the first deal)."""
        assert isinstance(rules, TractorRules)
        sit = situation_or_first(situation, "2")
        dealer = sit["dealer"]
        self.check_setup(rules, seats, deck, dealer if dealer is not None else rules.first_drawer)
        levels = tuple(sit["levels"])
        at = table(rules)
        setup = Setup(
            seats=at.seats,
            hand_size=at.hand_size,
            kitty_size=at.kitty_size,
            first_drawer=dealer if dealer is not None else rules.first_drawer,
            dealer=dealer,
            rank=levels[dealer % 2] if dealer is not None else "2",
            levels=levels,
            sequences=True,
            pointless_redeal=rules.pointless_redeal,
            tractor_follow=rules.tractor_follow,
            kitty_per_card=rules.kitty_per_card,
            kitty_per_trick=rules.kitty_per_trick,
            weak_points=rules.weak_points,
            weak_trumps=rules.weak_trumps,
            real_hand_throws=rules.real_hand_throws,
            throw_penalty=THROW_PENALTY if rules.throw_penalty else 0,
            ruff_every_unit=rules.ruff_every_unit,
        )
        deal = StealingTractorDeal if rules.kitty_stealing else TractorDeal
        return deal(rules, setup, deck, situation)

    def next_situation(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, result: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        """Levels and dealer after ``result``."""
        return next_level_situation(situation, result, "2")

    def settle(self, rules: Rules, levels: Sequence[str], figures: Figures) -> dict[str, JSON]:
        """The level result of a deal with these figures (played or entered)."""
        assert isinstance(rules, TractorRules)
        return settle(rules, levels, figures)

    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        """Rules from JSON, the results table and must-defend ranks checked."""
        rules = super().rules_from_json(data)
        assert isinstance(rules, TractorRules)
        return check_rules(rules)

    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        """A ``random``, ``heuristic`` or ``expert`` bot; the expert with Tractor's leaf evaluation."""
        if kind != "expert":
            return super().bot(kind, rng, budget)
        from engine.games.tractor.expert import TractorExpertBot  # the search is loaded only when asked for

        return TractorExpertBot(rng, budget)

    def most_defender_points(self, rules: Rules) -> int:
        """Every card point, the richest kitty times the largest last-lead multiplier, and what
        failed-throw penalties can add with that option."""
        assert isinstance(rules, TractorRules)
        at = table(rules)
        multiplier = most_kitty_multiplier(at.hand_size, rules.kitty_per_card, rules.kitty_per_trick)
        top = most_defender_points(self.deck(rules, at.seats), at.kitty_size, multiplier)
        return top + most_throw_penalties(rules, at.hand_size)


GAME = register(TractorGame())
