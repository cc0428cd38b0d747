"""Helpers of the live-table tests: tables seated with members or bots, and card extraction from frames."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction

from league.models import Club, Deal, Round, Tournament
from league.services import archive, rounds, tournaments
from league.services.clubs import ensure_player
from tables.models import LiveTable
from tables.services import lobby

CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|LJ|BJ)$")

# The marks of a leak check over bot deals. What a frame holds is built from the engine's views,
# whichever database or channel layer carries it, so CI runs these long checks once, on the
# embedded default (``backend_free``, tests/conftest.py). They take minutes on a busy machine (the
# 200-deal checks, before they were split into files of 67 and 100 deals, were seen at 195-380 s),
# beyond the suite's 300 s hang guard; the longer guard also starts their files first
# (tests/conftest.py, ``longest_first``).
LEAK_CHECK = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.backend_free,
    pytest.mark.timeout(900),
]


def seated_table(
    club: Club, users: list[Any], game: str = "shengji", bots: dict[int, str] | None = None, **options: Any
) -> LiveTable:
    """A table with ``users`` in seats 0.. and ``bots`` ({seat: kind}) elsewhere; not started."""
    bots = bots or {}
    table = lobby.open_table(club, users[0], game, **options)
    lobby.leave_seat(table.pk, users[0])
    for seat, kind in bots.items():
        lobby.seat_bot(table.pk, users[0], seat, kind)
    free = [s for s in range(table.seat_count) if s not in bots]
    for user, seat in zip(users, free, strict=False):
        lobby.take_seat(table.pk, user, seat)
    return table


def tournament_table(club: Club, users: list[Any], game: str = "shengji", **options: Any) -> LiveTable:
    """A rated match of a one-round individual round robin at a live table, each user an entry in
    their seat (seat ``i`` is ``users[i]``); not started. ``options``: the tournament's fields."""
    tournament = Tournament.objects.create(
        club=club,
        name="Cup",
        slug="cup",
        game=game,
        format="round_robin",
        entry_kind="individual",
        rounds_planned=1,
        **options,
    )
    entries = [tournaments.add_entry(tournament, [ensure_player(club, user)]) for user in users]
    round_ = Round.objects.create(tournament=tournament, number=1, status="published")
    rounds.create_match(tournament, round_, 1, entries)
    (table,) = lobby.tables_for_round(round_)
    return table


def match_moves(match: Any) -> list[archive.StoredMove]:
    """Every stored move of ``match``'s deals in order, live rows or packed alike."""
    return [m for deal in Deal.objects.filter(match=match).order_by("number") for m in archive.moves(deal)]


def stored_move_count() -> int:
    """How many moves every deal stored holds, live rows or packed alike."""
    return sum(len(archive.moves(deal)) for deal in Deal.objects.all())


def start(table: LiveTable) -> Deal:
    """Start a fully seated table at once (everybody ready); its first deal.

    A table of bots only has already started: its last bot's seating started it.
    """
    with transaction.atomic():
        table = LiveTable.objects.select_for_update().get(pk=table.pk)
        table.seats.update(ready=True)
        deal = lobby.start_if_ready(table)
    if deal is None:
        table.refresh_from_db()
        deal = Deal.objects.get(match_id=table.match_id, number=1)
    return deal


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (strings are split on spaces: "play AS KS")."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(token for token in item.split() if CARD.match(token))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


class Sockets:
    """Several table sockets read concurrently: every frame lands in one queue as ``(index, frame)``."""

    def __init__(self, communicators: list[Any]) -> None:
        import asyncio

        self.communicators = communicators
        self.queue: asyncio.Queue[tuple[int, dict[str, Any]]] = asyncio.Queue()
        self.frames: list[list[dict[str, Any]]] = [[] for _ in communicators]
        self.readers = [asyncio.ensure_future(self._read(i, c)) for i, c in enumerate(communicators)]

    async def _read(self, index: int, communicator: Any) -> None:
        import json

        while True:
            raw = await communicator.receive_from(timeout=3600)
            frame = json.loads(raw)
            self.frames[index].append(frame)
            await self.queue.put((index, frame))

    async def next(self, timeout: float = 10) -> tuple[int, dict[str, Any]]:
        """The next frame any socket received."""
        import asyncio

        return await asyncio.wait_for(self.queue.get(), timeout)

    async def send(self, index: int, message: Any) -> None:
        """Send a JSON message from one socket."""
        await self.communicators[index].send_json_to(message)

    async def close(self) -> None:
        """Stop reading and disconnect every socket."""
        import asyncio

        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        for communicator in self.communicators:
            await communicator.disconnect()


