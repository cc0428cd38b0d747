"""Property tests of plays in real positions: ``check`` accepts exactly what ``legal_actions`` yields."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

from family_table import start
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_game
from engine.core.errors import EngineError
from engine.family.actions import Play
from engine.family.trickdeal import TrickDeal

CAP = 3000


def position(name: str, seed: int, tricks: int, options: dict[str, bool]) -> TrickDeal:
    """A deal played by heuristic bots past ``tricks`` tricks, ``tricks % 4`` plays into a trick."""
    game = get_game(name)
    rng = random.Random(seed)
    state = start(name, list(game.shuffled_deck(game.rules_from_json({}), 4, rng)), **options)
    bots = [game.bot("heuristic", random.Random(seed + s)) for s in range(4)]

    def there() -> bool:
        return state.phase == "play" and len(state.played) >= 4 * tricks and len(state.trick) == tricks % 4

    while not state.is_over() and not there():
        seat = min(state.must_move())
        state.apply(seat, bots[seat].choose(state, seat))
    return state


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(["shengji", "tractor", "sandaha"]),
    seed=st.integers(0, 10_000),
    tricks=st.integers(0, 10),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40),
    options=st.sampled_from([{}, {"real_hand_throws": True}]),  # the option: any throw may be tried
)
def test_check_accepts_exactly_the_enumerated_plays(
    name: str, seed: int, tricks: int, picks: list[int], options: dict[str, bool]
) -> None:
    """Random plays from the mover's hand are legal exactly when enumerated (house rules too)."""
    state = position(name, seed, tricks, options)
    if state.is_over() or state.phase != "play":
        return
    seat = min(state.must_move())
    legal = {a.cards for a in islice(state.legal_actions(seat), CAP) if isinstance(a, Play)}
    complete = len(legal) < CAP
    hand = sorted(state.hands[seat].elements())
    for pick in picks:
        rng = random.Random(pick)
        size = state.lead.size if state.lead is not None and pick % 3 else rng.randint(1, min(6, len(hand)))
        cards = tuple(sorted(rng.sample(hand, min(size, len(hand)))))
        action = Play(cards)
        try:
            state.check(seat, action)
            accepted = True
        except EngineError:
            accepted = False
        if complete:
            assert accepted == (action.cards in legal), f"{action} from {Counter(hand)}"
