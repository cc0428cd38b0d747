"""A player's most costly mistakes across their reviewed deals, each a link to the position
(the step its move led to, from the player's seat), for the profile page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Case, F, FloatField, When

from engine import review as engine_review
from engine.review.points import SCALES
from league import access
from league.models import Player
from replays.models import ReviewLine
from replays.services.moves import describe

MISTAKES = ("inaccuracy", "mistake", "blunder")
# What the profile's list shows of a line and its deal (a deal's row also holds its packed record).
LINE_FIELDS = (
    "index",
    "seat",
    "label",
    "loss",
    "played",
    "best",
    "review__unit",
    "review__deal__game",
    "review__deal__number",
)


@dataclass(frozen=True)
class Mistake:
    """One judged decision of the player's that lost points: where, what, what was better, how much."""

    line: ReviewLine
    played: dict[str, Any] | None
    best: dict[str, Any] | None

    @property
    def url(self) -> str:
        """The viewer at the step the move led to, from the seat that made it."""
        return f"/deals/{self.line.review.deal_id}/?at={self.line.index + 1}&seat={self.line.seat}"


def costly_mistakes(player: Player, user: Any, limit: int = 10) -> list[Mistake]:
    """The player's ``limit`` costliest inaccuracies or worse in current reviews ``user`` may see,
    the worst first by the loss over its unit's scale (5 points paid weigh as 20 card points)."""
    # The player's own seat of each match is matched in the query: the lines of the other seats
    # of the same deals never leave the database, however many reviews the player's tables have.
    # The player's matches as a list of ids lead the query (deals by match, reviews by deal), so
    # its cost follows the player's own history, not every review of the federation.
    matches = list(player.seats.values_list("match_id", flat=True))
    lines = (
        ReviewLine.objects.filter(
            review__deal__match_id__in=matches,
            label__in=MISTAKES,
            review__status="done",
            review__engine_version=engine_review.ENGINE_VERSION,
            review__deal__match__seats__player=player,
            seat=F("review__deal__match__seats__seat"),
            review__deal__in=access.visible_deals(user),
        )
        .select_related("review__deal")
        .only(*LINE_FIELDS)
        .annotate(weight=relative_loss())
        .order_by("-weight", "pk")
    )
    return [Mistake(line, describe(line.played), describe(line.best)) for line in lines[:limit]]


def relative_loss() -> Case:
    """A line's loss over the scale of its review's unit (``engine.review.points.SCALES``)."""
    scaled = [When(review__unit=unit, then=F("loss") / scale) for unit, scale in SCALES.items()]
    return Case(*scaled, default=F("loss"), output_field=FloatField())
