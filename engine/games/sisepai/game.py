"""The registered Si Se Pai (四色牌) game: pack, dealer draw, deal factory, notation, bots, match hooks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.errors import BadSetup
from engine.core.figures import Figures
from engine.core.game import JSON, Action, Bot, DealState, Game, Rules, pick_bot
from engine.core.result import SisepaiResult, SisepaiSituation
from engine.core.traits import Duel, Layout, RatedBy, example, gettext_noop
from engine.games.sisepai.actions import parse_action
from engine.games.sisepai.pieces import draw_strength, pack
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.scoring import entered_result
from engine.games.sisepai.state import SiSePaiDeal

if TYPE_CHECKING:  # the review imports the games
    from engine.review.points import ReviewKnowledge


def draw_for_dealer(deck: Sequence[str], seats: int) -> tuple[int, list[list[str]]]:
    """The first deal's dealer, drawn from the bottom of the recorded deck (docs/rules/sisepai.md §2:
    each draws a face-down card, the best deals): seat 0 takes the last card, seat 1 the one before,
    and so on. Best is by piece (general high, soldier low), then colour (red, yellow, green, white); seats
    drawing identical best cards draw again. The cards go back where they were, so the draw is a
    pure function of the deck. Returns the dealer and each seat's drawn cards."""
    draws: list[list[str]] = [[] for _ in range(seats)]
    contenders = list(range(seats))
    pos = len(deck) - 1
    while pos + 1 >= len(contenders):
        for s in contenders:
            draws[s].append(deck[pos])
            pos -= 1
        best = max(draw_strength(draws[s][-1]) for s in contenders)
        contenders = [s for s in contenders if draw_strength(draws[s][-1]) == best]
        if len(contenders) == 1:
            break
    return contenders[0], draws


