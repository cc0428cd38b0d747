"""What one socket may see: the engine's view for its seat (``None``: a spectator) plus table facts.

Never the raw state: hidden zones come out of ``DealState.view`` as counts, legal-action hints
only for the seat itself, the deck and seed only once the deal is over.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import islice
from typing import Any

import orjson

from engine.family.trump import TrumpContext, display_sorted
from league.models import Deal, Match
from league.services import archive
from tables import timings
from tables.models import LiveTable
from tables.services import (
    between,
    deals,
    declaring,
    info,
    lifecycle,
    live,
    pacing,
    reading,
    states,
    watching,
)
from tables.services.live import EncodedViews

MAX_HINTS = 100  # legal actions listed per view; plays beyond them are still accepted


def deal_meta(deal: Deal) -> dict[str, Any]:
    """Per-deal facts for views, held by the live deal (they no longer change once it is over)."""
    held = live.deal(deal.pk)
    meta = held.meta
    if meta is not None and (meta["over"] or deal.status == Deal.Status.LIVE):
        return meta
    meta = {
        "number": deal.number,
        "match_id": deal.match_id,
        "situation": archive.head(deal).situation,
        "over": deal.status == Deal.Status.FINISHED,
        "fairness": deals.reveal(deal),
        "match": None,
    }
    if meta["over"]:
        match = Match.objects.only("status", "result").get(pk=deal.match_id)
        meta["match"] = {"over": match.status == Match.Status.FINISHED, "result": match.result}
    held.meta = meta
    return meta


def table_view(
    table_id: int,
    seat: int | None,
    *,
    deal_id: int | None = None,
    version: int = -1,
    facts: info.TableInfo | None = None,
) -> dict[str, Any]:
    """The frame a socket of ``table_id`` holding ``seat`` receives (an event hint avoids queries;
    ``facts``: the table's, read by the caller for this frame)."""
    table = facts if facts is not None else live.table(table_id)
    if table.match_id is None or table.status == LiveTable.Status.OPEN:
        return lobby_frame(table)
    deal = None
    if deal_id is None:
        deal = Deal.objects.filter(match_id=table.match_id).order_by("-number").first()
        if deal is None:
            return lobby_frame(table)
        deal_id = deal.pk
    held = live.deal(deal_id)
    with held.lock:
        return _deal_frame(table, seat, held, version, deal)


def _deal_frame(
    table: info.TableInfo, seat: int | None, held: live.LiveDeal, version: int, deal: Deal | None
) -> dict[str, Any]:
    """The frame of one deal of the table; the caller holds the deal's lock."""
    deal_id = held.deal_id
    entry = held.peek() if deal is None else None
    meta = held.meta
    if entry is None or meta is None or entry.version < version or entry.state.is_over() and not meta["over"]:
        # The event's own deal (so a deal's final view is shown even if the next one has started).
        if deal is None and table.match_id is not None:
            deal = Deal.objects.filter(match_id=table.match_id, pk=deal_id).first()
        if deal is None:
            return lobby_frame(table)
        entry = held.state_at(deal)
        meta = deal_meta(deal)
    frame = {
        "type": "view",
        "table": table.table_id,
        "deal": deal_id,
        "number": meta["number"],
        "version": entry.version,
        "seat": seat,
        # Seat numbers and bot kinds, no words: one frame serves every language; the page names
        # the seats and the bots (tables/services/facts.py, seat_words).
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in table.seats],
        "situation": meta["situation"],
        "fairness": meta["fairness"],
        "match": meta["match"],
        "next_deal": None,
        "life": lifecycle.frame(table),
    }
    state = entry.state
    if meta["over"] and not (meta["match"] or {}).get("over"):
        finished = entry.deal if entry.deal is not None and entry.deal.finished_at else None
        frame["next_deal"] = between.frame(finished or Deal.objects.get(pk=deal_id), meta["number"])
    if seat is None and table.spectator_delay and not state.is_over():
        frame.update(delayed_view(held, entry.version, table.spectator_delay))
        return frame
    frame["state"] = state.view(seat)
    laid = laid_out_hand(state, frame["state"], seat)
    frame["hand"], frame["hand_trumps"] = laid if laid is not None else (None, None)
    frame["legal"], frame["legal_more"] = hints(state, seat)
    frame["clock"] = clock(state, table, table.clock_since(deal_id, entry.version, entry.since), meta)
    frame["points"] = running_points(state, frame["state"])
    frame["reading"] = reading.reading(state, seat)
    frame["declare_hint"] = declaring.hint(state, seat)
    return frame


def running_points(state: Any, view: dict[str, Any]) -> dict[str, int] | None:
    """The defenders' points so far with the failed throws' penalties counted (``None``: no penalty
    so far), so the badge adds up to the result: the engine's own ``penalised``, which reads each
    thrower's side as far as anyone knows (a Zhao Pengyou friend not yet revealed is a defender)."""
    cards = view.get("defender_points")
    setup = getattr(state, "setup", None)
    if not isinstance(cards, int) or not getattr(setup, "throw_penalty", 0):
        return None
    if not getattr(state, "failed_throws", None) or state.is_over():
        return None  # at the end the result panel tells the whole sum, the kitty included
    total = int(state.penalised(cards))
    return {"cards": cards, "penalty": total - cards, "defenders": total}


