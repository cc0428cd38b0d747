"""The registered game ``zhaopengyou``: deck by number of players, situation between deals.

Situation JSON: ``{"deal": n, "ranks": [one per seat], "last_winners": [seats] or null,
"provisional_dealer": seat or null, "winners": [seats] or null}``. ``last_winners`` null means
everyone counts as a winner (a match's first deal, and after a redeal: docs/rules/zhaopengyou.md
§Declaring trumps); ``provisional_dealer`` null means it is drawn for (``scoring.dealer_draw``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core.errors import BadSetup
from engine.core.figures import Figures
from engine.core.game import JSON, Action, Bot, DealState, Rules, pick_bot
from engine.core.registry import register
from engine.core.result import ZhaoResult, ZhaoSituation
from engine.core.traits import Duel, MatchScore, RatedBy, Sides, example, gettext_noop
from engine.family.dealfacts import THROW_PENALTY, Setup
from engine.family.game import FAMILY_EXAMPLES, FamilyGame
from engine.games.zhaopengyou.actions import parse_zhao_action
from engine.games.zhaopengyou.deal import ZhaoDeal
from engine.games.zhaopengyou.rules import KITTY, TABLE, ZhaoRules, calls_for, hand_size, zhao_deck
from engine.games.zhaopengyou.scoring import dealer_draw
from engine.games.zhaopengyou.situation import situation_or_first

if TYPE_CHECKING:  # the review imports the games
    from engine.review.points import ReviewKnowledge


class ZhaoGame(FamilyGame):
    """Zhao Pengyou (找朋友), as docs/rules/zhaopengyou.md states it."""

    name = "zhaopengyou"
    title = "Zhao Pengyou (Finding Friends)"
    chinese = "找朋友"
    rules_type = ZhaoRules
    min_seats = 6
    max_seats = 12
    default_seats = 6
    page_title = gettext_noop("Zhao Pengyou (Finding Friends)")
    summary = gettext_noop("Six to twelve players; the declarer calls cards to find hidden friends.")
    sides = Sides.FRIENDS
    deal_result = ZhaoResult
    match_situation = ZhaoSituation
    # Placed by the rank reached, then the game points won; the standings sum the same.
    match_score = MatchScore.RANKS
    points_from = "levels"
    second_from = "game_points"
    # The teams are hidden and change every deal: each played deal rates its two final sides.
    rated_by = RatedBy.DEAL_TEAMS
    rated_outcome = "played"
    result_unit = "ranks"
    figures = ("declarer", "friends", "defender_points", "redeal")
    # Jokers and rank cards never form sequences here (docs/rules/zhaopengyou.md, "Leading").
    examples = {
        **{name: rows for name, rows in FAMILY_EXAMPLES.items() if name != "trump-tractor"},
        "set": example(("", "7S 7S 7S")),
        "sequence": example(("", "6S 6S 6S 7S 7S 7S")),
        "follow-set": example(
            ("led", "9C 9C 9C"),
            ("hand", "QC QC QC 4C 4C 8D"),
            ("allowed", "QC QC QC"),
            ("refused", "QC QC 4C"),
        ),
        "call": example(("", "AS | TD")),
    }
    strength = {
        "heuristic": Duel("heuristic", "random", 200, 6, "", 0.7063, 0.77, (0.6501, 0.8899)),
        # The run at `strong` (seed 1, 200 decks of six players), what a seated expert plays, its
        # margin counted from the pivot (docs/engine.md): more than at `fast` (+0.219 ranks a deck
        # over 1,000 decks); +0.217 before the pivot, level before its worlds believed the calls.
        "expert": Duel("expert", "heuristic", 200, 6, "strong", 0.595, 0.275, (0.1711, 0.3789)),
    }

    def settle_entered(
        self,
        rules: Rules,
        seats: int,
        situation: Mapping[str, JSON] | None,
        figures: Figures,
        rescore: bool = False,
    ) -> dict[str, JSON]:
        """``entered.settle_figures``: a redeal, or the declarer, its friends and the points."""
        from engine.games.zhaopengyou.entered import settle_figures

        assert isinstance(rules, ZhaoRules)
        return settle_figures(rules, seats, situation, figures, rescore)

    def entry_limits(self, rules: Rules, seats: int) -> dict[str, int]:
        """The defenders' top points and the friends called at this table."""
        from engine.games.zhaopengyou.entered import most_defender_points

        assert isinstance(rules, ZhaoRules)
        if seats not in TABLE:
            return {}
        return {"top": most_defender_points(rules, seats), "calls": calls_for(seats)}

    def declarers(self, situation: Mapping[str, JSON] | None, seats: int) -> list[int]:
        """Last deal's winners (zhaopengyou.md §Declaring trumps); every seat on the first deal."""
        winners = (situation or {}).get("last_winners")
        return [int(s) for s in winners] if isinstance(winners, list) else list(range(seats))

    def review_knowledge(self) -> ReviewKnowledge:
        """The expert's knowledge (its worlds believe the calls), judged in card points."""
        from engine.games.zhaopengyou.expert import ZhaoExpertBot
        from engine.review.points import CARD_POINTS, ReviewKnowledge

        return ReviewKnowledge(ZhaoExpertBot.knowledge, CARD_POINTS)

    def deck(self, rules: Rules, seats: int) -> tuple[str, ...]:
        """The rules' packs and jokers for ``seats`` players (zhaopengyou.md §Players and cards)."""
        if seats not in TABLE:
            raise BadSetup(f"{self.name} is played by {self.min_seats}-{self.max_seats} players, not {seats}")
        return zhao_deck(seats)

    def parse_action(self, text: str) -> Action:
        """The family notation plus ``call 2nd AS``."""
        return parse_zhao_action(text)

    def bot(self, kind: str, rng: random.Random, budget: str = "strong") -> Bot:
        """A ``random``, ``heuristic`` or ``expert`` Zhao Pengyou bot."""
        from engine.games.zhaopengyou.bots import ZhaoHeuristicBot, ZhaoRandomBot
        from engine.games.zhaopengyou.expert import ZhaoExpertBot

        kinds = {"random": ZhaoRandomBot, "heuristic": ZhaoHeuristicBot, "expert": ZhaoExpertBot}
        return pick_bot(kind, rng, kinds, budget)

    def start(
        self, rules: Rules, seats: int, deck: Sequence[str], situation: Mapping[str, JSON] | None
    ) -> DealState:
        """A new deal; the provisional dealer draws first (drawn for on the first deal)."""
        assert isinstance(rules, ZhaoRules)
        self.check_setup(rules, seats, deck, 0)
        sit = situation_or_first(situation, seats)
        ranks = [str(r) for r in sit["ranks"]]
        if len(ranks) != seats:
            raise BadSetup(f"the situation has {len(ranks)} ranks for {seats} seats")
        provisional, rounds = sit["provisional_dealer"], None
        if provisional is None and rules.first_dealer >= 0:
            provisional = rules.first_dealer
        elif provisional is None:
            provisional, rounds = dealer_draw(deck, seats)
        self.check_setup(rules, seats, deck, int(provisional))
        winners = sit["last_winners"]
        setup = Setup(
            seats=seats,
            hand_size=hand_size(seats),
            kitty_size=KITTY,
            first_drawer=int(provisional),
            dealer=None,
            rank=None,
            levels=tuple(ranks),
            sequences=True,
            pointless_redeal=False,
            tractor_follow=rules.tractor_follow,
            real_hand_throws=rules.real_hand_throws,
            throw_penalty=THROW_PENALTY if rules.throw_penalty else 0,
            ruff_every_unit=rules.ruff_every_unit,
        )
        eligible = range(seats) if winners is None else [int(s) for s in winners]
        return ZhaoDeal(rules, setup, deck, situation, list(eligible), rounds)

    def next_situation(
        self, rules: Rules, seats: int, situation: Mapping[str, JSON] | None, result: Mapping[str, JSON]
    ) -> dict[str, JSON]:
        """Ranks, last winners and the provisional dealer after ``result``."""
        current = situation_or_first(situation, seats)
        nxt = dict(current)
        nxt["deal"] = int(current["deal"]) + 1
        nxt["provisional_dealer"] = result.get("next_dealer", current["provisional_dealer"])
        if result.get("outcome") != "played":
            nxt["last_winners"] = None  # §Declaring trumps: after a redeal everyone counts as a winner
            return nxt
        nxt["ranks"] = list(result["ranks_after"])
        nxt["last_winners"] = list(result["deal_winners"])
        nxt["winners"] = result.get("winners")
        return nxt

    def match_winners(self, rules: Rules, situation: Mapping[str, JSON]) -> list[int] | None:
        """The players who reached A (or beyond) in the last deal (zhaopengyou.md §Rank rises)."""
        winners = situation.get("winners")
        return list(winners) if winners else None


GAME = register(ZhaoGame())
