"""The registered game ``zhaopengyou``: deck by number of players, situation between deals.

Situation JSON: ``{"deal": n, "ranks": [one per seat], "last_winners": [seats] or null,
"provisional_dealer": seat or null, "winners": [seats] or null}``. ``last_winners`` null means
everyone counts as a winner (a match's first deal, and after a redeal: docs/rules/zhaopengyou.md
§Declaring trumps); ``provisional_dealer`` null means it is drawn for (``scoring.dealer_draw``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.core.errors import BadSetup
from engine.core.game import JSON, Action, Bot, DealState, Rules, pick_bot
from engine.core.registry import register
from engine.family.dealfacts import THROW_PENALTY, Setup
from engine.family.game import FamilyGame
from engine.games.zhaopengyou.actions import parse_zhao_action
from engine.games.zhaopengyou.deal import ZhaoDeal
from engine.games.zhaopengyou.rules import KITTY, TABLE, ZhaoRules, hand_size, zhao_deck
from engine.games.zhaopengyou.scoring import dealer_draw


def first_situation(seats: int) -> dict[str, JSON]:
    """The situation of a match's first deal: everyone at rank 2 and counted as a winner."""
    return {
        "deal": 1,
        "ranks": ["2"] * seats,
        "last_winners": None,
        "provisional_dealer": None,
        "winners": None,
    }


def situation_or_first(situation: Mapping[str, JSON] | None, seats: int) -> dict[str, JSON]:
    """``situation`` with defaults filled in, or the first deal's."""
    out = first_situation(seats)
    if situation:
        out.update({k: v for k, v in situation.items() if k in out})
    return out


class ZhaoGame(FamilyGame):
    """Zhao Pengyou (找朋友), as docs/rules/zhaopengyou.md states it."""

    name = "zhaopengyou"
    title = "Zhao Pengyou (Finding Friends)"
    chinese = "找朋友"
    rules_type = ZhaoRules
    min_seats = 6
    max_seats = 12
    default_seats = 6

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
