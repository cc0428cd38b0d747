"""The game review: every decision of a record judged from the deciding seat's knowledge, with
non-negative losses, ``best`` for the best action, the same lines every time and on resume."""

from __future__ import annotations

import io
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import engine.review.review as review_module
from engine.core.errors import BadSetup
from engine.core.match import selfplay_deal
from engine.core.record import DealRecord
from engine.core.registry import get_game
from engine.family.actions import Bid, Bury, Pass, Play
from engine.family.trickdeal import TrickDeal
from engine.review import LABELS, Judgement, Review, decisions, iter_judgements, review_record, summarize
from engine.review.alternatives import trick_alternatives
from engine.review.points import knowledge_of
from engine.review.review import Decision, compare, judge, replay_decisions
from engine.tools.cli import main
from tests.engine.family_table import cards, in_play, play
from tests.engine.test_expert import indistinguishable, played_deal
from tests.engine.test_purity import CLOCK, ENGINE, FORBIDDEN, GLOBAL_RANDOM


@cache
def record_of(name: str, seed: int, kinds: tuple[str, ...] = ("heuristic", "random")) -> DealRecord:
    """A played (not redealt) deal of ``name`` by bots of ``kinds``, from the first fitting seed."""
    game = get_game(name)
    rules = game.rules_from_json({})
    for n in range(seed, seed + 20):
        record = selfplay_deal(game, rules, game.default_seats, None, random.Random(n), kinds)
        if (record.result or {}).get("outcome") != "redeal":
            return record
    raise AssertionError("every deal was redealt")


@cache
def reviewed(name: str, seed: int) -> Review:
    """The fast review of ``record_of(name, seed)``."""
    return review_record(record_of(name, seed), "fast", seed=1)


def test_losses_are_never_negative_and_best_is_labelled_best() -> None:
    """Every loss is >= 0; a decision whose played action was the best is ``best`` with no loss."""
    review = reviewed("shengji", 3)
    assert review.judgements
    for j in review.judgements:
        assert j.loss >= 0 and j.label in LABELS
        assert j.value_best - j.value_played == pytest.approx(j.loss)
        assert (j.label == "best") == (j.played == j.best)
        if j.label == "best":
            assert j.loss == 0


def test_noise_is_never_worse_than_good() -> None:
    """A loss within two standard errors is labelled ``good`` at worst."""
    for j in reviewed("shengji", 3).judgements:
        if j.loss <= 2 * j.se:
            assert j.label in ("best", "good")


def test_every_decision_is_judged_and_draws_are_not() -> None:
    """``decisions`` counts the judgements; draws never appear; a bury and plays do."""
    record = record_of("shengji", 3)
    review = reviewed("shengji", 3)
    assert decisions(record) == len(review.judgements)
    kinds = {j.kind for j in review.judgements}
    assert {"play", "bury"} <= kinds
    assert all(record.actions[j.index][1] != "draw" for j in review.judgements)
    assert all(record.actions[j.index] == (j.seat, j.played) for j in review.judgements)


def test_the_same_record_gives_the_same_lines() -> None:
    """Reviewing twice with the same budget and seed gives identical lines."""
    record = record_of("shengji", 3)
    assert review_record(record, "fast", seed=1).lines() == reviewed("shengji", 3).lines()


def test_resume_gives_the_same_later_lines() -> None:
    """``start=k`` returns the judgements after the first k, identical to a full run's."""
    record = record_of("shengji", 3)
    full = reviewed("shengji", 3).judgements
    calls: list[tuple[int, int]] = []
    later = review_record(record, "fast", seed=1, start=10, progress=lambda d, t: calls.append((d, t)))
    assert later.judgements == full[10:]
    assert calls == [(d, len(full)) for d in range(11, len(full) + 1)]


def test_the_stream_yields_the_review_lines_in_order() -> None:
    """``iter_judgements`` yields exactly ``review_record``'s judgements, in the same order."""
    stream = iter_judgements(record_of("shengji", 3), "fast", seed=1)
    assert tuple(stream) == reviewed("shengji", 3).judgements


