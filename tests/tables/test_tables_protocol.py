"""The table socket protocol through the real ASGI stack: joining, acting, views and every error path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async

from engine import get_game
from engine.core.record import commitment
from league.models import Club, Deal, Move
from tests.tables.conftest import close_code, session_cookie, socket
from tests.tables.helpers import Sockets, seated_table, start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def until(ws: Any, predicate: Any, limit: int = 2000) -> dict[str, Any]:
    """Read frames until one satisfies ``predicate``."""
    for _ in range(limit):
        frame = await ws.receive_json_from(timeout=5)
        if predicate(frame):
            return frame
    raise AssertionError("no such frame")


def deciding(seat: int) -> Any:
    """A predicate: a view in which ``seat`` must decide (not a paced draw)."""

    def check(frame: dict[str, Any]) -> bool:
        clock = frame.get("clock") or {}
        return frame.get("type") == "view" and seat in clock.get("seats", []) and not clock.get("paced")

    return check


@database_sync_to_async
def four_seated(club: Club, members: list[Any], **options: Any) -> tuple[Any, list[bytes]]:
    table = seated_table(club, members, **options)
    return table, [session_cookie(m) for m in members]


@database_sync_to_async
def begin(table: Any) -> Deal:
    return start(table)


@database_sync_to_async
def move_count() -> int:
    return Move.objects.count()


async def connect_all(table: Any, cookies: list[bytes]) -> list[Any]:
    sockets = []
    for cookie in cookies:
        ws = socket(table.pk, cookie)
        connected, _ = await ws.connect()
        assert connected
        assert (await ws.receive_json_from())["type"] == "lobby"
        sockets.append(ws)
    return sockets


async def test_it_sends_each_seat_its_own_hand_and_only_counts_of_the_others(
    club: Club, members: list[Any]
) -> None:
    """Every seat sees its own cards; other hands and the stock arrive as counts."""
    table, cookies = await four_seated(club, members)
    sockets = await connect_all(table, cookies)
    await begin(table)
    for seat, ws in enumerate(sockets):
        frame = await until(ws, lambda f: f["type"] == "view" and f["state"]["phase"] != "draw")
        assert frame["seat"] == seat
        zones = frame["state"]["zones"]
        assert isinstance(zones[f"hand:{seat}"], list)
        for other in range(4):
            if other != seat:
                assert isinstance(zones[f"hand:{other}"], int)
        assert frame["fairness"].keys() == {"commitment"}
        await ws.disconnect()


async def test_it_lets_a_visitor_watch_a_public_club_table_as_a_spectator(
    club: Club, members: list[Any], outsider: Any
) -> None:
    """An outsider of a public club gets the spectator's view: no hand at all, no hints."""
    table, _ = await four_seated(club, members)
    cookie = await database_sync_to_async(session_cookie)(outsider)
    ws = socket(table.pk, cookie)
    assert (await ws.connect())[0]
    await ws.receive_json_from()
    await begin(table)
    frame = await until(ws, lambda f: f["type"] == "view" and f["state"]["phase"] != "draw")
    assert frame["seat"] is None
    assert all(isinstance(frame["state"]["zones"][f"hand:{s}"], int) for s in range(4))
    assert frame["legal"] == []
    await ws.send_json_to({"type": "act", "action": "pickup", "version": frame["version"]})
    assert (await until(ws, lambda f: f["type"] == "error"))["code"] == "not_your_seat"
    await ws.disconnect()


async def test_it_closes_4404_to_an_outsider_at_a_private_club_table(
    club: Club, members: list[Any], outsider: Any
) -> None:
    """A logged-in outsider of a private club is accepted, then closed with 4404 before any frame."""
    await database_sync_to_async(Club.objects.filter(pk=club.pk).update)(is_public=False)
    table, _ = await four_seated(club, members)
    cookie = await database_sync_to_async(session_cookie)(outsider)
    assert await close_code(socket(table.pk, cookie)) == 4404


async def test_it_closes_4401_to_a_visitor_at_a_private_club_table(club: Club, members: list[Any]) -> None:
    """Someone not logged in gets 4401: logging in may open the table."""
    await database_sync_to_async(Club.objects.filter(pk=club.pk).update)(is_public=False)
    table, _ = await four_seated(club, members)
    assert await close_code(socket(table.pk)) == 4401


async def test_an_unknown_table_closes_like_a_private_one(outsider: Any) -> None:
    """No table: 4404 when logged in, 4401 when not, the same codes a private table gives."""
    cookie = await database_sync_to_async(session_cookie)(outsider)
    assert await close_code(socket(987654, cookie)) == 4404
    assert await close_code(socket(987654)) == 4401


