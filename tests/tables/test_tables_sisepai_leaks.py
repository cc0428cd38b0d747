"""Si Se Pai claim windows leak nothing: 200+ bot deals at a 3-player table through the real consumers.

Seat 0 is a member whose clock runs out at once (the server answers for it, ``auto``), seats 1 and
2 are a heuristic and a random bot (in this file; the other way round, the other half of the deals,
in ``test_tables_sisepai_leaks_swapped``, so that two test workers share them); seat 0's socket and
a spectator's receive every view. Each frame
is replayed against the deal's move log and must be exactly the engine's view of its receiver, with
hints and clock for that receiver only — and that view must not change when the cards hidden from
the receiver (other hands, the stock) are dealt differently: so no frame can tell another seat's
hand, nor which seats could claim the shown card. The move logs show that every shown card asked
every seat entitled to it (all seats for a drawn card, all but the discarder for a discard), and
that each of them answered or timed out, whether or not it could claim.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from channels.db import database_sync_to_async

from engine import get_game
from engine.games.sisepai.state import SiSePaiDeal
from engine.search import expert as search
from league.models import Deal
from league.services import archive
from tables.services import states
from tests.tables.conftest import session_cookie
from tests.tables.helpers import LEAK_CHECK, check_frames, seated_table, watch_match

pytestmark = LEAK_CHECK

DEALS = 100  # heuristic deals of each file: 200 in all
SEATS = 3
GAME = get_game("sisepai")


@database_sync_to_async
def new_table(club: Any, members: list[Any], bots: dict[int, str], deals: int) -> tuple[Any, list[bytes]]:
    table = seated_table(club, members[:1], "sisepai", bots=bots, seconds_per_decision=0, deals_target=deals)
    return table, [session_cookie(members[0]), session_cookie(members[1])]


async def play_match(
    club: Any, members: list[Any], bots: dict[int, str], deals: int = 25
) -> list[tuple[int | None, dict[str, Any]]]:
    """One match watched by seat 0's socket and a spectator's (members[1] holds no seat)."""
    table, cookies = await new_table(club, members, bots, deals)
    return await watch_match(table, cookies, [0, None])


def redealt(state: SiSePaiDeal, seat: int | None, rng: random.Random) -> SiSePaiDeal:
    """The same deal with the cards hidden from ``seat`` (other hands, the stock) dealt anew."""
    other = copy.copy(state)
    hidden = [s for s in range(state.seats) if s != seat]
    pool = [c for s in hidden for c in state.hands[s].elements()] + list(state.deck[state.stock_pos :])
    rng.shuffle(pool)
    other.hands = list(state.hands)
    for s in hidden:
        size = state.hand_size(s)
        other.hands[s], pool = Counter(pool[:size]), pool[size:]
    other.deck = state.deck[: state.stock_pos] + tuple(pool)
    return other


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def assert_frame_is_the_receivers_view(state: Any, seat: int | None, frame: dict[str, Any]) -> None:
    """The frame holds the receiver's view, hints and clock, and nothing that hidden cards decide."""
    assert isinstance(state, SiSePaiDeal)
    where = (seat, frame["deal"], frame["version"])
    assert frame["state"] == as_json(state.view(seat)), where
    assert frame["hand"] == (None if seat is None else as_json(state.view(seat)["hand"])), where
    mine = seat is not None and seat in state.to_move()
    assert frame["legal"] == ([str(a) for a in state.legal_actions(seat)] if mine else []), where
    waiting = sorted(state.must_move())
    assert (frame["clock"] or {"seats": []})["seats"] == waiting, where
    if state.is_over():
        return  # the record is public once the deal is over
    rng = random.Random(frame["version"])
    for _ in range(3):
        other = redealt(state, seat, rng)
        assert as_json(other.view(seat)) == frame["state"], where
        assert sorted(other.must_move()) == waiting, where


def check_windows(deal: Deal) -> Counter[str]:
    """Every shown card asks every seat entitled to it, and each answers once (or times out)."""
    state = states.fresh_state(deal)
    assert isinstance(state, SiSePaiDeal)
    seen: Counter[str] = Counter()
    asked: set[int] = set()
    answered: list[int] = []
    for move in archive.moves(deal):
        if state.phase.value == "window" and not state.answers:
            shown = state.shown
            assert shown is not None
            expected = set(range(SEATS)) if shown.drawn else set(range(SEATS)) - {shown.owner}
            assert set(state.window) == expected, (deal.pk, move.seq)
            asked, answered = expected, []
            seen["windows"] += 1
        if state.phase.value == "window":
            could = [str(a) for a in state.legal_actions(move.seat)]
            seen["answers without a claim" if could == ["pass"] else "answers with a claim"] += 1
            seen["timed out"] += move.auto
            answered.append(move.seat)
        state.apply(move.seat, GAME.parse_action(move.action))
        if answered and not state.answers:  # the window closed with this answer
            assert sorted(answered) == sorted(asked), (deal.pk, move.seq, answered, asked)
            answered = []
    return seen


async def leak_check(
    club: Any, members: list[Any], settings: Any, bots: dict[int, str], least: int, per_match: int
) -> None:
    """Matches of ``per_match`` deals with ``bots`` until at least ``least`` deals are played through
    the real consumers (the bot at seat 1 also plays for the late member); every frame to seat 0 and
    a spectator checked, and every claim window of every deal."""
    settings.TABLES_PACE = {"draw": 0.001, "bot": 0.001, "between_deals": 0}
    settings.TABLES_TIMEOUT_BOT = bots[1]
    frames: list[tuple[int | None, dict[str, Any]]] = []
    deals = 0
    while deals < least:
        frames += await play_match(club, members, bots, per_match)
        deals = await database_sync_to_async(Deal.objects.filter(status="finished").count)()
    checked_deals, checked = await database_sync_to_async(check_frames)(
        frames, assert_frame_is_the_receivers_view
    )
    assert checked_deals >= least
    assert checked > 20 * least
    windows: Counter[str] = Counter()
    for deal in await database_sync_to_async(list)(Deal.objects.filter(status="finished")):
        windows += await database_sync_to_async(check_windows)(deal)
    # Seats that could only pass were asked all the same, and a member's clock answered for them.
    assert windows["answers without a claim"] > windows["windows"]
    assert windows["answers with a claim"] > 0 and windows["timed out"] > 0
    print(f"sisepai leak check: {checked_deals} deals, {checked} frames, {dict(windows)}")


async def test_no_si_se_pai_frame_tells_hidden_cards_or_who_could_claim(
    club: Any, members: list[Any], settings: Any
) -> None:
    """At least 100 deals, the heuristic bot at seat 1 and the random bot at seat 2."""
    await leak_check(club, members, settings, {1: "heuristic", 2: "random"}, DEALS, 25)


async def test_no_si_se_pai_frame_tells_hidden_cards_or_who_could_claim_with_the_expert(
    club: Any, members: list[Any], settings: Any, monkeypatch: Any
) -> None:
    """A few deals with the expert bot at seat 1, each of its decisions a search."""
    # The seated expert searches at the fast budget here, so a deal takes seconds, not minutes.
    monkeypatch.setitem(search.BUDGET, "strong", search.BUDGET["fast"])
    await leak_check(club, members, settings, {1: "expert", 2: "random"}, 4, 2)
