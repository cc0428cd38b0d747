"""A rating change's explanation is read in the visitor's language; English keeps the stored line."""

from __future__ import annotations

import pytest
from django.utils import translation

from league.elo import EXPECTED_SCALE, RatingChange
from league.services.explanations import explained

pytestmark = pytest.mark.backend_free


def change(**figures: object) -> str:
    """The line league/elo.py writes for a change with these figures."""
    base = dict(match_id=1, family="tractor", player=1, before=1500, after=1520, k=40, provisional=True)
    base |= dict(side_average=1500, opponents_average=1500, games_before=0, sides=2, pairings=1)
    base |= dict(score2=2, expected=EXPECTED_SCALE // 2)
    return RatingChange(**(base | figures)).explanation  # type: ignore[arg-type]


PAIRWISE = change()
ZERO_SUM = change(before=1491, after=1485, score2=0, team_sizes=(2, 4), provisional=False)


@pytest.mark.parametrize(
    ("line", "language", "shown"),
    [
        (
            PAIRWISE,
            "zh-hans",
            "+20（1500 → 1520）：对手平均 1500（本方 1500），得分 1/1，期望 0.50，K 40 （定级中）",
        ),
        (ZERO_SUM, "zh-hans", "2 人一方对 4 人一方落败"),
        (ZERO_SUM, "zh-hant", "2 人一方對 4 人一方落敗"),
        (PAIRWISE, "en", PAIRWISE),
        ("something else", "zh-hans", "something else"),
    ],
)
def test_an_explanation_is_worded_in_the_pages_language(line: str, language: str, shown: str) -> None:
    """Both forms the Elo module writes are worded again; another line is shown as stored."""
    with translation.override(language):
        assert shown in explained(line)