async def watch_match(
    table: LiveTable, cookies: list[bytes | None], receivers: list[int | None], timeout: float = 30
) -> list[Any]:
    """Start ``table`` with a socket per cookie and read them all until the match is over.

    Every socket writes a chat line on its first view of each deal, so chat crosses the moves; no
    seat's socket may receive a spectator's line written during a deal (tables/services/chat.py).
    Returns every view frame as ``(receiver, frame)``, ``receivers`` naming each socket's seat;
    fails when no socket receives a frame for ``timeout`` seconds.
    """
    from channels.db import database_sync_to_async

    from tests.tables.conftest import socket

    communicators = [socket(table.pk, c) for c in cookies]
    for communicator in communicators:
        assert (await communicator.connect())[0]
    group = Sockets(communicators)
    await database_sync_to_async(start)(table)
    talked: set[tuple[int, int]] = set()
    try:
        while True:
            index, frame = await group.next(timeout=timeout)
            if frame["type"] == "view" and (index, frame["deal"]) not in talked:
                talked.add((index, frame["deal"]))
                await group.send(
                    index, {"type": "chat", "text": f"deal {frame['number']}, seat {receivers[index]}"}
                )
            if frame["type"] == "view" and (frame.get("match") or {}).get("over"):
                break
    finally:
        await group.close()
    heard = [
        line["id"]
        for i, frames in enumerate(group.frames)
        if receivers[i] is not None
        for f in frames
        if f["type"] == "chat"
        for line in f["lines"]
        if line["channel"] == "spectators"
    ]
    assert any(f["type"] == "chat" for frames in group.frames for f in frames), "no chat line came back"
    assert not await database_sync_to_async(_written_during_a_deal)(heard)
    return [(receivers[i], f) for i, frames in enumerate(group.frames) for f in frames if f["type"] == "view"]


def _written_during_a_deal(ids: list[int]) -> list[int]:
    from tables.models import TableMessage

    return list(TableMessage.objects.filter(pk__in=ids, in_deal=True).values_list("pk", flat=True))


def replayed_frames(frames: list[Any]) -> Iterator[tuple[Any, int | None, dict[str, Any]]]:
    """Each ``(receiver, frame)`` in deal and version order with the deal's state at that version."""
    from collections import defaultdict

    from engine import get_game
    from tables.services import states

    by_deal: dict[int, list[Any]] = defaultdict(list)
    for seat, frame in frames:
        by_deal[frame["deal"]].append((seat, frame))
    for deal_id, deal_frames in by_deal.items():
        deal = Deal.objects.get(pk=deal_id)
        game = get_game(deal.game)
        state = states.fresh_state(deal)
        moves = archive.moves(deal)
        version = 0
        for seat, frame in sorted(deal_frames, key=lambda item: item[1]["version"]):
            while version < frame["version"]:
                state.apply(moves[version].seat, game.parse_action(moves[version].action))
                version += 1
            yield state, seat, frame


def check_frames(
    frames: list[Any], check: Callable[[Any, int | None, dict[str, Any]], None]
) -> tuple[int, int]:
    """Replay each deal and ``check(state, receiver, frame)`` every frame at its version.

    Returns how many deals and frames were checked.
    """
    deals: set[int] = set()
    checked = 0
    for state, seat, frame in replayed_frames(frames):
        check(state, seat, frame)
        deals.add(frame["deal"])
        checked += 1
    return len(deals), checked