class SiSePai(Game):
    """四色牌: 2–4 players, 20 cards each, melds of xiangqi pieces, the first to 21 in melds wins."""

    name = "sisepai"
    title = "Si Se Pai"
    chinese = "四色牌"
    rules_type = SiSePaiRules
    min_seats = 2
    max_seats = 4
    default_seats = 3
    zero_sum = True
    page_title = gettext_noop("Si Se Pai")
    summary = gettext_noop("The four-colour rummy game of xiangqi pieces, with claims and melds.")
    points_from = "score"  # the standings sum the payments
    deal_result = SisepaiResult
    match_situation = SisepaiSituation
    # Each deal has one winner against everyone else: each win rates the winner against each seat.
    rated_by = RatedBy.DEAL_WINNER
    rated_outcome = "win"
    layout = Layout.PIECES
    # Every answer to a claim window: only the claim that wins is made public (``last_claim``).
    private_verbs = frozenset({"pass", "redeal", "tsumo", "hu", "kong", "pong", "meld", "chi"})
    figures = ("declarer", "winner", "hand_points")
    examples = {
        "colours": example(
            ("", "RK RA RE RR RH RC RP | YK YA YE YR YH YC YP"),
            ("", "GK GA GE GR GH GC GP | WK WA WE WR WH WC WP"),
        ),
        "chi": example(
            ("shown", "GR"),
            ("hand", "GH GC YA YA WP"),
            ("meld", "GR GH GC"),
        ),
        "pong": example(
            ("shown", "YC"),
            ("hand", "YC YC RA GP"),
            ("meld", "YC YC YC"),
        ),
        "win": example(
            ("exposed", "GR GH GC"),
            ("hand", "RK RA RE | YH YH YH | RP YP GP WP | WC WC | GK GA GE | WR WR"),
            ("shown", "WR"),
        ),
    }
    strength = {
        "heuristic": Duel("heuristic", "random", 200, 3, "", 0.9437, 44.1225, (41.954, 46.291)),
        # The run (fast, seed 1, 1,000 decks of three players) of the expert discarding for the
        # widest hand (WideBot); before WideBot the expert was level with the heuristic there.
        "expert": Duel("expert", "heuristic", 1000, 3, "fast", 0.528, 2.631, (1.0734, 4.1886)),
    }

    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        self._seats(seats)
        return pack(seats)

    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        self._seats(seats)
        if not isinstance(rules, SiSePaiRules):
            raise BadSetup("Si Se Pai needs SiSePaiRules")
        if Counter(deck) != Counter(pack(seats)):
            raise BadSetup(f"the deck is not the {len(pack(seats))}-card Si Se Pai pack for {seats} players")
        if situation is None or situation.get("dealer") is None:
            dealer, draws = draw_for_dealer(deck, seats)
            return SiSePaiDeal(rules, seats, deck, dealer, draws)
        dealer = situation["dealer"]
        if not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise BadSetup(f"bad dealer {dealer!r} for {seats} seats")
        return SiSePaiDeal(rules, seats, deck, dealer)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def rules_from_json(self, data: Mapping[str, JSON]) -> Rules:
        return SiSePaiRules.from_json(data)

    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        from engine.games.sisepai.bots import HeuristicBot, RandomBot
        from engine.games.sisepai.expert import SiSePaiExpertBot

        kinds: dict[str, type[Bot]] = {
            "random": RandomBot,
            "heuristic": HeuristicBot,
            "expert": SiSePaiExpertBot,
        }
        return pick_bot(kind, rng, kinds, budget)

    def next_situation(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        result: Mapping[str, JSON],
    ) -> dict[str, JSON]:
        """The winner deals next; after a void deal or a redeal the same dealer deals again.
        The situation also counts the deals played (a redeal is not a deal played) and keeps each
        seat's running total of payments."""
        scores = list(situation["scores"]) if situation and "scores" in situation else [0] * seats
        payments = result.get("payments") or [0] * seats
        winner = result.get("winner")
        played = 0 if result.get("outcome") == "redeal" else 1
        return {
            "dealer": winner if isinstance(winner, int) else result["dealer"],
            "deals": (situation or {}).get("deals", 0) + played,
            "scores": [a + b for a, b in zip(scores, payments, strict=True)],
        }

    def match_winners(self, rules: Rules, situation: Mapping[str, JSON]) -> list[int] | None:
        """With ``match_deals`` 0 (default) the league ends the match and this returns ``None``;
        otherwise, once that many deals are played, the seats with the highest running total."""
        assert isinstance(rules, SiSePaiRules)
        if rules.match_deals == 0 or situation.get("deals", 0) < rules.match_deals:
            return None
        scores: list[int] = list(situation["scores"])
        return [s for s, v in enumerate(scores) if v == max(scores)]

    def settle_entered(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        figures: Figures,
        rescore: bool = False,
    ) -> dict[str, JSON]:
        """The winner and its hand's points, or a void deal; the dealer is entered on the first deal."""
        assert isinstance(rules, SiSePaiRules)
        return entered_result(rules, seats, situation, figures.winner, figures.hand_points, figures.declarer)

    def entry_limits(self, rules: Rules, seats: int) -> dict[str, int]:
        """The fewest points a winning hand needs."""
        assert isinstance(rules, SiSePaiRules)
        return {"low": rules.min_points}

    def fixed_declarer(self, situation: Mapping[str, JSON] | None) -> int | None:
        """The last winner deals (the situation's dealer); on the first deal the table drew for it."""
        dealer = (situation or {}).get("dealer")
        return dealer if isinstance(dealer, int) else None

    def review_knowledge(self) -> ReviewKnowledge:
        """The expert's knowledge looking ``REVIEW_TURNS`` draws ahead, judged in points paid."""
        from engine.games.sisepai.expert import SiSePaiKnowledge
        from engine.review.points import PAYMENT, REVIEW_TURNS, ReviewKnowledge

        return ReviewKnowledge(SiSePaiKnowledge(REVIEW_TURNS), PAYMENT)

    def _seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise BadSetup(f"Si Se Pai is for 2–4 players, not {seats}")