async def test_a_member_of_a_private_club_joins_its_table(club: Club, members: list[Any]) -> None:
    """The allowed case: a member's socket stays open and gets the table's frame."""
    await database_sync_to_async(Club.objects.filter(pk=club.pk).update)(is_public=False)
    table, cookies = await four_seated(club, members)
    ws = socket(table.pk, cookies[1])
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from(timeout=5))["type"] == "lobby"
    await ws.disconnect()


async def play_out(
    sockets: list[Any], rng: random.Random, number: int = 1
) -> tuple[list[list[dict[str, Any]]], dict[str, Any]]:
    """Every seat plays a random legal hint whenever it must decide, until deal ``number`` is over."""
    group = Sockets(sockets)
    try:
        while True:
            seat, frame = await group.next()
            if frame["type"] != "view" or frame["number"] != number:
                continue
            if frame["state"]["phase"] == "over":
                return group.frames, frame
            if deciding(seat)(frame) and frame["legal"]:
                action = rng.choice(frame["legal"])
                await group.send(seat, {"type": "act", "action": action, "version": frame["version"]})
    finally:
        for reader in group.readers:
            reader.cancel()


async def test_a_whole_deal_is_played_through_the_sockets(club: Club, members: list[Any]) -> None:
    """Four members play a deal by acting on their hints; the log, the version and the reveal agree."""
    table, cookies = await four_seated(club, members)
    sockets = await connect_all(table, cookies)
    deal = await begin(table)
    frames, final = await play_out(sockets, random.Random(7))
    assert final["state"]["result"] is not None
    stored = await database_sync_to_async(Deal.objects.get)(pk=deal.pk)
    assert stored.status == "finished"
    assert await database_sync_to_async(Move.objects.filter(deal=deal).count)() == stored.version
    fairness = final["fairness"]
    assert fairness["commitment"] == commitment(fairness["salt"], fairness["deck"])
    game = get_game("shengji")
    assert (
        list(game.shuffled_deck(game.rules_from_json(stored.rules), 4, random.Random(fairness["seed"])))
        == (fairness["deck"])
    )
    for ws in sockets:
        await ws.disconnect()


async def test_errors_change_nothing_and_keep_the_socket(club: Club, members: list[Any]) -> None:
    """Stale version, out of turn, another's seat, illegal move, bad notation and bad frames: typed errors."""
    table, cookies = await four_seated(club, members)
    sockets = await connect_all(table, cookies)
    await begin(table)
    frame = await until(sockets[0], lambda f: f["type"] == "view" and f["clock"] and not f["clock"]["paced"])
    mover = frame["clock"]["seats"][0]
    other = (mover + 1) % 4
    version = frame["version"]
    view = frame if mover == 0 else await until(sockets[mover], deciding(mover))
    before = await move_count()
    cases = [
        (
            sockets[mover],
            {"type": "act", "action": view["legal"][0], "version": version - 1},
            "stale_version",
        ),
        (
            sockets[mover],
            {"type": "act", "action": view["legal"][0], "version": version + 5},
            "stale_version",
        ),
        (sockets[other], {"type": "act", "action": view["legal"][0], "version": version}, "not_your_turn"),
        (sockets[mover], {"type": "act", "action": "fly to the moon", "version": version}, "bad_notation"),
        (sockets[mover], {"type": "act", "action": "bury AS", "version": version}, "wrong_phase"),
        (sockets[mover], {"type": "act", "action": view["legal"][0]}, "bad_message"),
        (sockets[mover], {"type": "act", "action": view["legal"][0], "version": True}, "bad_message"),
        (sockets[mover], {"type": "act", "action": 5, "version": version}, "bad_message"),
        (sockets[mover], {"type": "join", "seat": other}, "not_your_seat"),
        (sockets[mover], {"type": "dance"}, "bad_message"),
        (sockets[mover], [1, 2], "bad_message"),
    ]
    for ws, message, code in cases:
        await ws.send_json_to(message)
        reply = await until(ws, lambda f: f["type"] == "error")
        assert reply["code"] == code, (message, reply)
    for raw in ["not json", "{", "x" * 5000, json.dumps({"type": "act", "action": "a" * 300, "version": 1})]:
        await sockets[mover].send_to(text_data=raw)
        assert (await until(sockets[mover], lambda f: f["type"] == "error"))["code"] == "bad_message"
    await sockets[mover].send_to(bytes_data=b"\x00\x01")
    assert (await until(sockets[mover], lambda f: f["type"] == "error"))["code"] == "bad_message"
    assert await move_count() == before
    await sockets[mover].send_json_to({"type": "sync"})
    again = await until(sockets[mover], lambda f: f["type"] == "view")
    assert again["version"] == version
    await sockets[mover].send_json_to({"type": "act", "action": view["legal"][0], "version": version})
    moved = await until(sockets[mover], lambda f: f["type"] == "view" and f["version"] > version)
    assert moved["version"] >= version + 1
    assert await move_count() > before
    for ws in sockets:
        await ws.disconnect()


