"""Properties of whole deals played by bots and by hypothesis: cards are conserved at every step,
melds are valid, windows ask every seat, views hide what they must, payments sum to zero, every
deal ends, and a rejected action changes nothing."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EngineError
from engine.core.game import Action
from engine.games.sisepai import GAME
from engine.games.sisepai.actions import Discard, Draw, Hu, Pass, Tsumo
from engine.games.sisepai.melds import Meld
from engine.games.sisepai.pieces import is_piece
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import SiSePaiDeal

MAX_STEPS = 2000
PROBES: list[Action] = [Draw(), Pass(), Hu(), Tsumo(), Discard("RK"), Discard("WP")]


def new_deal(seats: int, seed: int, rules: SiSePaiRules) -> SiSePaiDeal:
    deck = GAME.shuffled_deck(rules, seats, random.Random(seed))
    deal = GAME.start(rules, seats, deck, None)
    assert isinstance(deal, SiSePaiDeal)
    return deal


def cards_in(value: Any) -> set[str]:
    """Every piece code mentioned anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if is_piece(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def check_invariants(deal: SiSePaiDeal) -> None:
    zones = deal.zones()
    assert Counter(c for cards in zones.values() for c in cards) == Counter(deal.deck)
    for seat in range(deal.seats):
        for meld in deal.exposed[seat]:
            assert Meld.of(meld.cards, exposed=True) == meld
        held = deal.hand_size(seat) + sum(len(m.cards) for m in deal.exposed[seat])
        before_play = deal.phase.value == "redeal" or (deal.result() or {}).get("outcome") == "redeal"
        opening = before_play and deal.rules.dealer_21 and seat == deal.dealer
        extra = (deal.phase.value == "discard" and deal.turn == seat) or opening
        assert held == 20 + (1 if extra else 0)
    if deal.phase.value == "window" and not deal.answers:
        assert deal.shown is not None
        others = {s for s in range(deal.seats) if deal.shown.drawn or s != deal.shown.owner}
        assert deal.to_move() == others
    check_views(deal, zones)


def check_views(deal: SiSePaiDeal, zones: dict[str, list[str]]) -> None:
    for seat in [*range(deal.seats), None]:
        view = deal.view(seat)
        json.dumps(view)
        hidden = deal.hidden_from(seat)
        visible = {c for name, cards in zones.items() if name not in hidden for c in cards}
        assert cards_in(view) <= visible
        if seat is not None:
            assert view["hand"] == zones[f"hand:{seat}"]
        assert view["hand_counts"] == [len(zones[f"hand:{s}"]) for s in range(deal.seats)]


def check_result(deal: SiSePaiDeal) -> None:
    result = deal.result()
    assert result is not None
    json.dumps(result)
    assert sum(result["payments"]) == 0
    if result["outcome"] == "win":
        melds = [Meld.of(m["cards"], exposed=m["exposed"]) for m in result["melds"]]
        assert sum(len(m.cards) for m in melds) == 21
        assert result["points"] == sum(m.points for m in melds)
        assert result["points"] % 2 == 1 and result["points"] >= deal.rules.min_points
        assert result["payments"][result["winner"]] == result["points"] * (deal.seats - 1)
    elif result["outcome"] == "void":
        assert deal.stock_left() == 0


def probe_rejections(deal: SiSePaiDeal, rng: random.Random) -> None:
    seat = rng.randrange(deal.seats)
    action = rng.choice(PROBES)
    legal = set(deal.legal_actions(seat))
    if action in legal:
        return
    before = (json.dumps(deal.view(None)), deal.zones(), [h.copy() for h in deal.hands], dict(deal.answers))
    with pytest.raises(EngineError):
        deal.apply(seat, action)
    assert before == (
        json.dumps(deal.view(None)),
        deal.zones(),
        [h.copy() for h in deal.hands],
        dict(deal.answers),
    )


def play_out(deal: SiSePaiDeal, choose: Any, rng: random.Random) -> None:
    for _ in range(MAX_STEPS):
        check_invariants(deal)
        if deal.is_over():
            check_result(deal)
            return
        probe_rejections(deal, rng)
        seat = min(deal.to_move())
        action = choose(deal, seat)
        deal.check(seat, action)
        deal.apply(seat, action)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_deals_keep_every_invariant(seats: int, kind: str) -> None:
    rules = SiSePaiRules()
    for seed in range(6):
        deal = new_deal(seats, seed, rules)
        bots = [GAME.bot(kind, random.Random(seed * 7 + s)) for s in range(seats)]
        play_out(deal, lambda d, s, bots=bots: bots[s].choose(d, s), random.Random(seed))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_many_heuristic_deals_end_with_zero_sum_payments(seats: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(60):
        deal = new_deal(seats, 1000 + seed, SiSePaiRules())
        bots = [GAME.bot("heuristic", random.Random(seed + s)) for s in range(seats)]
        while not deal.is_over():
            seat = min(deal.to_move())
            deal.apply(seat, bots[seat].choose(deal, seat))
        check_result(deal)
        outcomes[deal.result()["outcome"]] += 1  # type: ignore[index]
    assert outcomes["win"] > 40


rules_strategy = st.builds(
    SiSePaiRules,
    dealer_21=st.booleans(),
    min_points=st.sampled_from([1, 5, 9, 13]),
    redeal=st.booleans(),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    rules=rules_strategy,
    claim_bias=st.floats(0.0, 1.0),
)
def test_any_legal_play_keeps_every_invariant(
    seats: int, seed: int, rules: SiSePaiRules, claim_bias: float
) -> None:
    rng = random.Random(seed)
    deal = new_deal(seats, seed, rules)

    def choose(d: SiSePaiDeal, seat: int) -> Action:
        legal = list(d.legal_actions(seat))
        claims = [a for a in legal if a != Pass()]
        if claims and Pass() in legal and rng.random() < claim_bias:
            return rng.choice(claims)
        return Pass() if Pass() in legal else rng.choice(legal)

    play_out(deal, choose, rng)


def test_legal_actions_are_exactly_the_checked_ones() -> None:
    deal = new_deal(3, 11, SiSePaiRules())
    bots = [GAME.bot("heuristic", random.Random(s)) for s in range(3)]
    candidates = [GAME.parse_action(t) for t in ("draw", "pass", "hu", "tsumo", "pong", "kong", "redeal")]
    while not deal.is_over():
        for seat in range(3):
            legal = set(deal.legal_actions(seat))
            for action in candidates:
                try:
                    deal.check(seat, action)
                    assert action in legal
                except EngineError:
                    assert action not in legal
        seat = min(deal.to_move())
        deal.apply(seat, bots[seat].choose(deal, seat))
