"""The game review: every decision of a recorded deal judged from the deciding seat's knowledge.

For each decision (draws and actions without an alternative are skipped) the review lists the
candidates the expert bot would compare (``engine.search``; outside the trick games' play, the
alternatives of ``engine.review.alternatives``), adds the action played, deals the cards the seat
cannot see again as many times as the budget says, plays every candidate to the end of the deal
(Si Se Pai: ``REVIEW_TURNS`` draws ahead) in every world with the same playout seeds
(``evaluate``), and reports the played action's and
the best candidate's mean value in the game's unit (``engine.review.points``), with, in the
payment games, the dealer's mean result after the action played (the viewer's graph). The worlds and
playouts of the decision at ``record.actions[i]`` come from ``(seed, i)`` alone, so a review can
resume at any decision and gives the same figures. ``iter_judgements`` yields each judgement as
soon as it is made, in one replay of the record (the site saves each as it comes);
``review_record`` collects them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from engine.core.errors import BadSetup, EngineError
from engine.core.game import JSON, Action, Bot, DealState
from engine.core.record import DealRecord, ReplayError, start_state
from engine.core.registry import get_game
from engine.family import actions as trick_actions
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.games.sisepai import actions as sisepai_actions
from engine.review.alternatives import distinct, trick_alternatives
from engine.review.judgement import Judgement, SeatSummary, label, summarize
from engine.review.points import ReviewKnowledge, knowledge_of
from engine.search.evaluate import Estimate, evaluate
from engine.search.expert import best
from engine.search.stats import mean, stderr
from engine.search.worlds import sample_worlds


@dataclass(frozen=True)
class ReviewBudget:
    """A review's effort per decision: ``worlds`` sampled, at most ``candidates`` compared (the
    action played comes on top when it is not among them)."""

    worlds: int
    candidates: int


REVIEW_BUDGETS = {
    "fast": ReviewBudget(worlds=12, candidates=3),
    "strong": ReviewBudget(worlds=20, candidates=5),
}
BUDGETS = tuple(REVIEW_BUDGETS)
DEFAULT_BUDGET = "strong"
ENGINE_VERSION = "review-6"  # bump with any change to the search, the candidates, units or labels
# review-2: Si Se Pai's worlds draw the stock in dealt order, so its values differ.
# review-3: Zhao Pengyou's knowledge has the expert's own one-ply bot: its first candidates differ.
# review-4: Zhao Pengyou's worlds believe the friend calls: the declarer holds nth-1 copies;
# Si Se Pai's first candidate is the expert's one-ply WideBot, no longer the heuristic's.
# review-5: card points count from the pivot where the deal changes hands (engine.family.expert.pivot), so
# a decision that moves the seat to the other side is valued by whether that side wins.
# review-6: Si Se Pai's worlds look REVIEW_TURNS (12) draws ahead, no longer to the end of the deal;
# the other games' reviews are the same as review-5's.
# Since then the payment games' lines also carry value_side (the dealer's expected payment, over the
# same playouts); every other figure is unchanged, so the version stays (older lines lack it).
EVIDENCE = 1.5  # standard errors by which a candidate must beat the action played to be called better
DRAWS = (trick_actions.Draw, sisepai_actions.Draw)


@dataclass(frozen=True)
class Review:
    """A deal's review: its judgements and every seat's summary, in the game's ``unit``."""

    game: str
    budget: str
    seed: int
    engine_version: str
    unit: str
    judgements: tuple[Judgement, ...]
    per_seat: tuple[SeatSummary, ...]

    def lines(self) -> list[dict[str, JSON]]:
        """The JSON lines of ``python -m engine review``: one per judgement, then the summary
        (without the seconds, which the command measures)."""
        summary = {"decisions": len(self.judgements), "per_seat": [s.to_json() for s in self.per_seat]}
        return [*(j.to_json() for j in self.judgements), {"review": summary}]


@dataclass
class Decision:
    """A judged decision met in a replay: the state before it (valid until the replay moves on)."""

    index: int
    seat: int
    action: Action
    text: str
    state: DealState


def replay_decisions(record: DealRecord) -> Iterator[Decision]:
    """The record's decisions in order, each with the state before it; draws and actions the seat
    had no alternative to are passed over."""
    state = start_state(record)
    game = get_game(record.game)
    for index, (seat, text) in enumerate(record.actions):
        try:
            action = game.parse_action(text)
        except EngineError as exc:
            raise ReplayError(index, f"{seat} {text!r}: {exc.message}") from None
        if not isinstance(action, DRAWS) and len(list(islice(state.legal_actions(seat), 2))) > 1:
            yield Decision(index, seat, action, text, state)
        try:
            state.apply(seat, action)
        except EngineError as exc:
            raise ReplayError(index, f"{seat} {text!r}: {exc.message}") from None


def decisions(record: DealRecord) -> int:
    """How many decisions ``review_record`` judges in ``record``."""
    return sum(1 for _ in replay_decisions(record))


