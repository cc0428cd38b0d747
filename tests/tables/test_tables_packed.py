"""A live table's deal is Move rows while played and one packed record once over, read alike."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from league.models import Deal, Move
from league.services import archive
from replays.services.records import deal_record
from tables.models import LiveTable
from tables.services import live, pacing
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db(transaction=True)
BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}


@pytest.fixture
def manual(settings: Any) -> None:
    """Server steps wait in a list; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"


@pytest.fixture
def unpacked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deals finish without being packed, as after a crash between the two."""

    def crash(deal: Deal) -> None:
        raise archive.PackMismatch("the process died here")

    monkeypatch.setattr(archive, "pack_locked", crash)


def played_out(club: Any, members: list[Any]) -> LiveTable:
    """One member whose clock always runs out (the bot plays for them, marked auto) and three bots,
    one deal to play."""
    table = seated_table(club, members[:1], bots=BOTS, deals_target=1)
    start(table)
    pacing.run_pending(expire_clocks=True)
    table.refresh_from_db()
    assert table.status == "finished"
    return table


def to_tenths(moves: list[archive.StoredMove]) -> list[tuple[int, int, str, bool, datetime]]:
    """Moves as a pack keeps them: times to the tenth of a second."""
    return [(m.seq, m.seat, m.action, m.auto, archive.cut(m.created)) for m in moves]


def test_a_deal_is_packed_as_it_finishes(club: Any, members: list[Any], manual: None) -> None:
    """The move that ends the deal packs it: no Move rows left, the record's columns blank."""
    table = played_out(club, members)
    for deal in Deal.objects.filter(match=table.match):
        assert archive.is_packed(deal) and not Move.objects.filter(deal=deal).exists()
        assert (deal.deck, deal.seats, deal.rules, deal.salt, deal.commitment, deal.situation) == (
            [],
            [],
            {},
            "",
            "",
            None,
        )
        assert len(archive.moves(deal)) == deal.version > 0
    assert not archive.due().exists()


def test_packing_keeps_the_record_moves_auto_flags_and_times(
    club: Any, members: list[Any], manual: None, unpacked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record reads byte for byte the same from the pack as from the rows; every move keeps its
    seat, action, auto-played flag and time (to the tenth of a second)."""
    table = played_out(club, members)
    monkeypatch.undo()
    deals = list(Deal.objects.filter(match=table.match))
    before = {d.pk: (deal_record(d).dumps(), to_tenths(archive.moves(d))) for d in deals}
    assert any(m[3] for _, moves in before.values() for m in moves)  # the member's clock ran out
    for deal in deals:
        assert archive.pack_deal(deal.pk)
        deal.refresh_from_db()
        assert (deal_record(deal).dumps(), to_tenths(archive.moves(deal))) == before[deal.pk]


def test_a_deal_left_unpacked_by_a_crash_is_read_from_its_rows_then_packed_once_by_the_sweep(
    club: Any, members: list[Any], manual: None, unpacked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move that ended the deal stands; the deal reads whole from its rows; the sweep packs it,
    and packing again changes nothing."""
    table = played_out(club, members)
    monkeypatch.undo()
    deal = Deal.objects.filter(match=table.match).order_by("-number").first()
    assert deal is not None and deal.status == Deal.Status.FINISHED and not archive.is_packed(deal)
    assert Move.objects.filter(deal=deal).count() == deal.version
    rows = deal_record(deal).dumps()
    assert archive.due().filter(pk=deal.pk).exists()
    assert archive.pack_due() >= 1
    deal.refresh_from_db()
    packed = bytes(deal.packed or b"")
    assert deal_record(deal).dumps() == rows and not Move.objects.filter(deal=deal).exists()
    assert archive.pack_due() == 0 and not archive.pack_deal(deal.pk)
    deal.refresh_from_db()
    assert bytes(deal.packed or b"") == packed


def test_a_reader_that_saw_the_rows_before_the_pack_reads_the_pack(
    club: Any, members: list[Any], manual: None, unpacked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another connection packs the deal between a reader's two queries: the reader still gets every move."""
    table = played_out(club, members)
    monkeypatch.undo()
    stale = Deal.objects.filter(match=table.match).order_by("-number").first()
    assert stale is not None and not archive.is_packed(stale)
    expected = to_tenths(archive.moves(stale))
    archive.pack_deal(stale.pk)
    assert stale.packed is None and to_tenths(archive.moves(stale)) == expected


def test_a_packed_deal_s_state_is_rebuilt_from_its_pack(club: Any, members: list[Any], manual: None) -> None:
    """Between deals the felt shows the finished deal: a node without it cached replays the pack."""
    table = played_out(club, members)
    deal = Deal.objects.filter(match=table.match).order_by("-number").first()
    assert deal is not None and archive.is_packed(deal)
    live.clear()
    entry = live.state_of(deal)
    assert entry.version == deal.version and entry.state.is_over()
    assert entry.state.result() == deal.result


def test_an_empty_finished_deal_packs(club: Any, members: list[Any], manual: None) -> None:
    """A finished deal with a move log of no moves (and no deck) packs and reads back the same."""
    table = seated_table(club, members[:1], bots=BOTS)
    live = start(table)
    deal = Deal.objects.create(
        match=live.match,
        number=live.number + 1,
        game=live.game,
        seats=archive.seats(live),
        status=Deal.Status.FINISHED,
        result={"outcome": "redeal"},
    )
    deal.refresh_from_db()  # the row as stored: PostgreSQL's jsonb keeps its own key order
    before = deal_record(deal).dumps()
    assert archive.pack_deal(deal.pk)
    deal.refresh_from_db()
    assert archive.is_packed(deal) and deal_record(deal).dumps() == before and archive.moves(deal) == []
