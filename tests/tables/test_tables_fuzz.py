"""Bad input: thousands of malformed frames; the socket keeps serving, nothing is logged, nothing changes."""

from __future__ import annotations

import json
import logging
import random
import string
from typing import Any

import pytest
from channels.db import database_sync_to_async

from league.models import Move
from tests.tables.conftest import session_cookie, socket
from tests.tables.helpers import seated_table, start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

FRAMES = 3000


def junk(rng: random.Random, version: int) -> str:
    """One malformed or refused frame: not JSON, wrong shapes and types, huge, or an act that must fail."""
    kind = rng.randrange(9)
    text = "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 60)))
    if kind == 0:
        return text
    if kind == 1:
        return "[" * rng.randrange(1, 3000)
    if kind == 2:
        return json.dumps(rng.choice([None, 1, -1.5, True, "act", [], [1, {"type": "act"}], {}]))
    if kind == 3:
        return json.dumps({"type": rng.choice([None, 1, "", "ACT", "acts", text, ["act"], {"a": 1}])})
    if kind == 4:
        value = rng.choice([None, "1", 1.5, True, [], {}, 10**30, -1])
        return json.dumps({"type": "act", "action": "draw", "version": value})
    if kind == 5:
        action = rng.choice([None, 1, [], {}, "", "x" * 201, text])
        return json.dumps({"type": "act", "action": action, "version": version + rng.randrange(1, 9)})
    if kind == 6:
        # Well formed but never applicable: unknown notation at the current version.
        return json.dumps({"type": "act", "action": "zz " + text, "version": version})
    if kind == 7:
        return json.dumps({"type": "act", "action": "play AS", "version": version, "pad": "p" * 5000})
    return json.dumps({"type": "join", "seat": rng.choice([1, 2, 3, "0", 1.5, [0], 99, -1])})


def seats_and_autos() -> list[tuple[int, bool]]:
    """Every move recorded, in order: its seat and whether a clock made it."""
    return list(Move.objects.order_by("id").values_list("seat", "auto"))


async def test_thousands_of_bad_frames_are_refused_and_the_table_goes_on(
    club: Any, members: list[Any], caplog: Any
) -> None:
    """Every bad frame gets an error; no exception is logged; the deal is untouched; sync still works."""
    table = await database_sync_to_async(seated_table)(
        club, members[:1], bots={1: "heuristic", 2: "heuristic", 3: "heuristic"}
    )
    cookie = await database_sync_to_async(session_cookie)(members[0])
    ws = socket(table.pk, cookie)
    assert (await ws.connect())[0]
    await database_sync_to_async(start)(table)
    frame: dict[str, Any] = {}
    while (frame.get("clock") or {}).get("seats") != [0] or frame["clock"]["paced"]:
        frame = await ws.receive_json_from(timeout=10)  # deals go on until seat 0 must decide
    version = frame["version"]
    before = await database_sync_to_async(Move.objects.count)()
    rng = random.Random(2024)
    caplog.set_level(logging.WARNING)
    errors = 0
    for _ in range(FRAMES):
        await ws.send_to(text_data=junk(rng, version))
        reply = await ws.receive_json_from(timeout=5)
        while reply["type"] != "error":  # a refused act is followed by the current view
            reply = await ws.receive_json_from(timeout=5)
        errors += 1
    assert errors == FRAMES
    await ws.send_json_to({"type": "sync"})
    view = await ws.receive_json_from(timeout=5)
    while view["type"] != "view":
        view = await ws.receive_json_from(timeout=5)
    # The server may take steps of its own meanwhile (CI once saw four: 48 to 52, with every frame
    # refused); no junk frame may become a move: seat 0 made none but those its clock made for it.
    moved = await database_sync_to_async(seats_and_autos)()
    assert [(seat, auto) for seat, auto in moved[before:] if seat == 0 and not auto] == []
    if len(moved) == before:
        assert view["version"] == version
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    await ws.disconnect()
