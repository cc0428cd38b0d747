"""升级 Shengji with one deck, after Parlett as told by seed 000, with its four variants as options.

Four players, partners opposite, play order = seat order 0, 1, 2, 3 (counter-clockwise). 54 cards:
12 each drawn one at a time, 6 left as the kitty. The first rank card shown names the trump suit
(no overcalls); nobody shows: the kitty is turned up (RULINGS 8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.actions import Declare
from engine.cards import make_deck, points
from engine.game import JSON, DealState, Rules
from engine.levels import next_level_situation, situation_or_first
from engine.partnership import PartnershipDeal, PartnershipGame
from engine.registry import register
from engine.trickdeal import Setup, is_rank_card
from engine.trump import TrumpContext


@dataclass(frozen=True)
class ShengjiRules(Rules):
    """House rules of one-deck Shengji; every default is seed 000's main rule."""

    two_always_trump: bool = False  # seed 000 variant 1: 2s are always trump, levels start at 3
    four_of_a_kind: bool = False  # variant 2: four cards of one rank may be led together
    last_trick_passes: bool = False  # variant 3: defenders taking the last trick pass the deal
    j_hook: bool = False  # variant 4 (鉤到底): last trick won with a J at rank J sends levels back
    first_drawer: int = 0  # who draws first on the first deal ("decided by any method")
    pointless_redeal: bool = True  # RULINGS 10: a hand without 5, 10, K may demand a redeal

    @property
    def start(self) -> str:
        """The starting level."""
        return "3" if self.two_always_trump else "2"


def shengji_outcome(defenders: int, passes: bool = False) -> tuple[bool, int, int]:
    """Seed 000: (dealer side wins, its rise, the defenders' rise) for the defenders' points.

    Under 40 the dealer's side rises 1 (2 if the defenders took nothing); 40-79 nobody rises;
    80-99 the defenders rise 1, 100 or more 2. ``passes``: the last-trick variant took the deal.
    """
    if defenders < 40 and not passes:
        return True, 2 if defenders == 0 else 1, 0
    return False, 0, 2 if defenders >= 100 else 1 if defenders >= 80 else 0


class ShengjiDeal(PartnershipDeal):
    """One deal of one-deck Shengji."""

    game_name = "shengji"
    rules: ShengjiRules

    def declarations(self, seat: int) -> list[Declare]:
        """Seed 000: any rank card held may be shown while nobody has declared."""
        if self.declaration is not None or self.phase not in ("draw", "kitty"):
            return []
        return [Declare((c,)) for c in sorted(self.hands[seat]) if is_rank_card(c, self.setup.rank)]

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
        """Seed 000: defenders' 40/80/100 thresholds, kitty doubled to the last trick's side."""
        assert self.dealer is not None and self.trump.suit is not None
        rules, dealer = self.rules, self.dealer
        raw = self.side_points()
        kitty_pts = points(self.kitty)
        last = self.last_winner()
        defenders_last = self.side_of(last) == 1
        bonus = 0
        if defenders_last and not rules.last_trick_passes:
            bonus = 2 * kitty_pts
        defenders = raw[1] + bonus
        passes = rules.last_trick_passes and defenders_last
        dealer_wins, dealer_rise, defender_rise = shengji_outcome(defenders, passes)
        dealer_team = dealer % 2
        rises = [0, 0]
        rises[dealer_team], rises[1 - dealer_team] = dealer_rise, defender_rise
        kitty = {"kitty_points": kitty_pts, "kitty_bonus": bonus}
        return self.level_result(dealer_wins, rises, defenders, kitty)

    def adjust_levels(self, out: dict[str, JSON]) -> None:
        """RULINGS 11 (鉤到底): at rank J, defenders taking the last trick with a J knock the dealer back."""
        assert self.dealer is not None
        dealer_team = self.dealer % 2
        if not (self.rules.j_hook and self.setup.levels[dealer_team] == "J"):
            return
        if self.side_of(self.last_winner()) != 1:
            return
        # The trump-suit J → the starting level; an off-suit J → 7.
        winner_cards = next(c for s, c in self.last_trick if s == self.last_winner())
        top = max(winner_cards, key=lambda c: (self.trump.is_trump(c), self.trump.order[c]))
        if top[0] != "J":
            return
        levels = list(out["levels_after"])
        levels[dealer_team] = self.rules.start if top[1] == self.trump.suit else "7"
        out["levels_after"] = levels
        out["j_hook"] = top


class ShengjiGame(PartnershipGame):
    """One-deck Shengji (升级), seed 000 after Parlett."""

    name = "shengji"
    title = "Shengji (one deck)"
    chinese = "升级"
    rules_type = ShengjiRules
    min_seats = max_seats = default_seats = 4
    zero_sum = False

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
        )
        return ShengjiDeal(rules, setup, deck, situation)

    def next_situation(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, result: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        """Levels and dealer after ``result``."""
        assert isinstance(rules, ShengjiRules)
        return next_level_situation(situation, result, rules.start)


GAME = register(ShengjiGame())