def test_the_stream_judges_each_decision_when_asked_for_it() -> None:
    """The stream judges lazily: taking the first judgement judges nothing beyond it (a task saves
    each line before the next decision is searched)."""
    record = record_of("shengji", 3)
    seen: list[int] = []

    def counted(decision: Decision, *args: Any) -> Judgement:
        seen.append(decision.index)
        return judge(decision, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review_module, "judge", counted)
        first = next(iter_judgements(record, "fast", seed=1))
    assert first == reviewed("shengji", 3).judgements[0]
    assert seen == [first.index]


def test_the_stream_resumed_at_start_gives_the_rest() -> None:
    """``start=k`` yields the judgements after the first k, identical to a whole review's."""
    full = reviewed("shengji", 3).judgements
    assert tuple(iter_judgements(record_of("shengji", 3), "fast", seed=1, start=10)) == full[10:]


def test_the_summary_counts_each_seat() -> None:
    """The per-seat summary adds up to the judgements and recomputes from them."""
    review = reviewed("shengji", 3)
    assert sum(s.decisions for s in review.per_seat) == len(review.judgements)
    assert summarize(review.judgements, 4) == review.per_seat
    assert all(0 <= s.accuracy <= 100 for s in review.per_seat)


def test_the_command_prints_a_line_per_decision_then_the_summary(tmp_path: Path) -> None:
    """``python -m engine review FILE``: the judgement lines with their documented keys, then the summary."""
    path = tmp_path / "deal.json"
    path.write_text(record_of("shengji", 3).dumps(), encoding="utf-8")
    out = io.StringIO()
    assert main(["review", str(path), "--budget", "fast", "--seed", "1"], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    keys = {"index", "seat", "kind", "played", "best", "value_played", "value_best", "loss", "se", "label"}
    assert all(set(line) == keys for line in lines[:-1])
    summary = lines[-1]["review"]
    assert summary["decisions"] == len(lines) - 1 and summary["seconds"] >= 0
    assert {"seat", "accuracy", "loss", "mistakes", "blunders"} <= set(summary["per_seat"][0])
    assert lines[:-1] == [j.to_json() for j in reviewed("shengji", 3).judgements]


@pytest.mark.parametrize(
    ("name", "phase", "kind"), [("shengji", "bury", Bury), ("sandaha", "bid", (Bid, Pass))]
)
def test_burials_and_bids_are_judged_against_alternatives(name: str, phase: str, kind: object) -> None:
    """Outside the play the review compares several legal actions, not the heuristic's alone."""
    for decision in replay_decisions(record_of(name, 3)):
        state = decision.state
        if isinstance(state, TrickDeal) and state.phase == phase:
            fallback = knowledge_of(name).fallback(random.Random(1))
            listed = trick_alternatives(state, decision.seat, fallback, 5)
            assert len({str(a) for a in listed}) == len(listed) >= 3
            assert all(isinstance(a, kind) for a in listed)  # type: ignore[arg-type]
            for action in listed:
                state.check(decision.seat, action)
            return
    raise AssertionError(f"no {phase} decision in the deal")


def test_an_unknown_budget_is_refused() -> None:
    """A budget the review does not have is a ``BadSetup``, and the command says so."""
    with pytest.raises(BadSetup):
        review_record(record_of("shengji", 3), "thorough")
    with pytest.raises(BadSetup):
        iter_judgements(record_of("shengji", 3), "thorough")  # at the call, before any judgement


def second_to_last_trick() -> TrickDeal:
    """Shengji, spades trump: declarer seat 0 led KH, defender 1 fed 5H, seat 2 followed 3H; the
    defender in seat 3 holds AH TH and the kitty holds 25 points. AH takes the trick (15) and,
    leading TH, the last trick with the kitty (10 + 2 x 25) in the true deal; TH gives both tricks
    away."""
    deal = in_play("shengji", {0: "KH 6C", 1: "5H 7C", 2: "3H 8C", 3: "AH TH"}, "S", leader=0)
    deal.kitty = cards("KD TD 5D 3D 4D 6D")
    deal.pos = deal.dealt  # every card drawn: no stock
    for seat, text in ((0, "KH"), (1, "5H"), (2, "3H")):
        play(deal, seat, text)
    return deal


def judged(deal: TrickDeal, seat: int, text: str, index: int = 40) -> Decision:
    """The decision of ``seat`` to play ``text`` in ``deal``."""
    return Decision(index, seat, Play(tuple(cards(text))), f"play {text}", deal)


def test_giving_the_last_tricks_and_the_kitty_away_is_a_blunder() -> None:
    """TH instead of AH throws about 75 card points away (the seat cannot see which of the hidden
    cards are in the kitty, so a little less on average): a blunder, and AH is the best play."""
    mistake = judge(judged(second_to_last_trick(), 3, "TH"), knowledge_of("shengji"), "fast", 0)
    assert mistake.label == "blunder" and mistake.best == "play AH"
    assert mistake.loss > 50 and mistake.loss > 2 * mistake.se


def test_the_winning_play_is_labelled_best() -> None:
    """AH, the play that takes both tricks, is ``best`` with no loss, and leaves the defenders
    well over the 40 points that take the deal (values count from there)."""
    right = judge(judged(second_to_last_trick(), 3, "AH"), knowledge_of("shengji"), "fast", 0)
    assert (right.label, right.best, right.loss) == ("best", "play AH", 0)
    assert right.value_played == right.value_best > 50 - 40


def test_compare_values_actions_over_the_judgements_worlds() -> None:
    """``compare`` gives an action the value the judgement gave it, whatever else is compared."""
    decision = judged(second_to_last_trick(), 3, "TH")
    line = judge(decision, knowledge_of("shengji"), "fast", 0)
    other, played = Play(tuple(cards("AH"))), decision.action
    values = compare(decision, knowledge_of("shengji"), "fast", 0, [other, played])
    assert (values[0].mean, values[1].mean) == (line.value_best, line.value_played)


@pytest.mark.parametrize(("name", "seats"), [("tractor", 4), ("zhaopengyou", 6)])
def test_hidden_cards_the_seat_cannot_tell_apart_give_the_same_judgement(name: str, seats: int) -> None:
    """Hidden cards swapped between hidden zones (same suit-in-effect, shown cards kept): the
    same candidates, worlds and judgement line."""
    state = played_deal(name, seats, 3, 20)
    seat = min(state.must_move())
    twin = indistinguishable(state, seat, random.Random(7))
    plays = state.sample_actions(seat, 3)
    assert len(plays) > 1
    action = plays[-1]
    knowledge = knowledge_of(name)
    lines = [judge(Decision(9, seat, action, str(action), s), knowledge, "fast", 4) for s in (state, twin)]
    assert lines[0] == lines[1]


@pytest.mark.parametrize("path", sorted((ENGINE / "review").glob("*.py")), ids=lambda p: p.name)
def test_the_review_is_pure_engine_code(path: Path) -> None:
    """engine/review reads no clock, no web stack and no global randomness (the command times it)."""
    text = path.read_text(encoding="utf-8")
    assert not CLOCK.search(text) and not FORBIDDEN.search(text) and not GLOBAL_RANDOM.search(text)


@pytest.mark.parametrize("name", ["sandaha", "sisepai"])
def test_a_payment_review_values_every_decision_for_the_dealer_too(name: str) -> None:
    """Payments do not mirror between seats: each line also carries the dealer's (庄家) expected
    payment, the deciding seat's own once the dealer (San Da Ha: the declarer) decides."""
    record = record_of(name, 3)
    review = reviewed(name, 3)
    dealer = (record.result or {})["dealer"]
    assert all(j.value_side is not None and "value_side" in j.to_json() for j in review.judgements)
    own = [j for j in review.judgements if j.seat == dealer and j.kind != "bid"]
    assert own and all(j.value_side == pytest.approx(j.value_played) for j in own)