def review_record(
    record: DealRecord,
    budget: str = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    start: int = 0,
) -> Review:
    """Judge every decision of ``record`` (those from the ``start``-th on), calling
    ``progress(done, total)`` after each."""
    judged = iter_judgements(record, budget, seed, start)
    total = decisions(record) if progress else 0
    judgements = []
    for number, judgement in enumerate(judged, start + 1):
        judgements.append(judgement)
        if progress:
            progress(number, total)
    return Review(
        game=record.game,
        budget=budget,
        seed=seed,
        engine_version=ENGINE_VERSION,
        unit=unit_of(record.game),
        judgements=tuple(judgements),
        per_seat=summarize(judgements, len(record.seats)),
    )


def iter_judgements(
    record: DealRecord, budget: str = DEFAULT_BUDGET, seed: int = 0, start: int = 0
) -> Iterator[Judgement]:
    """The judgements of ``review_record``, from the ``start``-th decision on, each yielded as soon
    as it is made (a bad budget is refused at the call, not at the first judgement)."""
    if budget not in REVIEW_BUDGETS:
        raise BadSetup(f"unknown review budget {budget!r}; use {' or '.join(BUDGETS)}")
    return _judged(record, budget, seed, start)


def _judged(record: DealRecord, budget: str, seed: int, start: int) -> Iterator[Judgement]:
    """``iter_judgements``' generator: the replay passes over the first ``start`` decisions
    without judging them (the state must still be replayed through them)."""
    knowledge = knowledge_of(record.game)
    for number, decision in enumerate(replay_decisions(record)):
        if number >= start:
            yield judge(decision, knowledge, budget, seed)


def unit_of(game: str) -> str:
    """The unit of ``game``'s review values: ``card points`` or ``points paid``."""
    return knowledge_of(game).measure.unit


def judge(decision: Decision, knowledge: ReviewKnowledge, budget: str, seed: int) -> Judgement:
    """One decision judged: the candidates and the action played over the same worlds."""
    plan = REVIEW_BUDGETS[budget]
    state, seat = decision.state, decision.seat
    rng, fallback = draws(decision, knowledge, seed)
    listed = candidates(state, seat, knowledge, fallback, plan.candidates)
    played = next((a for a in listed if str(a) == str(decision.action)), decision.action)
    estimates = weigh(decision, knowledge, plan, rng, distinct([played, *listed]))
    mine = estimates[0]
    top = best(estimates, 0.0, EVIDENCE)
    loss = top.mean - mine.mean
    se = stderr([b - p for b, p in zip(top.values, mine.values, strict=True)])
    return Judgement(
        index=decision.index,
        seat=seat,
        kind=kind_of(state, decision.action),
        played=decision.text,
        best=decision.text if top is mine else str(top.action),
        value_played=mine.mean,
        value_best=top.mean,
        loss=loss,
        se=se,
        label=label(loss, se, knowledge.measure.scale, top is mine),
        value_side=mean(mine.sides) if mine.sides else None,
    )


def draws(decision: Decision, knowledge: ReviewKnowledge, seed: int) -> tuple[random.Random, Bot]:
    """The decision's generator, from ``(seed, index)`` alone, and the fallback bot seeded by its
    first draw (the worlds and playouts come from its next draws, ``weigh``)."""
    rng = random.Random(f"review {seed} {decision.index}")
    return rng, knowledge.fallback(random.Random(rng.getrandbits(64)))


def weigh(
    decision: Decision,
    knowledge: ReviewKnowledge,
    plan: ReviewBudget,
    rng: random.Random,
    listed: Sequence[Action],
) -> list[Estimate]:
    """``listed`` valued over the decision's worlds, drawn from ``rng`` after the fallback's seed."""
    state, seat = decision.state, decision.seat
    worlds = sample_worlds(knowledge.hidden(state, seat), rng, plan.worlds)
    side = knowledge.dealer_value if knowledge.measure.side else None
    return evaluate(state, seat, listed, worlds, knowledge, rng.getrandbits(64), side)


def compare(
    decision: Decision, knowledge: ReviewKnowledge, budget: str, seed: int, actions: Sequence[Action]
) -> list[Estimate]:
    """``actions`` valued over the very worlds and playouts with which the review judges
    ``decision`` (a playout's seed depends on its world, not on the action), for studies of the
    review itself (bench/review_discrimination.py)."""
    rng, _ = draws(decision, knowledge, seed)
    return weigh(decision, knowledge, REVIEW_BUDGETS[budget], rng, actions)


def candidates(
    state: DealState, seat: int, knowledge: ReviewKnowledge, fallback: Bot, limit: int
) -> list[Action]:
    """The candidates of a decision before the action played is added."""
    if isinstance(state, TrickDeal) and state.phase not in (Phase.PLAY, Phase.NAME):
        return trick_alternatives(state, seat, fallback, limit)
    return list(knowledge.candidates(state, seat, fallback, limit))


def kind_of(state: DealState, action: Action) -> str:
    """The decision's kind as the deal names it (``DealState.decision_kind``)."""
    return state.decision_kind(action)
