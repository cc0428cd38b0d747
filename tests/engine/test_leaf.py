"""Tractor's leaf evaluation and the search that uses it: short playouts scored by the defenders'
expected points, read from the seat's knowledge alone, where whole playouts cost too much.

Positions come from deals played by heuristic bots (``test_expert``'s helpers)."""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.core.registry import get_game
from engine.family.actions import Play
from engine.family.levels import tractor_outcome
from engine.family.trickdeal import TrickDeal
from engine.games.tractor.expert import TractorExpertBot
from engine.games.tractor.leaf import FEATURES, declarers_levels, estimate, expected_points, features
from engine.games.tractor.leaf_weights import STRETCHES
from engine.search.expert import BUDGET, ExpertBot
from engine.search.leaf import evaluate_cut, has_leaf
from engine.search.policy import playout_until
from engine.search.worlds import sample_worlds
from tests.engine.test_expert import indistinguishable, played_deal, to_move

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def expert(budget: str, seed: int = 11) -> TractorExpertBot:
    """Tractor's expert at ``budget``."""
    bot = get_game("tractor").bot("expert", random.Random(seed), budget)
    assert isinstance(bot, TractorExpertBot)
    return bot


def at_a_lead(seed: int) -> TrickDeal:
    """A Tractor deal with 60 cards left, played on to the next lead (no trick on the felt)."""
    state = played_deal("tractor", 4, seed, 60)
    while state.trick:
        seat = to_move(state)
        state.apply(seat, expert("fast").fallback.choose(state, seat))
    return state


def test_tractors_expert_has_a_leaf_evaluation_and_the_other_games_do_not() -> None:
    """Only Tractor's knowledge can score a position short of the deal's end."""
    assert has_leaf(expert("fast").knowledge)
    for name in ("shengji", "sandaha", "zhaopengyou"):
        bot = get_game(name).bot("expert", random.Random(1), "fast")
        assert isinstance(bot, ExpertBot) and not has_leaf(bot.knowledge)


@pytest.mark.parametrize("cards_left", [90, 60, 36])
def test_states_the_seat_cannot_tell_apart_give_the_same_cut_search(cards_left: int) -> None:
    """Same knowledge, same seed: the same short-playout estimates and the same choice."""
    state = played_deal("tractor", 4, 3, cards_left)
    seat = to_move(state)
    twin = indistinguishable(state, seat, random.Random(7))
    assert twin.view(seat) == state.view(seat)
    bots = [expert("fast"), expert("fast")]
    knowledge = bots[0].knowledge
    candidates = knowledge.candidates(state, seat, bots[0].fallback, 5)
    assert candidates == knowledge.candidates(twin, seat, bots[1].fallback, 5)
    assert len(candidates) > 1
    worlds = [sample_worlds(knowledge.hidden(s, seat), random.Random(5), 6) for s in (state, twin)]
    assert worlds[0] == worlds[1]
    mine, theirs = (evaluate_cut(s, seat, candidates, worlds[0], knowledge, 5) for s in (state, twin))
    assert mine == theirs
    assert bots[0].choose(state, seat) == bots[1].choose(twin, seat)
    assert bots[0].searched == bots[1].searched == "cut"


@pytest.mark.parametrize(("cards_left", "searched"), [(60, "cut"), (24, "cut"), (12, "whole")])
def test_fast_plays_whole_playouts_only_in_the_last_tricks(cards_left: int, searched: str) -> None:
    """``fast`` plays to the deal's end where that affords ``whole`` (8) worlds, else to the trick's end."""
    for seed in range(1, 30):
        state = played_deal("tractor", 4, seed, cards_left)
        seat = to_move(state)
        bot = expert("fast")
        if len(bot.knowledge.candidates(state, seat, bot.fallback, 5)) < 3:
            continue  # too few plays to search at all
        bot.choose(state, seat)
        assert bot.searched == searched
        return
    raise AssertionError("no position with three candidates")


def test_strong_plays_whole_playouts_where_they_afford_twenty_worlds() -> None:
    """``strong``: 6 candidates × 58 steps × 20 worlds fit in 7,000 steps; 6 × 59 × 20 do not."""
    strong = BUDGET["strong"]
    assert strong.worlds_for(6, 58) >= strong.whole > strong.worlds_for(6, 59)


def test_other_games_never_cut_their_playouts() -> None:
    """Shengji's expert at ``fast`` searches whole playouts or not at all, as before."""
    game = get_game("shengji")
    bot = game.bot("expert", random.Random(2), "fast")
    assert isinstance(bot, ExpertBot)
    for stop in (40, 24, 12):
        state = played_deal("shengji", 4, 5, stop)
        bot.choose(state, to_move(state))
        assert bot.searched in ("", "whole")


def test_a_short_playout_counts_the_cards_of_the_lead() -> None:
    """Following a pair costs each follower two card choices: 2 × plays left, and 2 for the estimate."""
    for seed in range(1, 60):
        state = played_deal("tractor", 4, seed, 60)
        if state.lead is not None and state.lead.size == 2:
            left = 4 - len(state.trick)
            assert expert("fast").knowledge.cut_length(state, []) == 2 * left + 2
            return
    pytest.skip("no pair led in these deals")


def test_a_lead_counts_its_largest_candidate() -> None:
    """Leading, the short playout is priced by the largest play among the candidates."""
    state = at_a_lead(3)
    candidates = [Play(("AS",)), Play(("KH", "KH"))]
    assert expert("fast").knowledge.cut_length(state, candidates) == 4 * 2 + 2


