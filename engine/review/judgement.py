"""A judged decision, its label, and a seat's summary (accuracy) over a deal's judgements.

A label compares the loss (the best candidate's value minus the played action's, in the game's
unit) with multiples of the game's ``scale``: under 0.25 scale ``good``, under 0.75
``inaccuracy``, under 1.5 ``mistake``, from there ``blunder``; ``best`` when the played action
is the best estimate. A loss within twice its standard error is never worse than ``good``: the
worlds' luck is not a mistake. A decision's accuracy follows its label (``CREDIT``: best 100,
good 90, inaccuracy 60, mistake 30, blunder 0), so stored judgements give it back without the
game's scale; a seat's accuracy is the mean over its decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.game import JSON

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (("good", 0.25), ("inaccuracy", 0.75), ("mistake", 1.5))  # below k * scale
NOISE = 2.0  # standard errors of the loss within which a decision stays ``good`` at worst
CREDIT = {"best": 100.0, "good": 90.0, "inaccuracy": 60.0, "mistake": 30.0, "blunder": 0.0}
DIGITS = 3  # decimals kept in the JSON lines


def label(loss: float, se: float, scale: float, played_is_best: bool) -> str:
    """The label of a decision that lost ``loss`` (standard error ``se``) on a game of ``scale``."""
    if played_is_best:
        return "best"
    if loss <= NOISE * se:
        return "good"
    for name, bound in THRESHOLDS:
        if loss < bound * scale:
            return name
    return "blunder"


def accuracy(label: str) -> float:
    """A decision's accuracy, 0-100, from its label."""
    return CREDIT[label]


@dataclass(frozen=True)
class Judgement:
    """One decision of a deal judged: the action ``played`` and the ``best`` candidate found
    (record texts), their estimated values in the game's unit, the ``loss`` and its ``se``; in
    the payment games, ``value_side``: the dealer's (庄家) expected result after the move played."""

    index: int
    seat: int
    kind: str
    played: str
    best: str
    value_played: float
    value_best: float
    loss: float
    se: float
    label: str
    value_side: float | None = None

    def to_json(self) -> dict[str, JSON]:
        """The judgement's line of ``python -m engine review`` (``value_side`` where there is one)."""
        line: dict[str, JSON] = {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "played": self.played,
            "best": self.best,
            "value_played": round(self.value_played, DIGITS),
            "value_best": round(self.value_best, DIGITS),
            "loss": round(self.loss, DIGITS),
            "se": round(self.se, DIGITS),
            "label": self.label,
        }
        if self.value_side is not None:
            line["value_side"] = round(self.value_side, DIGITS)
        return line


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions in a deal: how many, its accuracy (0-100), its mean loss per decision
    and how many inaccuracies, mistakes and blunders."""

    seat: int
    decisions: int
    accuracy: float
    loss: float
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_json(self) -> dict[str, JSON]:
        """The seat's entry of the summary line."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "accuracy": round(self.accuracy, 1),
            "loss": round(self.loss, DIGITS),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


def summarize(judgements: Sequence[Judgement], seats: int) -> tuple[SeatSummary, ...]:
    """Every seat's summary (a seat without a judged decision: 0 decisions, accuracy 100)."""
    out = []
    for seat in range(seats):
        mine = [j for j in judgements if j.seat == seat]
        count = len(mine)
        out.append(
            SeatSummary(
                seat=seat,
                decisions=count,
                accuracy=sum(accuracy(j.label) for j in mine) / count if count else 100.0,
                loss=sum(j.loss for j in mine) / count if count else 0.0,
                inaccuracies=sum(j.label == "inaccuracy" for j in mine),
                mistakes=sum(j.label == "mistake" for j in mine),
                blunders=sum(j.label == "blunder" for j in mine),
            )
        )
    return tuple(out)
