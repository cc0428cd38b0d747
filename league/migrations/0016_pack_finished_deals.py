"""Finished deals stored as Move rows are packed (league/services/archive.py); undone by unpacking.

Each pack is checked to give its deal's record and moves back exactly before the rows go
(``archive.verified_pack``); ``manage.py check_packed`` replays every packed deal afterwards.
"""

from typing import Any

from django.db import migrations

BATCH = 500


def pack_finished(apps: Any, schema_editor: Any) -> None:
    """Pack every finished deal that has a move log."""
    from league.services import archive

    Deal, Move = apps.get_model("league", "Deal"), apps.get_model("league", "Move")
    due = Deal.objects.filter(status="finished", has_moves=True, packed=None).order_by("pk")
    for deal in due.iterator(chunk_size=BATCH):
        archive.pack_rows(deal, Move)


def unpack_all(apps: Any, schema_editor: Any) -> None:
    """Give every packed deal its columns and Move rows back."""
    from league.services import archive

    Deal, Move = apps.get_model("league", "Deal"), apps.get_model("league", "Move")
    for deal in Deal.objects.exclude(packed=None).order_by("pk").iterator(chunk_size=BATCH):
        archive.restore_rows(deal, Move)


class Migration(migrations.Migration):
    dependencies = [("league", "0015_packed_deals")]

    operations = [migrations.RunPython(pack_finished, unpack_all)]
