"""Packed deals of every game: rows and pack give the very same record, the migration converts both
ways, and ``manage.py check_packed`` replays every packed deal to its stored result."""

from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from engine.core.registry import game_names
from league.models import Club, Deal, Move
from league.services import archive
from replays.services.records import deal_record
from replays.services.samples import play_sample_match

pytestmark = pytest.mark.django_db
MIGRATION = importlib.import_module("league.migrations.0016_pack_finished_deals")


@pytest.fixture
def every_game(club: Club) -> list[Deal]:
    """Two bot-played deals of each game, stored packed (as uploads and imports are)."""
    for seed, name in enumerate(game_names()):
        play_sample_match(club, name, 2, seed=seed)
    return list(Deal.objects.order_by("pk"))


def test_every_game_s_deals_read_the_same_from_rows_and_from_the_pack(every_game: list[Deal]) -> None:
    """Unpacked to rows and packed again, each deal's record is the same; the pack keeps the rows' text.

    PostgreSQL's jsonb keeps no key order, so rows there give the same JSON in another key order;
    SQLite's rows keep it, and the pack's bytes come back as they were.
    """
    for deal in every_game:
        assert archive.is_packed(deal)
        packed, text = bytes(deal.packed or b""), deal_record(deal).dumps()
        archive.unpack_deal(deal)
        deal = Deal.objects.get(pk=deal.pk)
        assert not archive.is_packed(deal) and Move.objects.filter(deal=deal).count() == deal.version
        rows_text = deal_record(deal).dumps()
        assert json.loads(rows_text) == json.loads(text)
        assert archive.pack_deal(deal.pk)
        deal = Deal.objects.get(pk=deal.pk)
        assert deal_record(deal).dumps() == rows_text
        if connection.vendor == "sqlite":
            assert rows_text == text and bytes(deal.packed or b"") == packed


def test_the_migration_packs_finished_deals_and_undoes_it(every_game: list[Deal]) -> None:
    """Deals kept as rows are packed by the migration, and unpacked by its reverse, record unchanged."""
    texts = {d.pk: json.loads(deal_record(d).dumps()) for d in every_game}
    MIGRATION.unpack_all(apps, None)
    assert not Deal.objects.exclude(packed=None).exists()
    rows = {d.pk: deal_record(d).dumps() for d in Deal.objects.all()}
    assert {pk: json.loads(text) for pk, text in rows.items()} == texts  # jsonb: same JSON, own key order
    MIGRATION.pack_finished(apps, None)
    assert not Move.objects.exists() and not archive.due().exists()
    assert {d.pk: deal_record(d).dumps() for d in Deal.objects.all()} == rows


def test_check_packed_replays_every_packed_deal(
    every_game: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    """Every packed deal replays to its stored result; ``--pack`` packs what was left as rows first."""
    archive.unpack_deal(every_game[0])
    call_command("check_packed", "--pack")
    out = capsys.readouterr().out
    assert (
        "packed 1 deals" in out
        and f"{len(every_game)} packed deals checked, 0 faults, 0 still unpacked" in out
    )


def test_check_packed_names_a_deal_whose_result_differs(every_game: list[Deal]) -> None:
    """A stored result the moves do not give is a fault, named with the deal."""
    deal = every_game[0]
    deal.result = {**(deal.result or {}), "scores": [99, 99, 99, 99]}
    deal.save(update_fields=["result"])
    with pytest.raises(CommandError, match=f"deal {deal.pk}: stored result"):
        call_command("check_packed")


def test_a_deal_entered_by_hand_is_not_packed(every_game: list[Deal]) -> None:
    """A result without a move log has nothing to pack: it stays as it is."""
    deal = every_game[0]
    archive.unpack_deal(deal)
    Move.objects.filter(deal=deal).delete()
    Deal.objects.filter(pk=deal.pk).update(has_moves=False, version=0)
    assert not archive.pack_deal(deal.pk) and not archive.due().exists()
