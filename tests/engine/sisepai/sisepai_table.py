"""Build Si Se Pai deals for rule tests: name the cards that matter, the rest is inert filler.

``table(hands={1: "YR YR"}, stock="YR")`` deals seat 1 two yellow chariots and makes the first
card of the stock a yellow chariot. Cards not named are taken from meld groups the test never
mentions (and never generals), so they cannot claim or combine with the named cards.
"""

from __future__ import annotations

from collections import Counter

from engine.games.sisepai import GAME
from engine.games.sisepai.actions import parse_action
from engine.games.sisepai.partition import GROUPS
from engine.games.sisepai.pieces import is_general
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import HAND_SIZE, PACKET, SiSePaiDeal

NO_REDEAL = SiSePaiRules(redeal=False)


def cards(text: str) -> list[str]:
    """``"RK RA"`` → ``["RK", "RA"]``."""
    return text.split()


def _filler_order(pool: Counter[str], mentioned: set[str]) -> list[str]:
    blocked = {g for g in GROUPS if mentioned & set(g)}

    def rank(code: str) -> int:
        group = next(g for g in GROUPS if code in g)
        return 3 if code in mentioned else 2 if is_general(code) else 1 if group in blocked else 0

    # One copy of each kind before any second copy: a hand's run of filler holds no identical cards.
    spread = [(rank(code), copy, code) for code, n in pool.items() for copy in range(n)]
    return [code for _, _, code in sorted(spread)]


def build_deck(
    seats: int,
    hands: dict[int, str],
    stock: str = "",
    dealer: int = 0,
    dealer_21: bool = False,
) -> list[str]:
    """A deck that deals ``hands`` (completed with filler) and starts the stock with ``stock``."""
    pool = Counter(GAME.deck(NO_REDEAL, seats))
    named = [cards(hands.get(s, "")) for s in range(seats)] + [cards(stock)]
    for group in named:
        pool.subtract(group)
    assert min(pool.values()) >= 0, "more copies named than the pack holds"
    mentioned = {c for group in named for c in group}
    filler = _filler_order(+pool, mentioned)
    full = []
    for s in range(seats):
        size = HAND_SIZE + (1 if dealer_21 and s == dealer else 0)
        hand = named[s][:]
        while len(hand) < size:
            hand.append(filler.pop(0))
        full.append(hand)
    deck: list[str] = []
    for packet in range(HAND_SIZE // PACKET):
        for i in range(seats):
            seat = (dealer + i) % seats
            size = PACKET + (1 if dealer_21 and packet == 0 and seat == dealer else 0)
            deck.extend(full[seat][:size])
            del full[seat][:size]
    return deck + named[seats] + filler


def table(
    seats: int = 3,
    hands: dict[int, str] | None = None,
    stock: str = "",
    dealer: int = 0,
    rules: SiSePaiRules = NO_REDEAL,
) -> SiSePaiDeal:
    """A deal with the named hands and stock, ``dealer`` dealing."""
    deck = build_deck(seats, hands or {}, stock, dealer, rules.dealer_21)
    deal = GAME.start(rules, seats, deck, {"dealer": dealer})
    assert isinstance(deal, SiSePaiDeal)
    return deal


def play(deal: SiSePaiDeal, *moves: str) -> SiSePaiDeal:
    """Apply moves written ``"1: pong"`` (seat, colon, action)."""
    for move in moves:
        seat, text = move.split(":", 1)
        deal.apply(int(seat), parse_action(text))
    return deal


def answer_all(deal: SiSePaiDeal, **claims: str) -> SiSePaiDeal:
    """Answer the open window: ``s1="pong"`` for seat 1, everyone else passes."""
    named = {int(k[1:]): v for k, v in claims.items()}
    for seat in sorted(deal.to_move()):
        deal.apply(seat, parse_action(named.get(seat, "pass")))
    return deal
