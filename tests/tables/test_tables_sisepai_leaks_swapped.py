"""Si Se Pai claim windows leak nothing, the bots' seats swapped: the check of ``test_tables_sisepai_leaks``
over the other half of its deals, the random bot at seat 1 and the heuristic bot at seat 2."""

from __future__ import annotations

from typing import Any

from tests.tables.helpers import LEAK_CHECK
from tests.tables.test_tables_sisepai_leaks import DEALS, leak_check

pytestmark = LEAK_CHECK


async def test_no_si_se_pai_frame_tells_hidden_cards_or_who_could_claim_the_bots_swapped(
    club: Any, members: list[Any], settings: Any
) -> None:
    """At least 100 deals, the random bot at seat 1 (it plays for the late member too), the heuristic at 2."""
    await leak_check(club, members, settings, {1: "random", 2: "heuristic"}, DEALS, 25)
