"""No hidden card leaks at a live Tractor table with kitty stealing (tractor.md §Kitty stealing):
every frame of a few bot deals through the real consumers is checked against what its receiver
may see, the stolen and re-buried kitty included."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from league.models import Deal
from tests.tables.helpers import LEAK_CHECK, check_frames
from tests.tables.test_tables_leaks import assert_no_leak, play_match

pytestmark = LEAK_CHECK

DEALS = 6


async def test_no_frame_shows_the_kitty_to_a_seat_that_did_not_bury_it_last(
    club: Any, members: list[Any], settings: Any
) -> None:
    """A match of six deals; every frame to seat 0 and to a spectator checked."""
    settings.TABLES_PACE = {"draw": 0.001, "bot": 0.001, "between_deals": 0}
    settings.TABLES_TIMEOUT_BOT = "heuristic"
    frames = await play_match(club, members, "tractor", rules={"kitty_stealing": True}, deals=DEALS)
    checked_deals, checked = await database_sync_to_async(check_frames)(frames, assert_no_leak)
    assert checked_deals >= DEALS and checked > 20 * DEALS
    phases = {frame["state"]["phase"] for _, frame in frames if "state" in frame}
    assert "steal" in phases
    assert await database_sync_to_async(Deal.objects.filter(status="finished").count)() >= DEALS
