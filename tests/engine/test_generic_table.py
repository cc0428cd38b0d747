"""The family machinery is generic over seats, decks and set sizes (ready for Zhao Pengyou).

A toy game of six players with three decks and no kitty exchange runs on ``TrickDeal`` unchanged:
sets of three, sequences of sets, follows and trick winners for six plays.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core.game import JSON, Rules
from engine.family.cards import make_deck
from engine.family.plays import legal_follows
from engine.family.trickdeal import Setup, TrickDeal
from engine.family.tricks import read_lead, trick_winner
from engine.family.trump import TrumpContext


class SixSeatDeal(TrickDeal):
    """Six players, three decks (162 cards), 26 each, kitty 6; seats alternate sides."""

    game_name = "toy"

    def score(self) -> dict[str, JSON]:
        return {"outcome": "played", "card_points": self.card_points(), "scores": [0] * 6}

    def side_of(self, seat: int) -> int:
        return seat % 2


def six_seat_deal(seed: int) -> SixSeatDeal:
    deck = list(make_deck(3))
    random.Random(seed).shuffle(deck)
    setup = Setup(seats=6, hand_size=26, kitty_size=6, first_drawer=0, dealer=0, rank="2", sequences=True)
    state = SixSeatDeal(Rules(), setup, deck, None)
    state.trump = TrumpContext("2", "H", (), sequences=True, rank_sequences=False)
    return state


def test_six_players_three_decks_play_to_the_end() -> None:
    """Random legal play of a six-seat, three-deck deal ends with every card accounted for."""
    from engine.family.actions import Bury, Draw, PickUp, Play

    state = six_seat_deal(1)
    rng = random.Random(2)
    while not state.is_over():
        seat = min(state.must_move())
        if state.phase == "draw":
            state.apply(seat, Draw())
        elif state.phase == "kitty":
            state.apply(seat, PickUp())
        elif state.phase == "bury":
            state.apply(seat, Bury(tuple(rng.sample(list(state.hands[seat].elements()), 6))))
        else:
            plays = [a for a in state.sample_actions(seat, 50) if isinstance(a, Play)]
            state.apply(seat, rng.choice(plays))
    result: Any = state.result()
    assert sum(result["card_points"].values()) == 300
    assert sum(len(v) for v in state.zones().values()) == 162


def test_sets_of_three_must_be_followed_with_sets_of_three() -> None:
    """With three decks a led triple asks for a triple of the suit when held."""
    ctx = TrumpContext("2", "H", rank_sequences=False)
    lead = read_lead(Counter(["9S"] * 3), ctx)
    assert lead is not None
    follows = set(legal_follows(Counter(["5S"] * 3 + ["6S", "7S"]), lead, ctx))
    assert follows == {("5S", "5S", "5S")}


def test_six_plays_trick_winner() -> None:
    """A trick of six plays: the highest of the led suit or a trump wins, ties to the first."""
    ctx = TrumpContext("2", "H")
    plays = [Counter([c]) for c in ["9S", "AS", "3H", "3H", "KS", "4D"]]
    assert trick_winner(plays, ctx) == 2