async def test_an_illegal_play_is_refused_by_the_engine(club: Club, members: list[Any]) -> None:
    """A card the player does not hold, in the play phase, is an illegal action."""
    table, cookies = await four_seated(club, members)
    sockets = await connect_all(table, cookies)
    await begin(table)
    rng = random.Random(3)
    latest: dict[int, dict[str, Any]] = {}
    while True:
        for seat, ws in enumerate(sockets):
            while not await ws.receive_nothing(timeout=0.002):
                frame = await ws.receive_json_from()
                if frame["type"] == "view":
                    latest[seat] = frame
        playing = [s for s, f in latest.items() if deciding(s)(f) and f["state"]["phase"] == "play"]
        if playing or any(f["state"]["phase"] == "over" for f in latest.values()):
            break
        for seat, frame in list(latest.items()):
            if deciding(seat)(frame) and frame["legal"]:
                await sockets[seat].send_json_to(
                    {"type": "act", "action": rng.choice(frame["legal"]), "version": frame["version"]}
                )
                latest.pop(seat)
                break
    if not playing:
        pytest.skip("the deal was redealt before play (pointless hand)")
    seat = playing[0]
    frame = latest[seat]
    hand = frame["state"]["zones"][f"hand:{seat}"]
    missing = next(
        c for c in get_game("shengji").deck(get_game("shengji").rules_from_json({}), 4) if c not in hand
    )
    before = await move_count()
    await sockets[seat].send_json_to(
        {"type": "act", "action": f"play {missing}", "version": frame["version"]}
    )
    assert (await until(sockets[seat], lambda f: f["type"] == "error"))["code"] == "illegal_action"
    assert await move_count() == before
    for ws in sockets:
        await ws.disconnect()


async def test_a_reconnecting_player_gets_the_current_view(club: Club, members: list[Any]) -> None:
    """The seat is held while its socket is gone; on reconnect the player sees where the deal is."""
    table, cookies = await four_seated(club, members)
    sockets = await connect_all(table, cookies)
    await begin(table)
    frame = await until(sockets[0], lambda f: f["type"] == "view" and f["clock"] and not f["clock"]["paced"])
    await sockets[0].disconnect()
    again = socket(table.pk, cookies[0])
    assert (await again.connect())[0]
    view = await again.receive_json_from()
    assert view["type"] == "view" and view["seat"] == 0 and view["version"] == frame["version"]
    await again.disconnect()
    for ws in sockets[1:]:
        await ws.disconnect()


async def test_a_member_of_another_seat_cannot_act_for_it(club: Club, members: list[Any]) -> None:
    """The service checks the user against the seat, whatever the caller claims."""
    from tables.services import moves
    from tables.services.errors import NotYourSeat

    table, _ = await four_seated(club, members)
    deal = await begin(table)
    with pytest.raises(NotYourSeat):
        await database_sync_to_async(moves.apply_move)(deal.pk, 1, "declare 2S", 0, user_id=members[0].pk)


async def test_a_table_started_by_another_process_moves_on_when_a_socket_joins(
    club: Club, members: list[Any], settings: Any
) -> None:
    """The draw is paced again by the serving process once someone opens the table's socket."""
    table, cookies = await four_seated(club, members[:1], bots={1: "random", 2: "random", 3: "random"})
    # Started as by a management command: its first step waits in a list no serving loop reads.
    settings.TABLES_PACING = "manual"
    deal = await begin(table)
    settings.TABLES_PACING = "asyncio"
    ws = socket(table.pk, cookies[0])
    connected, _ = await ws.connect()
    assert connected
    frame = await until(ws, lambda f: f["type"] == "view")
    await until(ws, lambda f: f["type"] == "view" and f["version"] > frame["version"])
    assert await database_sync_to_async(lambda: Deal.objects.get(pk=deal.pk).version)() > 0
    await ws.disconnect()
