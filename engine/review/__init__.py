"""The game review (复盘): every decision of a finished deal judged by the expert bot's search.

See ``engine.review.review`` for how a decision is judged, ``engine.review.points`` for the unit
of each game and ``engine.review.judgement`` for the labels and accuracy; ``replays/README.md``
("Game review") documents the figures.
"""

from engine.review.judgement import LABELS, Judgement, SeatSummary, summarize
from engine.review.review import (
    BUDGETS,
    DEFAULT_BUDGET,
    ENGINE_VERSION,
    Review,
    decisions,
    iter_judgements,
    review_record,
    unit_of,
)

__all__ = [
    "BUDGETS",
    "DEFAULT_BUDGET",
    "ENGINE_VERSION",
    "LABELS",
    "Judgement",
    "Review",
    "SeatSummary",
    "decisions",
    "iter_judgements",
    "review_record",
    "summarize",
    "unit_of",
]