def sorted_hand(state: Any, view: dict[str, Any], seat: int | None) -> list[str] | None:
    """The seat's own hand as the engine lays it out: plain suits, then every trump (strongest first)."""
    laid = laid_out_hand(state, view, seat)
    return None if laid is None else laid[0]


def laid_out_hand(state: Any, view: dict[str, Any], seat: int | None) -> tuple[list[str], int | None] | None:
    """The seat's own hand in display order and how many of its last cards are trump (``None``:
    a game without trumps); the page draws the groups from this, it knows no trump rule."""
    if seat is None:
        return None
    cards = (view.get("zones") or {}).get(f"hand:{seat}", view.get("hand"))
    if not isinstance(cards, list):
        return None
    trump = getattr(state, "trump", None)
    if not isinstance(trump, TrumpContext):
        return list(cards), None
    return display_sorted(cards, trump)


def encoded_views(
    table_id: int,
    deal_id: int,
    version: int,
    move: Any = None,
    *,
    facts: info.TableInfo | None = None,
    seats: Collection[int | None] = (),
) -> EncodedViews:
    """The frames at ``version`` or later of the seats with a socket in this process (and of
    ``seats``; ``None``: the spectators), JSON-encoded, made once per process and held by the live
    deal. With no socket here and no ``seats`` named, every seat's and the spectators'.

    Sockets of the same table on one node share this one result; each socket sends only the
    entry of its own seat. ``move``: the event's committed move (``{"seat", "action", "at"}``),
    which lets a node that did not apply it skip the queries; ``facts``: the table's, when the
    caller has just read them (the move that made the version).
    """
    held = live.deal(deal_id)
    with held.lock:
        # Under the deal's lock: a second thread asking for the same event waits and reuses the first's.
        out = held.frames(table_id, version, seats)
        if out is not None:
            return out
        if isinstance(move, dict):
            seat, action, at = move.get("seat"), move.get("action"), move.get("at")
            if type(seat) is int and isinstance(action, str) and isinstance(at, (int, float)):
                held.catch_up(version, seat, action, at)
        # Read once for every frame: each read asks the shared cache for the table's generation.
        table = facts if facts is not None else live.table(table_id)
        every = [*(s.seat for s in table.seats), None]
        # Only the seats somebody here shows: no spectators' view when nobody watches on this node.
        wanted: Collection[int | None] = watching.seats(table_id).union(seats).intersection(every) or every
        out = {}
        with timings.measure("render"):
            for seat in every:
                if seat in wanted:
                    frame = table_view(table_id, seat, deal_id=deal_id, version=version, facts=table)
                    out[seat] = _encoded(frame)
        # Kept under the version the frames show (the state may be ahead of the event asked for).
        shown = next(iter(out.values()))[0]
        held.keep_frames(table_id, shown[1] if shown[0] == deal_id else version, out)
    return out


def _encoded(frame: dict[str, Any]) -> tuple[tuple[int, int], str]:
    """A frame as ``encoded_views`` keeps it: the (deal, version) it shows and its JSON text."""
    shown = (frame.get("deal") or 0, frame.get("version") or 0) if frame["type"] == "view" else (0, 0)
    # orjson: a move's frames were 4% of a node's Python time in ``json.dumps`` (docs/performance.md).
    return shown, orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def hints(state: Any, seat: int | None) -> tuple[list[str], bool]:
    """Up to ``MAX_HINTS`` legal actions of the seat in notation, and whether there are more."""
    if seat is None or seat not in state.to_move():
        return [], False
    actions = [str(a) for a in islice(state.legal_actions(seat), MAX_HINTS + 1)]
    return actions[:MAX_HINTS], len(actions) > MAX_HINTS


def clock(state: Any, table: info.TableInfo, since: float, meta: dict[str, Any]) -> dict[str, Any] | None:
    """Whose decision the deal waits for and when their clock runs out (epoch milliseconds)."""
    must = sorted(state.must_move())
    if not must or state.is_over():
        return None
    if pacing.is_paced_draw(state, must[0], table.game):
        return {"seats": must, "paced": True, "deadline": None, "seconds": None}
    deadline = since + table.seconds_per_decision
    return {
        "seats": must,
        "paced": False,
        "deadline": int(deadline * 1000),
        "seconds": table.seconds_per_decision,
    }


def delayed_view(held: live.LiveDeal, version: int, delay: int) -> dict[str, Any]:
    """A spectator's view ``delay`` moves behind, shared by every spectator of the table."""
    target = max(0, version - delay)
    cached = held.delayed(target)
    if cached is None:
        deal = Deal.objects.get(pk=held.deal_id)
        past = states.replay(deal, target)
        cached = {
            "state": past.state.view(None),
            "legal": [],
            "legal_more": False,
            "clock": None,
            "shown": target,
        }
        held.keep_delayed(target, cached)
    return cached


def lobby_frame(table: info.TableInfo) -> dict[str, Any]:
    """The frame of a table that has not started: its seats and who is ready."""
    status = LiveTable.objects.filter(pk=table.table_id).values_list("status", flat=True).first()
    return {
        "type": "lobby",
        "table": table.table_id,
        "status": status,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "taken": s.taken} for s in table.seats],
    }
