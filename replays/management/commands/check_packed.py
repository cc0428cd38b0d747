"""Check that every packed deal replays to its stored result (after the migration that packs them)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.models import Deal
from league.services import archive
from replays.services.records import stored_record_fault

BATCH = 500


class Command(BaseCommand):
    help = "Replay every packed deal and compare the result with the stored one; --pack packs the rest first."

    def add_arguments(self, parser: CommandParser) -> None:
        """--pack."""
        parser.add_argument(
            "--pack", action="store_true", help="first pack every finished deal still kept as Move rows"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Print how many deals replay as stored; fail naming the first few that do not."""
        if options["pack"]:
            packed = 0
            while done := archive.pack_due(BATCH):
                packed += done
            self.stdout.write(f"packed {packed} deals")
        deals = Deal.objects.exclude(packed=None).select_related(*RECORD_RELATED).order_by("pk")
        checked, faults = 0, []
        for deal in deals.iterator(chunk_size=BATCH):
            checked += 1
            fault = stored_record_fault(deal)
            if fault is not None:
                faults.append(f"deal {deal.pk}: {fault}")
        left = archive.due().count()
        self.stdout.write(f"{checked} packed deals checked, {len(faults)} faults, {left} still unpacked")
        if faults:
            raise CommandError("\n".join(faults[:20]))


RECORD_RELATED = ("match__tournament__ruleset__club", "match__live_table__ruleset__club")
