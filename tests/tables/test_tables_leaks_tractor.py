"""No hidden card leaks in Tractor: the leak check of ``test_tables_leaks`` over whole heuristic matches."""

from __future__ import annotations

from typing import Any

from tests.tables.helpers import LEAK_CHECK
from tests.tables.test_tables_leaks import DEALS_PER_GAME, leak_check

pytestmark = LEAK_CHECK


async def test_no_tractor_frame_shows_a_card_its_receiver_may_not_see(
    club: Any, members: list[Any], settings: Any
) -> None:
    """Matches of 12 deals, the heuristic bot at seat 2; every frame to seat 0 and the spectator checked."""
    await leak_check(club, members, settings, ("tractor",), DEALS_PER_GAME, 12, "heuristic")
