"""Play bot deals into a club's casual matches, stored as finished deals the viewer can replay."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.core.registry import game_names
from league.models import Club
from replays.services.samples import play_sample_match


class Command(BaseCommand):
    help = "Play heuristic-bot matches into a club (one casual match per game) for the replay viewer."

    def add_arguments(self, parser: CommandParser) -> None:
        """--club, --games, --deals and --seed."""
        parser.add_argument("--club", default="riverside", help="the club's slug")
        parser.add_argument("--games", default=",".join(game_names()), help="comma-separated game names")
        parser.add_argument("--deals", type=int, default=2, help="deals per match")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        """Create one match per game and print where to watch it."""
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club {options['club']!r} (run manage.py demo_data first)")
        if options["deals"] < 1:
            raise CommandError("--deals must be at least 1: a match of no deals has nothing to replay")
        for offset, name in enumerate(options["games"].split(",")):
            match = play_sample_match(club, name.strip(), options["deals"], options["seed"] + offset)
            first = match.deals.earliest("number")
            self.stdout.write(
                f"{name}: match {match.pk}, {match.deals.count()} deals, first /deals/{first.pk}/"
            )
