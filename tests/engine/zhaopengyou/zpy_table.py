"""Build Zhao Pengyou deals for rule tests: name the cards that matter, the rest is filler.

``deck_for(6, {2: "2S AS"})`` is a 6-player deck in draw order (provisional dealer 0) dealing
``2S`` and ``AS`` to seat 2 first. ``in_play(6, hands, "H", "2", declarer=0, calls=["1st AS"])``
gives a deal whose declarer has made its calls and leads, with exactly the named hands.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.registry import get_game
from engine.family.actions import Play
from engine.family.cards import parse_cards
from engine.family.phases import Phase
from engine.games.zhaopengyou.deal import ZhaoDeal
from engine.games.zhaopengyou.rules import KITTY, hand_size, zhao_deck

GAME = get_game("zhaopengyou")


def cards(text: str) -> list[str]:
    """``"AS AS KS"`` -> ``["AS", "AS", "KS"]``."""
    return list(parse_cards(text))


def deck_for(seats: int, hands: dict[int, str], kitty: str = "", first: int = 0) -> list[str]:
    """A deck in draw order from seat ``first``: seat ``s`` draws ``hands[s]`` first, the kitty ends it."""
    size = hand_size(seats)
    pool = Counter(zhao_deck(seats))
    named = {s: cards(t) for s, t in hands.items()}
    for held in [*named.values(), cards(kitty)]:
        pool.subtract(held)
    assert min(pool.values(), default=0) >= 0, "a card is named more often than the deck holds it"
    # Filler: no jokers, rank 2 cards or point cards while others are left, spread one at a time.
    filler = sorted(pool.elements(), key=lambda c: (c in ("LJ", "BJ"), c[0] in "25TK", c))
    per_seat = {s: list(named.get(s, [])) for s in range(seats)}
    while any(len(per_seat[s]) < size for s in range(seats)):
        for seat in range(seats):
            if len(per_seat[seat]) < size:
                per_seat[seat].append(filler.pop(0))
    rest = cards(kitty) + filler[: KITTY - len(cards(kitty))]
    return [per_seat[(first + i) % seats][i // seats] for i in range(seats * size)] + rest


def start(seats: int, deck: list[str], situation: dict[str, Any] | None = None, **options: Any) -> ZhaoDeal:
    """A new deal with rule ``options`` (the first provisional dealer is seat 0 unless told)."""
    options.setdefault("first_dealer", 0)
    state = GAME.start(GAME.rules_from_json(options), seats, deck, situation)
    assert isinstance(state, ZhaoDeal)
    return state


def in_play(
    seats: int,
    hands: dict[int, str],
    suit: str | None,
    rank: str,
    declarer: int = 0,
    calls: tuple[str, ...] = (),
    kitty: str = "",
    active: list[int] | None = None,
    ranks: list[str] | None = None,
    **options: Any,
) -> ZhaoDeal:
    """A deal in the call phase turned into play: exactly ``hands``, the trump, declarer and calls."""
    ranks = ranks or [rank] * seats
    situation = {"ranks": ranks, "last_winners": active, "provisional_dealer": declarer}
    state = start(seats, deck_for(seats, {}), situation, **options)
    state.hands = [Counter(cards(hands.get(s, ""))) for s in range(seats)]
    state.trump = state.context(rank, suit)
    state.declaration = (declarer, (rank + (suit or "S"),))
    state.dealer = declarer
    state.team = [declarer]
    state.kitty = cards(kitty)
    state.buried = True
    state.pos = state.dealt
    state.phase = Phase.CALL
    for text in calls:
        state.apply(declarer, GAME.parse_action("call " + text))
    if not calls:
        state.start_play()
    return state


def play(state: ZhaoDeal, seat: int, text: str) -> None:
    """Seat ``seat`` plays the named cards."""
    state.apply(seat, Play(tuple(cards(text))))


def trick(state: ZhaoDeal, plays: str) -> None:
    """Play one trick written ``"0:AS 1:3S 2:4S ..."`` (seat:cards, cards joined by '+')."""
    for part in plays.split():
        seat, _, text = part.partition(":")
        play(state, int(seat), text.replace("+", " "))
