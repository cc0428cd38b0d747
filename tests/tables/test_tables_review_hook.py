"""A live table offers each deal it finishes for automatic review (replays.services.reviews)."""

from __future__ import annotations

from typing import Any

import pytest

from league.models import Deal
from replays.services import reviews
from tests.tables.test_tables_match import played_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_finished_deal_is_offered_for_automatic_review(
    club: Any, members: list[Any], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the commit of each deal's last move, ``deal_finished`` hears of it once."""
    settings.TABLES_PACING = "manual"  # server steps wait for run_pending
    seen: list[int] = []
    monkeypatch.setattr(reviews, "deal_finished", seen.append)
    table = played_out(club, members[:1], dict.fromkeys(range(4), "heuristic"), deals=1)
    finished = Deal.objects.filter(match=table.match, status=Deal.Status.FINISHED).order_by("pk")
    assert seen == list(finished.values_list("pk", flat=True))
