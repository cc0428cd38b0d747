"""Build Shengji-family deals for rule tests: name the cards that matter, the rest is filler.

``deck_for("shengji", {0: "2S AS"}, kitty="KH")`` is a deck in draw order dealing ``2S`` and
``AS`` to seat 0 and ending with ``KH`` in the kitty. ``in_play(...)`` gives a deal in the play
phase with exactly the named hands, trump and dealer.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.registry import get_game
from engine.family.actions import Bury, Draw, PickUp, Play
from engine.family.cards import parse_cards
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext

SIZES = {"shengji": (12, 6), "tractor": (25, 8), "sandaha": (21, 8)}


def cards(text: str) -> list[str]:
    """``"AS AS KS"`` → ``["AS", "AS", "KS"]``."""
    return list(parse_cards(text))


def deck_for(
    game: str,
    hands: dict[int, str],
    kitty: str = "",
    first: int = 0,
    rules: Any = None,
    filler_last: bool = False,
) -> list[str]:
    """A deck in draw order: seat ``s`` draws ``hands[s]`` first (or last), the kitty ends the deck."""
    g = get_game(game)
    rules = rules or g.rules_from_json({})
    hand_size, kitty_size = SIZES[game]
    pool = Counter(g.deck(rules, 4))
    named = {s: cards(t) for s, t in hands.items()}
    for held in [*named.values(), cards(kitty)]:
        pool.subtract(held)
    assert min(pool.values(), default=0) >= 0, "a card is named more often than the deck holds it"
    # Filler goes round the seats one card at a time, so jokers and permanent trumps spread thinly.
    filler = sorted(pool.elements(), key=lambda c: (c in ("LJ", "BJ"), c[0] in "2357TK", c))
    extra: dict[int, list[str]] = {s: [] for s in range(4)}
    while any(len(named.get(s, [])) + len(extra[s]) < hand_size for s in range(4)):
        for seat in range(4):
            if len(named.get(seat, [])) + len(extra[seat]) < hand_size:
                extra[seat].append(filler.pop(0))
    per_seat = {
        s: extra[s] + named.get(s, []) if filler_last else named.get(s, []) + extra[s] for s in range(4)
    }
    rest_kitty = cards(kitty) + filler[: kitty_size - len(cards(kitty))]
    deck = [per_seat[(first + i) % 4][i // 4] for i in range(4 * hand_size)]
    return deck + rest_kitty


def start(game: str, deck: list[str], situation: dict[str, Any] | None = None, **options: Any) -> TrickDeal:
    """A new deal of ``game`` with rule ``options``."""
    g = get_game(game)
    state = g.start(g.rules_from_json(options), 4, deck, situation)
    assert isinstance(state, TrickDeal)
    return state


def draw_all(state: TrickDeal) -> TrickDeal:
    """Draw every card without declaring."""
    while state.phase == "draw":
        state.apply(state.drawer, Draw())
    return state


def to_play(state: TrickDeal, bury: str | None = None) -> TrickDeal:
    """From the kitty phase: pick up and bury (the kitty's own cards unless named)."""
    kitty = list(state.kitty)
    dealer = state.dealer_to_be()
    state.apply(dealer, PickUp())
    state.apply(dealer, Bury(tuple(cards(bury) if bury else kitty)))
    return state


def in_play(
    game: str,
    hands: dict[int, str],
    suit: str | None,
    rank: str | None = "2",
    dealer: int = 0,
    leader: int | None = None,
    played: str = "",
    **options: Any,
) -> TrickDeal:
    """A deal in the play phase with exactly ``hands``, the trump and dealer given."""
    situation = {"dealer": dealer, "levels": [rank, rank]} if game != "sandaha" else None
    state = start(game, deck_for(game, {}), situation, **options)
    state.hands = [Counter(cards(hands.get(s, ""))) for s in range(4)]
    permanent = {"sandaha": ("7", "2")}.get(game, ("2",) if options.get("two_always_trump") else ())
    state.trump = TrumpContext(rank, suit, permanent, sequences=game != "shengji")
    state.dealer = dealer
    state.phase = Phase.PLAY
    state.leader = dealer if leader is None else leader
    state.played = Counter(cards(played))
    state.kitty = []
    return state


def play(state: TrickDeal, seat: int, text: str) -> None:
    """Seat ``seat`` plays the named cards."""
    state.apply(seat, Play(tuple(cards(text))))


def finish(state: TrickDeal, tricks: list[list[tuple[int, str]]]) -> dict[str, Any]:
    """Play whole tricks (lists of (seat, cards)) and return the result."""
    for trick in tricks:
        for seat, text in trick:
            play(state, seat, text)
    result = state.result()
    assert result is not None
    return result


def last_trick(
    game: str, last: dict[int, str], kitty: str, won: str = "", suit: str = "S", **options: Any
) -> dict[str, Any]:
    """Play ``game``'s last trick ``last`` led by the dealer (seat 0), the defenders having won
    ``won`` before, with ``kitty`` buried; the deal's result."""
    state = in_play(game, last, suit, **options)
    state.won[1] = Counter(cards(won))
    state.kitty = cards(kitty)
    for seat in range(4):
        play(state, seat, last[seat])
    result = state.result()
    assert result is not None
    return result
