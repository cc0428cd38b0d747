"""The expert bot of the trick games: it decides from its seat's knowledge alone, the same way
for the same seed, legally in every phase at both budgets.

Positions come from deals played by heuristic bots. Two states the seat cannot tell apart are
made by swapping hidden cards of the same suit-in-effect between two zones hidden from it
(other hands, the stock, the kitty), never a card a declaration showed, and shuffling the order
the hidden hands keep their codes in: the sizes, the voids shown and the declarations stay true,
only who holds what (and in which order) changes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.core.game import DealState
from engine.core.match import MAX_STEPS, play_deal
from engine.core.registry import get_game
from engine.family.actions import Bid, Pass, Play
from engine.family.expert import played_by, shown_held, voids
from engine.family.trickdeal import TrickDeal
from engine.family.tricks import trick_winner
from engine.search.expert import BUDGET, ExpertBot
from engine.search.worlds import Hidden, sample_worlds

GAMES = [("tractor", 4), ("shengji", 4), ("sandaha", 4), ("zhaopengyou", 6), ("zhaopengyou", 9)]
IDS = [f"{name}-{seats}" for name, seats in GAMES]


def deal_until(name: str, seats: int, seed: int, stop: int) -> TrickDeal:
    """A deal played by heuristic bots until ``stop`` cards are left in the hands (play phase)."""
    game = get_game(name)
    rules = game.rules_from_json({})
    rng = random.Random(seed)
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, rng), None)
    bots = [game.bot("heuristic", random.Random(seed * 10 + s)) for s in range(seats)]
    for _ in range(MAX_STEPS):
        assert isinstance(state, TrickDeal)
        left = sum(sum(h.values()) for h in state.hands)
        if state.is_over() or (state.phase == "play" and left <= stop):
            return state
        seat = min(state.must_move())
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("the deal did not end")


def played_deal(name: str, seats: int, seed: int, stop: int) -> TrickDeal:
    """A deal stopped in the play phase (a later seed when the first deal was redealt)."""
    for n in range(seed, seed + 20):
        state = deal_until(name, seats, n, stop)
        if not state.is_over():
            return state
    raise AssertionError("every deal was redealt")


def indistinguishable(state: TrickDeal, seat: int, rng: random.Random) -> TrickDeal:
    """``state`` with hidden cards of one suit-in-effect swapped between zones hidden from ``seat``."""
    zones = {name: list(cards) for name, cards in state.zones().items() if name in state.hidden_from(seat)}
    shown = shown_held(state, list(zones))
    eff = state.trump.eff
    for _ in range(200):
        one, two = rng.sample(sorted(zones), 2)
        if not zones[one] or not zones[two]:
            continue
        i, j = rng.randrange(len(zones[one])), rng.randrange(len(zones[two]))
        a, b = zones[one][i], zones[two][j]
        if a == b or eff[a] != eff[b] or a in shown.get(one, ()) or b in shown.get(two, ()):
            continue
        zones[one][i], zones[two][j] = b, a
    twin = state.replace_hidden(zones)
    for name in zones:  # the order a hand keeps its codes in is no one's knowledge either
        if name.startswith("hand:"):
            codes = list(twin.hands[int(name[5:])].items())
            rng.shuffle(codes)
            twin.hands[int(name[5:])] = Counter(dict(codes))
    assert twin.zones() != state.zones()
    return twin


def to_move(state: DealState) -> int:
    """The seat the deal waits for."""
    return min(state.must_move())


@pytest.mark.parametrize(("name", "seats"), GAMES, ids=IDS)
@pytest.mark.parametrize("stop", [8, 20])
def test_states_the_seat_cannot_tell_apart_give_the_same_search(name: str, seats: int, stop: int) -> None:
    """Same knowledge, same seed: the same worlds, the same estimates and the same choice."""
    state = played_deal(name, seats, 3, stop)
    seat = to_move(state)
    twin = indistinguishable(state, seat, random.Random(7))
    assert twin.view(seat) == state.view(seat)
    game = get_game(name)
    bots = [game.bot("expert", random.Random(11), "strong") for _ in range(2)]
    assert isinstance(bots[0], ExpertBot) and isinstance(bots[1], ExpertBot)
    candidates = bots[0].knowledge.candidates(state, seat, bots[0].fallback, 4)
    assert candidates == bots[1].knowledge.candidates(twin, seat, bots[1].fallback, 4)
    if len(candidates) > 1:
        mine, theirs = (
            b.estimates(s, seat, candidates, 5, 6) for b, s in zip(bots, (state, twin), strict=True)
        )
        assert mine == theirs
    assert bots[0].choose(state, seat) == bots[1].choose(twin, seat)


@pytest.mark.parametrize(("name", "seats"), GAMES, ids=IDS)
def test_the_worlds_keep_what_the_seat_knows(name: str, seats: int) -> None:
    """Every world keeps the zones' sizes and the unseen cards, gives no card to a seat of a suit
    it failed to follow, and leaves declared cards with their declarer."""
    state = played_deal(name, seats, 5, 12)
    seat = to_move(state)
    knowledge = get_game(name).bot("expert", random.Random(1)).knowledge  # type: ignore[attr-defined]
    hidden: Hidden = knowledge.hidden(state, seat)
    zones = state.zones()
    for world in sample_worlds(hidden, random.Random(2), 20):
        assert {z: len(c) for z, c in world.items()} == {z: len(zones[z]) for z in hidden.sizes}
        assert sorted(c for cards in world.values() for c in cards) == sorted(hidden.pool)
        for zone, suits in hidden.barred.items():
            assert not any(state.trump.eff[c] in suits for c in world[zone])
        for zone, cards in hidden.fixed.items():
            assert all(world[zone].count(c) >= cards.count(c) for c in cards)
        assert knowledge.world(state, world).view(seat) == state.view(seat)


def test_a_seat_that_failed_to_follow_is_void_in_that_suit() -> None:
    """Voids come from the tricks: a follower that played another suit holds none of the led one."""
    for seed in range(1, 40):
        state = played_deal("tractor", 4, seed, 20)
        found = voids(state, [f"hand:{s}" for s in range(4)])
        if found:
            break
    else:
        raise AssertionError("no void shown in 40 deals")
    eff = state.trump.eff
    played = played_by(state)
    for zone, suits in found.items():
        seat = int(zone[5:])
        assert not any(eff[c] in suits for c in state.hands[seat])  # what the true hand shows
        assert played[seat]


@pytest.mark.parametrize(("name", "seats"), GAMES[:4], ids=IDS[:4])
def test_the_same_seed_plays_the_same_deal(name: str, seats: int) -> None:
    """Experts against heuristics, twice from the same seeds: the same actions."""
    game = get_game(name)
    rules = game.rules_from_json({})
    deck = game.shuffled_deck(rules, seats, random.Random(4))
    runs = []
    for _ in range(2):
        bots = [game.bot("expert" if s % 2 else "heuristic", random.Random(s), "fast") for s in range(seats)]
        runs.append(play_deal(game.start(rules, seats, deck, None), bots))
    assert runs[0] == runs[1]


def phases(name: str, seats: int, seed: int) -> Iterator[TrickDeal]:
    """The first state of every phase of a heuristic deal, then a follow in mid-trick."""
    game = get_game(name)
    rules = game.rules_from_json({})
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, random.Random(seed)), None)
    assert isinstance(state, TrickDeal)
    bots = [game.bot("heuristic", random.Random(s)) for s in range(seats)]
    seen: set[str] = set()
    while not state.is_over():
        if state.phase not in seen or (
            state.phase == "play" and len(state.trick) == 1 and "follow" not in seen
        ):
            seen.add(state.phase if state.phase not in seen else "follow")
            yield state.copy()
        seat = to_move(state)
        state.apply(seat, bots[seat].choose(state, seat))


@pytest.mark.parametrize("budget", sorted(BUDGET))
@pytest.mark.parametrize(("name", "seats"), GAMES[:4], ids=IDS[:4])
def test_every_phase_gets_a_legal_action_at_each_budget(name: str, seats: int, budget: str) -> None:
    """Draw, kitty, bidding, burial, naming, calls, leads and follows: the expert's action is legal."""
    game = get_game(name)
    visited = set()
    for state in phases(name, seats, 2):
        seat = to_move(state)
        action = game.bot("expert", random.Random(3), budget).choose(state, seat)
        state.check(seat, action)
        visited.add(state.phase)
    assert "play" in visited and "bury" in visited