@pytest.mark.parametrize("beyond", [0, 1, 2])
def test_a_short_playout_passes_as_many_more_tricks_as_asked(beyond: int) -> None:
    """After a lead, the playout stops between tricks after that trick and ``beyond`` tricks more."""
    state = at_a_lead(3)
    bot = expert("fast")
    knowledge = bot.knowledge
    done = state.tricks_done
    seat = to_move(state)
    state.apply(seat, bot.fallback.choose(state, seat))
    line = playout_until(state.copy(), knowledge.policy, 5, 4, knowledge.settled, beyond)
    assert not line.trick and line.tricks_done == done + 1 + beyond


def test_a_short_playout_stops_at_the_deals_end_however_far_it_was_asked_to_go() -> None:
    """Asked for more tricks than are left, it plays the deal out."""
    state = played_deal("tractor", 4, 3, 8)
    knowledge = expert("fast").knowledge
    assert playout_until(state.copy(), knowledge.policy, 5, 4, knowledge.settled, 30).is_over()


def test_tricks_beyond_are_priced_at_this_tricks_size() -> None:
    """Leading a pair with one trick beyond: four plays of two cards, four more, and 2 for the estimate."""
    state = at_a_lead(3)
    candidates = [Play(("AS",)), Play(("KH", "KH"))]
    assert expert("fast").knowledge.cut_length(state, candidates, 1) == 8 * 2 + 2


def test_a_budget_on_the_command_line_names_its_numbers_in_order() -> None:
    """``bench/duel_sides.py``: steps/worlds/candidates/whole/cut worlds/cut candidates/cut tricks."""
    import duel_sides

    parsed = duel_sides.budget("7000/40/6/20/40/6/1")
    assert (parsed.whole, parsed.cut_worlds, parsed.cut_candidates, parsed.cut_tricks) == (20, 40, 6, 1)
    assert parsed.least == BUDGET["strong"].least
    assert duel_sides.budget("strong") == BUDGET["strong"]
    with pytest.raises(argparse.ArgumentTypeError):
        duel_sides.budget("7000/40")


@pytest.mark.parametrize(
    ("points", "levels"),
    [(0, 3), (5, 2), (35, 2), (40, 1), (75, 1), (80, 0), (115, 0), (120, -1), (155, -1), (160, -2)],
)
def test_levels_from_points_follow_the_tractor_table_on_both_sides_of_each_threshold(
    points: int, levels: int
) -> None:
    """With the narrowest spread (one point), the expected levels are tractor.md §Scoring's table."""
    keeps, rise = tractor_outcome(points)
    assert (rise if keeps else -rise) == levels
    assert declarers_levels(points, 1) == pytest.approx(levels, abs=1e-3)  # five points are five deviations


def test_a_spread_weighs_the_neighbouring_thresholds() -> None:
    """At 78 points expected with a deviation of 10, the deal may go either way: between +1 and 0."""
    assert 0 < declarers_levels(78, 10) < 1
    by_points = [declarers_levels(points, 10) for points in (10, 60, 100, 150)]
    assert by_points == sorted(by_points, reverse=True) and len(set(by_points)) == 4


def test_the_estimate_is_the_same_for_partners_and_opposite_for_opponents() -> None:
    """Levels and margin: the declarer's side's for the dealer and its partner, negated for the defenders."""
    state = at_a_lead(4)
    assert state.dealer is not None
    dealer, partner, defender = state.dealer, (state.dealer + 2) % 4, (state.dealer + 1) % 4
    assert estimate(state, dealer, 80) == estimate(state, partner, 80)
    levels, margin = estimate(state, dealer, 80)
    assert estimate(state, defender, 80) == (-levels, -margin)


def test_points_already_taken_count_in_full() -> None:
    """A king (ten points) more in the defenders' tricks raises the expected total by about ten."""
    state = at_a_lead(4)
    assert state.dealer is not None
    richer = state.copy()
    richer.won[(state.dealer + 1) % 4] = richer.won[(state.dealer + 1) % 4] + Counter({"KS": 1})
    before, after = expected_points(state)[0], expected_points(richer)[0]
    assert 8 < after - before < 12


def test_the_weights_cover_every_trick_with_one_weight_a_feature() -> None:
    """The stretches run from the first trick on without a gap; each has a weight per feature."""
    assert STRETCHES[0][0] == 0 and STRETCHES[-1][1] >= 25
    for (_, last, _, _), (first, _, _, _) in zip(STRETCHES, STRETCHES[1:], strict=False):
        assert first == last + 1
    assert all(len(weights) == len(FEATURES) and deviation > 0 for _, _, deviation, weights in STRETCHES)


def test_the_training_positions_are_between_tricks_with_the_points_still_to_come() -> None:
    """``bench/train_leaf.py``: every row a feature vector and the defenders' points still to come."""
    import train_leaf

    rows = train_leaf.positions(1)
    assert rows and [done for done, _, _ in rows] == sorted(done for done, _, _ in rows)
    assert all(len(row) == len(FEATURES) and still >= 0 and still % 5 == 0 for _, row, still in rows)


def test_features_read_every_hand_of_the_world() -> None:
    """The model reads a sampled world: moving a joker between the sides changes the high trumps."""
    state = at_a_lead(4)
    assert isinstance(state, TrickDeal) and state.dealer is not None
    names = list(FEATURES)
    high = names.index("defenders' high trumps")
    defender = (state.dealer + 1) % 4
    changed = state.copy()
    changed.hands[defender] = changed.hands[defender] + Counter({"BJ": 1})
    assert features(changed)[high] == features(state)[high] + 1
