"""The review judges a deal of every shipped rule set (engine/core/rulesets.py, docs/rules/)."""

from __future__ import annotations

import random

import pytest

from engine.core.match import selfplay_deal
from engine.core.registry import get_game
from engine.core.rulesets import SHIPPED, RuleSet
from engine.review.review import decisions, review_record


@pytest.mark.parametrize("ruleset", SHIPPED, ids=lambda r: r.name)
def test_the_review_judges_a_deal_of_every_shipped_rule_set(ruleset: RuleSet) -> None:
    """A heuristic deal under the rule set, its last two decisions judged at ``fast``."""
    game = get_game(ruleset.game)
    rules = game.rules_from_json(dict(ruleset.options))
    seats = game.seats_for(rules) or game.default_seats
    record = selfplay_deal(game, rules, seats, None, random.Random(3), ["heuristic"])
    total = decisions(record)
    review = review_record(record, "fast", 0, start=max(0, total - 2))
    assert len(review.judgements) == min(2, total)
    assert len(review.per_seat) == seats
