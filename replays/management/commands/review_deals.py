"""Review a club's tournament deals now, in this process: the demo's reviewed deals, or a backlog."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from engine import review as engine_review
from engine.core.registry import game_names
from league.models import Club, Deal
from replays.services import reviews


class Command(BaseCommand):
    help = "Review the first finished tournament deals of each game in a club, here and now."

    def add_arguments(self, parser: CommandParser) -> None:
        """--club, --games, --per-game and --budget."""
        parser.add_argument("--club", default="riverside", help="the club's slug")
        parser.add_argument("--games", default=",".join(game_names()), help="comma-separated game names")
        parser.add_argument("--per-game", type=int, default=1, help="deals of each game to review")
        parser.add_argument("--budget", default=engine_review.DEFAULT_BUDGET, choices=engine_review.BUDGETS)

    def handle(self, *args: Any, **options: Any) -> None:
        """Review each chosen deal that has no current review at the budget; print what was found."""
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club {options['club']!r} (run manage.py demo_data first)")
        if options["per_game"] < 0:
            raise CommandError("--per-game must not be negative")
        finished = Deal.objects.filter(
            match__club=club, match__tournament__isnull=False, status=Deal.Status.FINISHED, has_moves=True
        ).order_by("match__tournament_id", "match_id", "number")
        names = [name.strip() for name in options["games"].split(",") if name.strip()]
        unknown = sorted(set(names) - set(game_names()))
        if unknown:
            raise CommandError(f"no game {unknown[0]!r} (games: {', '.join(game_names())})")
        for name in names:
            for deal in finished.filter(game=name)[: options["per_game"]]:
                # Judged here, not by a worker or the web process's thread: the command returns
                # when the reviews are stored (a review already current is left as it is).
                with override_settings(REVIEWS_RUN="inline"):
                    review = reviews.request_review(deal, None, options["budget"])
                review.refresh_from_db()
                accuracy = ", ".join(f"{row['accuracy']:.0f}" for row in review.per_seat)
                self.stdout.write(
                    f"{name}: deal {deal.pk} reviewed at {review.budget} ({review.status}): "
                    f"{review.done} decisions, accuracy by seat {accuracy or '-'}"
                )
