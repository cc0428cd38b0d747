"""Recompute every Elo rating from scratch, family by family, with a progress bar."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.services import ratings

BAR = 30


class Command(BaseCommand):
    help = "Recompute Elo ratings from every rated finished match (same numbers as the incremental updates)."

    def add_arguments(self, parser: CommandParser) -> None:
        """Optional family names."""
        parser.add_argument(
            "families", nargs="*", help="game families (default: every family with rated matches)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Recompute each family and report how many matches were rated."""
        for family in options["families"] or ratings.families():
            count = ratings.recompute_family(family, progress=self.progress(family))
            self.stdout.write(f"\r{family}: {count} rated matches" + " " * BAR)

    def progress(self, family: str) -> Any:
        """A callback drawing ``family [#####.....] done/total`` on one line."""

        def draw(done: int, total: int) -> None:
            if done % 50 and done != total:
                return
            filled = BAR * done // max(total, 1)
            self.stdout.write(f"\r{family} [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}", ending="")
            self.stdout.flush()

        return draw
