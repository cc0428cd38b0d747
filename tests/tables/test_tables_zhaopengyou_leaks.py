"""No hidden card leaks at a 9-player Zhao Pengyou table: every frame of whole bot matches is checked.

Seats 0 and 1 are members whose clocks run out at once (the server plays for them), seats 2-8 are
heuristic and random bots; the sockets of seats 0 and 1 and a spectator's receive every view.
The checks are the four-player test's (``test_tables_leaks``); only what the rules announce to
everybody in Zhao Pengyou is set aside first, after checking it is exactly that: the friend calls,
the draw for the provisional dealer, and the declarer's call hints (every plain card in a fixed
order, whoever holds it).
"""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest
from channels.db import database_sync_to_async

from engine.family.cards import RANKS, SUITS
from engine.games.zhaopengyou.actions import Call
from engine.search import expert as search
from league.models import Deal
from tests.tables.conftest import session_cookie
from tests.tables.helpers import LEAK_CHECK, check_frames, seated_table, stored_move_count, watch_match
from tests.tables.test_tables_leaks import assert_no_leak

pytestmark = LEAK_CHECK

SEATS = 9
DEALS = 12  # played deals (redeals come on top); a 9-player deal is about 320 moves
# (the bot at the even seats from 2, who plays for a late member, played deals): the expert's run is
# a couple of deals, each of its decisions a search.
RUNS = {"heuristic": ("heuristic", DEALS), "expert": ("expert", 2)}
MAX_HINTS = 100  # tables.services.views.MAX_HINTS


@database_sync_to_async
def new_table(club: Any, members: list[Any], bot: str, deals: int) -> tuple[Any, list[bytes]]:
    bots = {s: bot if s % 2 else "random" for s in range(2, SEATS)}
    table = seated_table(
        club, members[:2], "zhaopengyou", bots=bots, seats=SEATS, seconds_per_decision=0, deals_target=deals
    )
    return table, [session_cookie(m) for m in members[:3]]


async def play_match(
    club: Any, members: list[Any], bot: str = "heuristic", deals: int = DEALS
) -> list[tuple[int | None, dict[str, Any]]]:
    """One match watched by seat 0's, seat 1's and a spectator's sockets (members[2] holds no seat)."""
    table, cookies = await new_table(club, members, bot, deals)
    return await watch_match(table, cookies, [0, 1, None])


def call_order(state: Any) -> list[str]:
    """Every call the declarer could still make, in the engine's fixed order, whoever holds the cards."""
    return [
        str(Call(nth, rank + suit))
        for suit in SUITS
        for rank in reversed(RANKS)
        if not state.trump.is_trump(rank + suit)
        for nth in range(1, state.decks + 1)
        if Call(nth, rank + suit) not in state.calls
    ]


def set_aside_announcements(state: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """The frame without what the rules announce to everybody, after checking that part."""
    public = state.view(None)
    frame = dict(frame, state=dict(frame["state"]))
    for key in ("calls", "dealer_draw"):
        assert frame["state"].pop(key) == public[key], (key, frame["version"])
    calls = [h for h in frame["legal"] if h.startswith("call ")]
    if calls:
        assert calls == list(islice(call_order(state), MAX_HINTS)), frame["version"]
        frame["legal"] = [h for h in frame["legal"] if not h.startswith("call ")]
    return frame


def assert_no_unannounced_leak(state: Any, seat: int | None, frame: dict[str, Any]) -> None:
    """The four-player check on the frame, once the announcements are checked and set aside."""
    assert_no_leak(state, seat, set_aside_announcements(state, frame))


def played_deals() -> int:
    """Finished deals that were played out (not redealt); a result is read whole (league/fields.py)."""
    results = Deal.objects.filter(status="finished").values_list("result", flat=True)
    return sum((result or {}).get("outcome") == "played" for result in results)


@pytest.mark.parametrize("run", list(RUNS))
async def test_no_frame_at_a_nine_player_table_shows_a_card_its_receiver_may_not_see(
    club: Any, members: list[Any], settings: Any, monkeypatch: Any, run: str
) -> None:
    """Whole matches through the real consumers; every frame to two seats and a spectator checked."""
    bot, least = RUNS[run]
    settings.TABLES_PACE = {"draw": 0.001, "bot": 0.001, "between_deals": 0}
    settings.TABLES_TIMEOUT_BOT = bot
    # The seated experts search at the fast budget here, so a deal takes seconds, not minutes.
    monkeypatch.setitem(search.BUDGET, "strong", search.BUDGET["fast"])
    frames: list[tuple[int | None, dict[str, Any]]] = []
    played = 0
    while played < least:  # a match may end early: somebody reached A
        frames += await play_match(club, members, bot, least)
        played = await database_sync_to_async(played_deals)()
    checked_deals, checked = await database_sync_to_async(check_frames)(frames, assert_no_unannounced_leak)
    assert played >= least and checked_deals >= least
    # Three receivers; fast bots coalesce some versions, but most moves reach every socket.
    assert checked > 1.5 * await database_sync_to_async(stored_move_count)()
    print(f"zhao pengyou leak check: {checked_deals} deals, {checked} frames")
