"""升级 Shengji with one deck, after Parlett (docs/rules/shengji.md), with its four variants as options.

Four players, partners opposite, play order = seat order 0, 1, 2, 3 (counter-clockwise). 54 cards:
12 each drawn one at a time, 6 left as the kitty. The first rank card shown names the trump suit
(no overcalls); nobody shows: the kitty is turned up (§Drawing and declaring).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.errors import BadResult
from engine.core.figures import HOOKS, Figures
from engine.core.game import ADDED, JSON, DealState, Rules
from engine.core.registry import register
from engine.core.traits import Duel, example, gettext_noop
from engine.family.actions import Declare
from engine.family.bounds import most_defender_points, most_throw_penalties
from engine.family.cards import make_deck, points
from engine.family.dealfacts import THROW_PENALTY, Setup, is_rank_card, rank_cards
from engine.family.game import POINTS_EXAMPLE
from engine.family.levels import (
    check_level_table,
    defenders_rise,
    first_loss,
    next_level_situation,
    situation_or_first,
)
from engine.family.partnership import PartnershipDeal, PartnershipGame, settle_levels
from engine.family.phases import Phase
from engine.family.trump import TrumpContext


@dataclass(frozen=True)
class ShengjiRules(Rules):
    """House rules of one-deck Shengji; every default is the main rule (§House rules)."""

    two_always_trump: bool = False  # §House rules, a variant: 2s are always trump, levels start at 3
    four_of_a_kind: bool = False  # variant 2: four cards of one rank may be led together
    last_trick_passes: bool = False  # variant 3: defenders taking the last trick pass the deal
    j_hook: bool = False  # variant 4 (鉤到底): last trick won with a J at rank J sends levels back
    first_drawer: int = 0  # who draws first on the first deal ("decided by any method")
    pointless_redeal: bool = True  # §Redeal for a pointless hand: a hand without 5, 10, K may demand one
    real_hand_throws: bool = False  # §House rules: throws judged against the real hands
    throw_penalty: bool = False  # §House rules: a failed throw costs the thrower's side 10 points
    # §Scoring: points per level the defenders rise past the dead zone
    level_step: int = field(default=20, metadata=ADDED)
    # §Scoring: levels the dealer's side rises when the defenders take no point
    zero_rise: int = field(default=2, metadata=ADDED)
    # §Scoring: the dead zone, steps from 40 in which the defenders take the deal and nobody rises
    dead_zone: int = field(default=2, metadata=ADDED)
    # §Play: a throw's later ruff wins only if every unit beats the standing best's
    ruff_every_unit: bool = field(default=False, metadata=ADDED)

    @property
    def start(self) -> str:
        """The starting level."""
        return "3" if self.two_always_trump else "2"


SHENGJI_PIVOT = 40  # the defenders' points from which they take the deal (shengji.md §Scoring)
MOST_DEFENDERS_RISE = 2  # the table's last row: 100 or more, defenders +2 (shengji.md §Scoring)


def shengji_outcome(
    defenders: int, passes: bool = False, step: int = 20, zero: int = 2, dead: int = 2
) -> tuple[bool, int, int]:
    """shengji.md §Scoring: (dealer side wins, its rise, the defenders' rise) for the defenders' points.

    Under 40 the dealer's side rises 1 (2 if the defenders took nothing); 40-79 nobody rises;
    80-99 the defenders rise 1, 100 or more 2. ``passes``: the last-trick variant took the deal.
    ``step`` (points per defenders' level), ``zero`` (what a defence without a point gives) and
    ``dead`` (the dead zone's steps from 40) are the options of §Scoring.
    """
    if defenders < SHENGJI_PIVOT and not passes:
        return True, zero if defenders == 0 else 1, 0
    return False, 0, min(MOST_DEFENDERS_RISE, defenders_rise(defenders, SHENGJI_PIVOT, step, dead))


def hook_level(rules: ShengjiRules, level: str, hook: str | None) -> str | None:
    """``j_hook`` (鉤到底, §House rules): at rank J, the defenders taking the last trick with a J send
    the dealer's side back: to the starting level with the trump suit's J, to 7 with another J."""
    if hook is None or not (rules.j_hook and level == "J"):
        return None
    return rules.start if hook == "trump" else "7"


def settle(rules: ShengjiRules, levels: Sequence[str], figures: Figures) -> dict[str, JSON]:
    """The level result of a deal with these figures, played or entered (§Scoring, §House rules)."""
    passes = rules.last_trick_passes and figures.defenders_last
    dealer_wins, dealer_rise, defender_rise = shengji_outcome(
        figures.defender_points, passes, rules.level_step, rules.zero_rise, rules.dead_zone
    )
    back = hook_level(rules, levels[figures.declarer % 2], figures.hook)
    set_back = None if back is None else (back, figures.hook)
    return settle_levels(levels, figures, dealer_wins, (dealer_rise, defender_rise), set_back)


def check_rules(rules: ShengjiRules) -> ShengjiRules:
    """Refuse a results table the rules cannot mean (``BadSetup``)."""
    check_level_table(rules.level_step, rules.zero_rise, rules.dead_zone, SHENGJI_PIVOT)
    return rules


class ShengjiDeal(PartnershipDeal):
    """One deal of one-deck Shengji."""

    game_name = "shengji"
    rules: ShengjiRules

    pivot = first_loss(shengji_outcome)  # 40: fewer defenders' points keep the deal

    def declarations(self, seat: int) -> list[Declare]:
        """shengji.md §Drawing and declaring: any rank card held may be shown while nobody has declared."""
        if self.declaration is not None or self.phase not in (Phase.DRAW, Phase.KITTY):
            return []
        hand = self.hands[seat]
        return [Declare((c,)) for c in rank_cards(self.setup.rank) if c in hand]

    def may_declare(self, seat: int) -> bool:
        """Whether ``declarations(seat)`` offers a card, without listing them."""
        if self.declaration is not None or self.phase not in (Phase.DRAW, Phase.KITTY):
            return False
        hand = self.hands[seat]
        return any(c in hand for c in rank_cards(self.setup.rank))

    def declare_error(self, seat: int, cards: tuple[str, ...]) -> str | None:
        """Why ``seat`` may not show ``cards``."""
        if self.declaration is not None:
            return "the trump suit is already declared (no overcalls in one-deck Shengji)"
        if len(cards) != 1 or not is_rank_card(cards[0], self.setup.rank):
            return f"declare by showing one card of the trump rank {self.setup.rank}"
        if self.hands[seat][cards[0]] < 1:
            return f"you do not hold {cards[0]}"
        return None

    def on_declare(self, seat: int, cards: tuple[str, ...]) -> None:
        """The shown card's suit becomes the trump suit."""
        self.trump = self._context(cards[0][1])

    def _context(self, suit: str | None) -> TrumpContext:
        return TrumpContext(self.setup.rank, suit, self.setup.permanent, sequences=False)

    def score(self) -> dict[str, JSON]:
        """shengji.md §Scoring: defenders' 40/80/100 thresholds, kitty doubled to the last trick's side."""
        assert self.dealer is not None and self.trump.suit is not None
        rules, dealer = self.rules, self.dealer
        raw = self.side_points()
        kitty_pts = points(self.kitty)
        defenders_last = self.side_of(self.last_winner()) == 1
        bonus = 0
        if defenders_last and not rules.last_trick_passes:
            bonus = 2 * kitty_pts
        hook = self.hooking_j() if defenders_last and rules.j_hook else None
        kind = None if hook is None else "trump" if hook[1] == self.trump.suit else "side"
        figures = Figures(dealer, self.penalised(raw[1] + bonus), defenders_last=defenders_last, hook=kind)
        settled = settle(rules, self.setup.levels, figures)
        if "j_hook" in settled:
            settled["j_hook"] = hook  # a played deal names the card itself
        return self.level_result(settled, {"kitty_points": kitty_pts, "kitty_bonus": bonus})

    def hooking_j(self) -> str | None:
        """The J that took the last trick, if its winner's highest card is one (鉤到底)."""
        winner_cards = next(c for s, c in self.last_trick if s == self.last_winner())
        top = max(winner_cards, key=lambda c: (self.trump.is_trump(c), self.trump.order[c]))
        return top if top[0] == "J" else None


class ShengjiGame(PartnershipGame):
    """One-deck Shengji (升级) after Parlett, as docs/rules/shengji.md states it."""

    name = "shengji"
    title = "Shengji (one deck)"
    chinese = "升级"
    rules_type = ShengjiRules
    min_seats = max_seats = default_seats = 4
    zero_sum = False
    page_title = gettext_noop("Shengji")
    examples = {
        "points": POINTS_EXAMPLE,
        "trumps": example(("trumps", "BJ LJ 2H | 2S 2C 2D | AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")),
        "side-suit": example(("", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")),
        "follow": example(
            ("led", "9S"),
            ("hand", "4S 2S QD 6H"),
            ("allowed", "4S"),
            ("refused", "2S"),
        ),
        "throw": example(("", "KS TS")),
        "kitty": example(("", "KC TC 5D 9S 4S 3D")),
    }
    summary = gettext_noop("One deck, four players in fixed partnerships, climbing from 2 to ace.")
    strength = {
        "heuristic": Duel("heuristic", "random", 200, 4, "", 0.8025, 1.58, (1.4367, 1.7233)),
        # docs/engine.md, "Strength" (the runs in bench/results/2026-11-26-expert.md): seed 1, at
        # `strong` over 200 decks (the budget an expert seated at a live table plays), the expert
        # with its early declaration.
        "expert": Duel("expert", "heuristic", 200, 4, "strong", 0.6475, 0.645, (0.5314, 0.7586)),
    }

    def figures_read(self, rules: Rules) -> tuple[str, ...]:
        """The last trick only for the variants (shengji.md §House rules): the last-trick rule or
        the J-hook, which also needs the J that took it."""
        assert isinstance(rules, ShengjiRules)
        read: tuple[str, ...] = self.figures
        if rules.last_trick_passes or rules.j_hook:
            read += ("defenders_last",)
        if rules.j_hook:
            read += ("hook",)
        return read

    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        """54 cards: one deck with both jokers."""
        return make_deck(1)

    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        """A new deal from the previous deal's situation (``None``: the first deal)."""
        assert isinstance(rules, ShengjiRules)
        sit = situation_or_first(situation, rules.start)
        dealer = sit["dealer"]
        self.check_setup(rules, seats, deck, dealer if dealer is not None else rules.first_drawer)
        levels = tuple(sit["levels"])
        setup = Setup(
            seats=4,
            hand_size=12,
            kitty_size=6,
            first_drawer=dealer if dealer is not None else rules.first_drawer,
            dealer=dealer,
            rank=levels[dealer % 2] if dealer is not None else rules.start,
            levels=levels,
            permanent=("2",) if rules.two_always_trump else (),
            sequences=False,
            quads=rules.four_of_a_kind,
            pointless_redeal=rules.pointless_redeal,
            real_hand_throws=rules.real_hand_throws,
            throw_penalty=THROW_PENALTY if rules.throw_penalty else 0,
            ruff_every_unit=rules.ruff_every_unit,
        )
        return ShengjiDeal(rules, setup, deck, situation)

    def next_situation(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, result: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        """Levels and dealer after ``result``."""
        assert isinstance(rules, ShengjiRules)
        return next_level_situation(situation, result, rules.start)

    def start_level(self, rules: Rules) -> str:
        """3 when 2s are always trump, else 2."""
        assert isinstance(rules, ShengjiRules)
        return rules.start

    def settle(self, rules: Rules, levels: Sequence[str], figures: Figures) -> dict[str, JSON]:
        """The level result of a deal with these figures (played or entered)."""
        assert isinstance(rules, ShengjiRules)
        return settle(rules, levels, figures)

    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        """Rules from JSON, the results table checked."""
        rules = super().rules_from_json(data)
        assert isinstance(rules, ShengjiRules)
        return check_rules(rules)

    def most_defender_points(self, rules: Rules) -> int:
        """Every card point and the richest kitty doubled (never counted when the last trick passes),
        plus what failed-throw penalties can add with that option."""
        assert isinstance(rules, ShengjiRules)
        top = most_defender_points(self.deck(rules, 4), 6, 0 if rules.last_trick_passes else 2)
        return top + most_throw_penalties(rules, 12)

    def check_figures(self, rules: Rules, levels: Sequence[str], figures: Figures) -> None:
        """A J-hook needs the rule, the dealer's side at J and the defenders taking the last trick."""
        assert isinstance(rules, ShengjiRules)
        if figures.hook is None:
            return
        if figures.hook not in HOOKS or not (
            rules.j_hook and levels[figures.declarer % 2] == "J" and figures.defenders_last
        ):
            raise BadResult(
                "hook",
                "a J-hook needs the J-hook rule, the dealer's side at J and the defenders' last trick",
            )

    def entered_result(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
    ) -> dict[str, JSON]:
        """As every partnership game, keeping who took the last trick (the variants read it)."""
        return {
            **super().entered_result(rules, seats, situation, figures),
            "defenders_last": figures.defenders_last,
        }


GAME = register(ShengjiGame())
