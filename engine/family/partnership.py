"""What one-deck Shengji and Tractor share: fixed partnerships climbing levels (docs/rules/shengji.md).

Both deal from the dealer (first deal: the declarer, else the first drawer), turn up the kitty
when nobody declared (§Drawing and declaring), and end a deal with the same level result; only
the thresholds and the kitty's multiplier differ, and those stay in each game's module.

A deal is settled from its ``Figures`` (dealer, defenders' points, for one-deck Shengji also who
took the last trick and with which J) by each game's ``settle``, built on ``settle_levels``: a
played deal reads the figures from its cards, a deal entered by hand (``entered_result``) gets them
from the table, and the same figures give the same levels, next dealer, winners and scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.core.figures import Figures, check_points, check_seat, check_seats
from engine.core.game import JSON, Rules
from engine.core.result import LevelsResult, LevelsSituation
from engine.core.traits import Sides
from engine.family.game import FamilyGame
from engine.family.levels import after_deal, situation_or_first, team_levels_scores, turn_up
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext


def settle_levels(
    levels: Sequence[str],
    figures: Figures,
    dealer_wins: bool,
    rises: tuple[int, int],
    set_back: tuple[str, JSON] | None = None,
    seats: int = 4,
) -> dict[str, JSON]:
    """A deal's level result from its figures: levels, next dealer, match and deal winners, scores.

    ``rises`` are the dealer's side's and the defenders'; ``set_back`` (one-deck Shengji's J-hook)
    is the level the dealer's side returns to and what the result says about it; the sides are
    the alternate seats of ``seats``.
    """
    dealer, team = figures.declarer, figures.declarer % 2
    per_team = [0, 0]
    per_team[team], per_team[1 - team] = rises
    out = after_deal(dealer, dealer_wins, levels, per_team, dealer_wins and levels[team] == "A", seats)
    if set_back is not None:
        after = list(out["levels_after"])
        after[team] = set_back[0]
        out["levels_after"], out["j_hook"] = after, set_back[1]
    return {
        "outcome": "played",
        "dealer": dealer,
        "defender_points": figures.defender_points,
        "levels_before": list(levels),
        **out,
        "deal_winners": [s for s in range(seats) if (s % 2 == team) == dealer_wins],
        "scores": team_levels_scores(levels, out["levels_after"], seats),
    }


class PartnershipDeal(TrickDeal):
    """A deal of a partnership game: seats 0 & 2 against 1 & 3, each side with its level."""

    def _context(self, suit: str | None) -> TrumpContext:
        """The trump context once the suit is known (each game's own trumps)."""
        raise NotImplementedError

    def seat_value(self, result: dict[str, JSON], seat: int) -> float:
        """The levels the seat's side rises minus the levels the other side rises."""
        scores = result["scores"]
        return float(scores[seat] - scores[(seat + 1) % len(scores)])

    def dealer_to_be(self) -> int:
        """Later deals: the dealer; the first: the declarer, else first drawer (§Drawing and declaring)."""
        if self.dealer is not None:
            return self.dealer
        return self.declaration[0] if self.declaration else self.setup.first_drawer

    def on_pickup(self) -> None:
        """Nobody declared: turn up the kitty (shengji.md §Drawing and declaring)."""
        if self.declaration is None:
            assert self.setup.rank is not None
            suit, self.turned = turn_up(self.kitty, self.setup.rank)
            self.trump = self._context(suit)

    def level_result(self, settled: Mapping[str, JSON], kitty: Mapping[str, JSON]) -> dict[str, JSON]:
        """The result of a played deal: what the cards showed around the figures' ``settled`` result."""
        cards: dict[str, JSON] = {
            "outcome": "played",
            "dealer": self.dealer,
            "declared_by": self.declaration[0] if self.declaration else None,
            "trump": {"rank": self.trump.rank, "suit": self.trump.suit},
            "kitty": list(self.kitty),
            **kitty,
            "last_trick_winner": self.last_winner(),
            "defender_points": settled["defender_points"],
            "card_points": self.card_points(),
        }
        return {**cards, **settled}


class PartnershipGame(FamilyGame):
    """A partnership game's match: won by the side winning a deal as dealer at A (§End of the game)."""

    sides = Sides.PARTNERS
    duplicate = True
    result_unit = "levels"
    figures = ("declarer", "defender_points")
    deal_result = LevelsResult
    match_situation = LevelsSituation

    def settle_entered(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        figures: Figures,
        rescore: bool = False,
    ) -> dict[str, JSON]:
        """``entered_result``: who deals is the situation's, so a rescored deal needs nothing more."""
        return self.entered_result(rules, seats, situation, figures)

    def entry_limits(self, rules: Rules, seats: int) -> dict[str, int]:
        """The defenders' top points."""
        return {"top": self.most_defender_points(rules)}

    def fixed_declarer(self, situation: Mapping[str, JSON] | None) -> int | None:
        """The dealer the last deal named (shengji.md §Scoring); on the first deal the table decides."""
        dealer = (situation or {}).get("dealer")
        return dealer if isinstance(dealer, int) else None

    def match_winners(self, rules: object, situation: Mapping[str, JSON]) -> list[int] | None:
        """The seats of the side that won a deal as dealer at A, else ``None``."""
        winners = situation.get("winners")
        return list(winners) if winners else None

    def start_level(self, rules: Rules) -> str:
        """The level both sides start a match at."""
        return "2"

    def settle(self, rules: Rules, levels: Sequence[str], figures: Figures) -> dict[str, JSON]:
        """The game's level result from a deal's figures (its thresholds on ``settle_levels``)."""
        raise NotImplementedError

    def most_defender_points(self, rules: Rules) -> int:
        """The most points the defenders can count in a deal (the kitty's best multiplied)."""
        raise NotImplementedError

    def check_figures(self, rules: Rules, levels: Sequence[str], figures: Figures) -> None:
        """Refuse figures this game cannot have beyond the points (one-deck Shengji's last trick)."""

    def entered_result(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
    ) -> dict[str, JSON]:
        """A deal played at a physical table, settled as a played deal with the same figures.

        The dealer is the situation's; on a match's first deal the declarer deals (shengji.md
        §Drawing and declaring), so ``figures.declarer`` names it. ``"entered": true`` marks the
        result; the cards are unknown.
        """
        check_seats(seats, self.title, self.seats_for(rules) or 4)  # six for three-deck Tractor
        sit = situation_or_first(situation, self.start_level(rules))
        dealer = sit["dealer"] if isinstance(sit["dealer"], int) else figures.declarer
        check_seat(dealer, seats)
        check_points(figures.defender_points, self.most_defender_points(rules))
        levels = [str(level) for level in sit["levels"]]
        dealt = replace(figures, declarer=dealer)
        self.check_figures(rules, levels, dealt)
        return {"outcome": "played", "entered": True, **self.settle(rules, levels, dealt)}
