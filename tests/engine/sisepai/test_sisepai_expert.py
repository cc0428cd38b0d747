"""The expert bot (高手): decides from its seat's knowledge only, reproduces from its seed, plays
legally in every phase at 2, 3 and 4 seats, and takes a sure win without searching."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from sisepai_table import play, table

from engine.core.errors import BadSetup
from engine.core.game import Action
from engine.games.sisepai import GAME
from engine.games.sisepai.actions import Pong
from engine.games.sisepai.expert import TURNS, SiSePaiExpertBot, SiSePaiKnowledge, unseen
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import Phase, SiSePaiDeal
from engine.review.points import REVIEW_TURNS, knowledge_of
from engine.search.worlds import sample_worlds

WAITS_FOR_RA_21 = "RK RE YR YR YR YR GH GH GH WC WC RP YP GP WP YK GE GE GE WK"


KNOWLEDGE = SiSePaiKnowledge()


def expert(seed: int = 7, budget: str = "fast") -> SiSePaiExpertBot:
    bot = GAME.bot("expert", random.Random(seed), budget)
    assert isinstance(bot, SiSePaiExpertBot)
    return bot


def worlds(deal: SiSePaiDeal, seat: int, count: int, rng: random.Random) -> list[SiSePaiDeal]:
    """The worlds the expert would play, as deals."""
    dealt = sample_worlds(KNOWLEDGE.hidden(deal, seat), rng, count)
    return [KNOWLEDGE.world(deal, zones) for zones in dealt]  # type: ignore[misc]


def decisions(seats: int, deck_seed: int) -> Iterator[SiSePaiDeal]:
    """Every state of a heuristic deal at which seat 0 chooses among several actions."""
    rules = SiSePaiRules()
    deck = GAME.shuffled_deck(rules, seats, random.Random(deck_seed))
    deal = GAME.start(rules, seats, deck, {"dealer": 0})
    assert isinstance(deal, SiSePaiDeal)
    bots = [GAME.bot("heuristic", random.Random(s)) for s in range(seats)]
    while not deal.is_over():
        for seat in sorted(deal.to_move()):
            if seat == 0 and len(list(deal.legal_actions(0))) > 1:
                yield deal.copy()
            deal.apply(seat, bots[seat].choose(deal, seat))


def permuted(deal: SiSePaiDeal, seat: int, seed: int) -> SiSePaiDeal:
    """The same deal with the pieces hidden from ``seat`` dealt again at random (sizes kept)."""
    hidden = sorted(deal.hidden_from(seat))
    pool = [card for name in hidden for card in deal.zones()[name]]
    random.Random(seed).shuffle(pool)
    zones: dict[str, list[str]] = {}
    for name in hidden:
        size = len(deal.zones()[name])
        zones[name], pool = pool[:size], pool[size:]
    return deal.replace_hidden(zones)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_states_the_seat_cannot_tell_apart_get_the_same_choice(seats: int) -> None:
    states = [d for d in decisions(seats, deck_seed=seats) if d.phase in (Phase.DISCARD, Phase.WINDOW)][:6]
    assert states
    for number, deal in enumerate(states):
        other = permuted(deal, 0, seed=number)
        assert other.view(0) == deal.view(0)
        assert other.zones() != deal.zones()
        assert expert(number).choose(deal, 0) == expert(number).choose(other, 0)


def test_other_seats_pending_answers_do_not_sway_the_expert() -> None:
    """Seat 1 answered pong in one deal and pass in the other; seat 0 sees neither answer."""
    hands = {0: "YR YH RA RE YA YE", 1: "YC YC GR"}
    one, other = (play(table(3, hands=hands, stock="YC RK"), "0:draw") for _ in range(2))
    play(one, "1:pong")
    play(other, "1:pass")
    assert one.view(0) == other.view(0)
    assert {str(a) for a in one.legal_actions(0)} == {"pass", "meld YR YH"}
    assert expert().choose(one, 0) == expert().choose(other, 0)
    for a, b in zip(worlds(one, 0, 3, random.Random(2)), worlds(other, 0, 3, random.Random(2)), strict=True):
        assert a.answers == b.answers == {}
        assert a.zones() == b.zones()
        assert one.answers == {1: Pong()}


def test_the_expert_chooses_the_same_from_the_same_seed() -> None:
    deal = next(d for d in decisions(3, deck_seed=11) if d.phase is Phase.DISCARD)
    choices = {expert(seed=5).choose(deal.copy(), 0) for _ in range(3)}
    assert len(choices) == 1


def test_the_expert_says_tsumo_without_searching() -> None:
    deal = play(table(2, hands={0: WAITS_FOR_RA_21}, stock="RA"), "0:draw")
    assert str(expert(budget="strong").choose(deal, 0)) == "tsumo"


def test_a_world_deals_the_unseen_pieces_and_looks_a_few_draws_ahead() -> None:
    deal = next(d for d in decisions(3, deck_seed=2) if d.phase is Phase.DISCARD)
    pool = sorted(unseen(deal, 0))
    for world in worlds(deal, 0, 5, random.Random(1)):
        dealt = Counter(world.zones()["stock"])
        for s in (1, 2):
            dealt.update(world.zones()[f"hand:{s}"])
            assert world.hand_size(s) == deal.hand_size(s)
        assert not dealt - Counter(pool)
        assert world.view(0)["hand"] == deal.view(0)["hand"]
        assert world.exposed == deal.exposed and world.discards == deal.discards
        assert world.stock_left() == min(TURNS, deal.stock_left())


def test_a_worlds_stock_is_drawn_in_the_order_it_was_dealt_not_sorted() -> None:
    """The next draws of a world are the first pieces of its dealt stock, so the worlds of one
    decision draw different pieces (sorted, each drew its stock's lowest pieces first)."""
    deal = next(d for d in decisions(3, deck_seed=2) if d.phase is Phase.DISCARD)
    dealt = sample_worlds(KNOWLEDGE.hidden(deal, 0), random.Random(1), 5)
    nexts = set()
    for zones in dealt:
        world = KNOWLEDGE.world(deal, zones)
        ahead = min(TURNS, deal.stock_left())
        assert list(world.zones()["stock"]) == zones["stock"][:ahead]
        nexts.add(tuple(zones["stock"][:ahead]))
    assert len(nexts) > 1


def play_out(seats: int, rules: SiSePaiRules, seed: int) -> set[Phase]:
    """A deal with the fast expert in every seat, each action through ``apply`` (which checks it)."""
    deck = GAME.shuffled_deck(rules, seats, random.Random(seed))
    deal = GAME.start(rules, seats, deck, {"dealer": seed % seats})
    assert isinstance(deal, SiSePaiDeal)
    bots = [expert(seed * 10 + s) for s in range(seats)]
    phases = set()
    while not deal.is_over():
        for seat in sorted(deal.to_move()):
            phases.add(deal.phase)
            action: Action = bots[seat].choose(deal, seat)
            deal.apply(seat, action)
    return phases


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_expert_plays_legally_in_every_phase(seats: int) -> None:
    phases = play_out(seats, SiSePaiRules(), seed=seats) | play_out(
        seats, SiSePaiRules(dealer_21=True, redeal=False), seed=seats + 10
    )
    assert {Phase.REDEAL, Phase.DRAW, Phase.WINDOW, Phase.DISCARD} <= phases


def test_the_expert_is_a_bot_kind_with_either_budget() -> None:
    assert GAME.bot_kinds() == ("random", "heuristic", "expert")
    assert GAME.bot("expert", random.Random(0), "fast").budget == "fast"
    with pytest.raises(BadSetup):
        GAME.bot("expert", random.Random(0), "slow")


@pytest.mark.parametrize("knowledge", ["expert", "review"])
def test_the_reviews_worlds_look_further_ahead_than_the_experts(knowledge: str) -> None:
    """The expert's worlds hold the next ``TURNS`` (6) draws of the stock, the game review's the
    next ``REVIEW_TURNS`` (12): a world's playout ends at a win within them or counts 0."""
    deal = next(d for d in decisions(3, deck_seed=2) if d.phase is Phase.DISCARD and d.stock_left() > 12)
    base = KNOWLEDGE if knowledge == "expert" else knowledge_of("sisepai")
    ahead = TURNS if knowledge == "expert" else REVIEW_TURNS
    for zones in sample_worlds(base.hidden(deal, 0), random.Random(1), 3):
        world = base.world(deal, zones)
        assert isinstance(world, SiSePaiDeal)
        assert world.stock_left() == ahead
        assert world.deck[: world.stock_pos] == deal.deck[: deal.stock_pos]