@pytest.mark.parametrize(("name", "seats"), GAMES[:4], ids=IDS[:4])
def test_experts_in_every_seat_finish_a_deal(name: str, seats: int) -> None:
    """Four (six) fast experts play a whole deal through the validating ``apply``."""
    game = get_game(name)
    rules = game.rules_from_json({})
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, random.Random(8)), None)
    play_deal(state, [game.bot("expert", random.Random(s), "fast") for s in range(seats)])
    assert state.is_over()


def position(name: str, seats: int, seed: int, following: bool) -> TrickDeal:
    """A heuristic deal stopped at the first lead (or follow) with about half the cards left."""
    state = played_deal(name, seats, seed, 40)
    game = get_game(name)
    bots = [game.bot("heuristic", random.Random(s)) for s in range(seats)]
    while (state.lead is not None) != following:
        seat = to_move(state)
        state.apply(seat, bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("name", "seats"), GAMES[:4], ids=IDS[:4])
def test_lead_candidates_are_the_heuristics_lead_then_other_suits(name: str, seats: int, seed: int) -> None:
    """Leading, the alternatives are the heuristic's best leads in the other suits-in-effect."""
    state = position(name, seats, seed, following=False)
    seat, bot = to_move(state), get_game(name).bot("expert", random.Random(0), "strong")
    assert isinstance(bot, ExpertBot)
    candidates = bot.knowledge.candidates(state, seat, bot.fallback, 6)
    assert candidates[0] == bot.fallback.choose(state, seat)
    suits = [state.trump.eff[action.cards[0]] for action in candidates if isinstance(action, Play)]
    held = {state.trump.eff[cards[0]] for cards in state.sample_plays(seat, 200)}
    assert len(set(suits)) == len(suits) == len(candidates) == min(6, len(held))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("name", "seats"), GAMES[:4], ids=IDS[:4])
