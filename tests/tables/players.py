"""Scripted players and checks for the end-to-end table tests that run real Daphne nodes.

A player is a socket per seat that acts on the server's hints whenever its seat must decide, moves
to another node when its node is lost, and asks for a resync when the table has been silent for a
while (as the page does, static/js/table_resync.js). After the match, the move log must be whole:
each deal's Move rows are exactly ``0 .. version - 1`` and replay to the stored result.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from tests.servers import documented, free_port

SILENCE = 2.0  # seconds without a frame before a player asks for the current view


def club_of_four(name: str) -> str:
    """For ``manage.py shell``: a club ``name`` with four members ``users`` (``{name}0`` to ``{name}3``),
    and ``session_cookies(users)`` to log them in."""
    return SESSION_COOKIES + CLUB_OF_FOUR.replace("NAME", name)


CLUB_OF_FOUR = """
import json
from django.contrib.auth import get_user_model
from league.models import Club, Membership
club = Club.objects.create(name="NAME club", slug="NAME-club")
users = []
for n in range(4):
    user = get_user_model().objects.create_user(f"NAME{n}", password="NAME-pw-1234")
    Membership.objects.create(club=club, user=user)
    users.append(user)
"""

# For ``manage.py shell``: a logged-in session cookie per user (``users``), as a JSON list.
SESSION_COOKIES = """
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
def session_cookies(users):
    cookies = []
    for user in users:
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        cookies.append(settings.SESSION_COOKIE_NAME + "=" + session.session_key)
    return cookies
"""

# For ``manage.py shell``: every stored deal replays to its stored result (engine.core.record.check_record).
RECORDS_REPLAY = """
from engine.core.record import DealRecord, check_record
from league.models import Deal
for deal in Deal.objects.all():
    moves = [(m.seat, m.action) for m in deal.moves.order_by("seq")]
    check_record(DealRecord(game=deal.game, rules=deal.rules, seats=deal.seats, deck=deal.deck,
                            situation=deal.situation, salt=deal.salt, commitment=deal.commitment,
                            actions=moves, result=deal.result))
"""


def node() -> tuple[list[str], str]:
    """docs/deploy.md's web node command on a free loopback port, and the node's host:port."""
    args, port = documented("daphne "), free_port()
    args[args.index("-b") + 1] = "127.0.0.1"
    args[args.index("-p") + 1] = str(port)
    return args, f"127.0.0.1:{port}"


def must_decide(seat: int, frame: dict[str, Any]) -> bool:
    """The view asks ``seat`` to decide now (not a paced draw, which the server makes)."""
    clock = frame.get("clock") or {}
    return seat in clock.get("seats", []) and not clock.get("paced") and bool(frame.get("legal"))


async def bot_client(
    seat: int,
    cookie: str,
    hosts: list[str],
    table: int,
    log: dict[str, Any],
    hold: Callable[[int, dict[str, Any]], bool] | None = None,
) -> None:
    """Play ``seat`` at ``table`` on the first node that answers, reconnecting on loss, until the
    match is over or ``log["done"]``. ``hold(seat, frame)``: True leaves that decision to the clock."""
    import websockets

    rng = random.Random(seat)
    while not log["done"]:
        for host in list(hosts):
            try:
                async with websockets.connect(
                    f"ws://{host}/ws/tables/{table}/",
                    additional_headers={"Cookie": cookie},
                    origin="http://127.0.0.1",
                    open_timeout=5,
                ) as ws:
                    log["connections"][seat].append(host)
                    if await _play(ws, seat, rng, log, hold):
                        return
            except (OSError, websockets.ConnectionClosed, TimeoutError):
                await asyncio.sleep(0.2)
        await asyncio.sleep(0.2)


async def _play(
    ws: Any, seat: int, rng: random.Random, log: dict[str, Any], hold: Callable[..., bool] | None
) -> bool:
    """Act on every view that asks this seat to decide; True once the match is over."""
    while not log["done"]:
        try:
            raw = await asyncio.wait_for(ws.recv(), SILENCE)
        except TimeoutError:
            await ws.send(json.dumps({"type": "sync"}))
            continue
        frame = json.loads(raw)
        if frame.get("type") != "view":
            continue
        log["latest"][seat] = frame
        if (frame.get("match") or {}).get("over"):
            log["done"] = True
            return True
        if must_decide(seat, frame) and not (hold and hold(seat, frame)):
            hints = frame["legal"]
            must = [h for h in hints if h.split()[0] in ("play", "bury", "pickup")] or hints
            await ws.send(
                json.dumps({"type": "act", "action": rng.choice(must), "version": frame["version"]})
            )
    return False


def assert_whole_log(conn: Any, deal_ids: list[int] | None = None) -> None:
    """Every deal's (or the given deals') Move rows are exactly ``0 .. version - 1``: no gap, no duplicate."""
    rows = conn.execute("SELECT id, version FROM league_deal ORDER BY id").fetchall()
    for deal_id, version in rows:
        if deal_ids is not None and deal_id not in deal_ids:
            continue
        seqs = [
            r[0]
            for r in conn.execute("SELECT seq FROM league_move WHERE deal_id = %s ORDER BY seq", (deal_id,))
        ]
        assert seqs == list(range(version)), (deal_id, version, seqs)
