"""What one-deck Shengji and Tractor share: fixed partnerships climbing levels (seed 000).

Both deal from the dealer (first deal: the declarer, else the first drawer), turn up the kitty
when nobody declared (RULINGS 8), and end a deal with the same level result; only the thresholds
and the kitty's multiplier differ, and those stay in each game's module.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.family import FamilyGame
from engine.game import JSON
from engine.levels import after_deal, team_levels_scores, turn_up
from engine.trickdeal import TrickDeal
from engine.trump import TrumpContext


class PartnershipDeal(TrickDeal):
    """A deal of a partnership game: seats 0 & 2 against 1 & 3, each side with its level."""

    def _context(self, suit: str | None) -> TrumpContext:
        """The trump context once the suit is known (each game's own trumps)."""
        raise NotImplementedError

    def dealer_to_be(self) -> int:
        """Later deals: the dealer; first deal: the declarer, else the first drawer (seed 000)."""
        if self.dealer is not None:
            return self.dealer
        return self.declaration[0] if self.declaration else self.setup.first_drawer

    def on_pickup(self) -> None:
        """Nobody declared: turn up the kitty (RULINGS 8)."""
        if self.declaration is None:
            assert self.setup.rank is not None
            suit, self.turned = turn_up(self.kitty, self.setup.rank)
            self.trump = self._context(suit)

    def adjust_levels(self, out: dict[str, JSON]) -> None:
        """A game's own change to the levels after the deal (one-deck Shengji's J-hook)."""

    def level_result(
        self, dealer_wins: bool, rises: list[int], defenders: int, kitty: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        """The result of a played deal: levels before and after, next dealer, winners, scores."""
        assert self.dealer is not None
        dealer = self.dealer
        levels = list(self.setup.levels)
        out = after_deal(dealer, dealer_wins, levels, rises, dealer_wins and levels[dealer % 2] == "A")
        self.adjust_levels(out)
        return {
            "outcome": "played",
            "dealer": dealer,
            "declared_by": self.declaration[0] if self.declaration else None,
            "trump": {"rank": self.trump.rank, "suit": self.trump.suit},
            "kitty": list(self.kitty),
            **kitty,
            "last_trick_winner": self.last_winner(),
            "defender_points": defenders,
            "card_points": self.card_points(),
            "levels_before": levels,
            **out,
            "deal_winners": [s for s in range(4) if (self.side_of(s) == 0) == dealer_wins],
            "scores": team_levels_scores(levels, out["levels_after"]),
        }


class PartnershipGame(FamilyGame):
    """A partnership game's match: won by the side that wins a deal as dealer at A (RULINGS 6)."""

    def match_winners(self, rules: object, situation: Mapping[str, JSON]) -> list[int] | None:
        """The seats of the side that won a deal as dealer at A, else ``None``."""
        winners = situation.get("winners")
        return list(winners) if winners else None