def test_follow_candidates_hold_a_winner_when_one_exists(name: str, seats: int, seed: int) -> None:
    """Following, a play that takes the trick is among the three fast candidates if any can."""
    state = position(name, seats, seed, following=True)
    seat, bot = to_move(state), get_game(name).bot("expert", random.Random(0), "fast")
    assert isinstance(bot, ExpertBot)
    candidates = bot.knowledge.candidates(state, seat, bot.fallback, 3)
    current = [cards for _, cards in state.trick]

    def wins(cards: tuple[str, ...]) -> bool:
        return trick_winner([*current, Counter(cards)], state.trump, state.setup.quads) == len(current)

    if any(wins(cards) for cards in state.sample_plays(seat, 200)):
        assert any(wins(action.cards) for action in candidates if isinstance(action, Play))


def first_bid(seed: int) -> TrickDeal:
    """A San Da Ha deal at its first bid, the cards drawn by heuristic bots."""
    game = get_game("sandaha")
    rules = game.rules_from_json({})
    state = game.start(rules, 4, game.shuffled_deck(rules, 4, random.Random(seed)), None)
    bots = [game.bot("heuristic", random.Random(s)) for s in range(4)]
    while state.phase != "bid":
        seat = to_move(state)
        state.apply(seat, bots[seat].choose(state, seat))
    assert isinstance(state, TrickDeal)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bid_candidates_are_the_heuristics_bid_a_pass_and_the_bids_next_to_it(seed: int) -> None:
    """San Da Ha's expert compares the heuristic's bid with a pass and the bids up to 10 either side."""
    state = first_bid(seed)
    seat, bot = to_move(state), get_game("sandaha").bot("expert", random.Random(0), "strong")
    assert isinstance(bot, ExpertBot)
    candidates = bot.knowledge.candidates(state, seat, bot.fallback, 6)
    first = bot.fallback.choose(state, seat)
    assert candidates[0] == first and len({str(c) for c in candidates}) == len(candidates) > 1
    for action in candidates:
        state.check(seat, action)
    assert Pass() in candidates
    if isinstance(first, Bid):
        assert all(abs(c.points - first.points) <= 10 for c in candidates if isinstance(c, Bid))


@pytest.mark.parametrize(("budget", "searched"), [("fast", False), ("strong", True)])
def test_a_bid_is_searched_at_strong_only(budget: str, searched: bool) -> None:
    """A bid's playouts run the whole deal: `strong` pays for enough worlds, `fast` does not."""
    state = first_bid(1)
    seat, bot = to_move(state), get_game("sandaha").bot("expert", random.Random(0), budget)
    assert isinstance(bot, ExpertBot)
    candidates = bot.knowledge.candidates(state, seat, bot.fallback, BUDGET[budget].candidates)
    assert (BUDGET[budget].worlds_for(len(candidates), bot.knowledge.length(state)) > 0) is searched


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bid_the_seat_cannot_tell_apart_gets_the_same_search(seed: int) -> None:
    """San Da Ha's searched bid reads the seat's knowledge only: hidden cards swapped, the same
    candidates, estimates and bid."""
    state = first_bid(seed)
    seat = to_move(state)
    twin = indistinguishable(state, seat, random.Random(7))
    assert twin.view(seat) == state.view(seat)
    bots = [get_game("sandaha").bot("expert", random.Random(11), "strong") for _ in range(2)]
    assert isinstance(bots[0], ExpertBot) and isinstance(bots[1], ExpertBot)
    candidates = bots[0].knowledge.candidates(state, seat, bots[0].fallback, 6)
    assert candidates == bots[1].knowledge.candidates(twin, seat, bots[1].fallback, 6)
    mine, theirs = (b.estimates(s, seat, candidates, 5, 4) for b, s in zip(bots, (state, twin), strict=True))
    assert mine == theirs
    assert bots[0].choose(state, seat) == bots[1].choose(twin, seat)
