"""Leads, follows and trick winners of Zhao Pengyou (docs/rules/zhaopengyou.md §Leading, §Following,
§Winning a trick) on 2, 3 and 4 packs."""

from __future__ import annotations

from collections import Counter

import pytest
from zpy_table import GAME, cards, in_play, play, trick

from engine.core.errors import IllegalAction
from engine.family.plays import legal_follows
from engine.family.tricks import read_lead, trick_winner
from engine.family.trump import TrumpContext

CLUBS_7 = TrumpContext("7", "C", sequences=True, rank_sequences=False)
SPADES_4 = TrumpContext("4", "S", sequences=True, rank_sequences=False)


def shape(text: str, ctx: TrumpContext) -> tuple[tuple[int, int], ...]:
    lead = read_lead(Counter(cards(text)), ctx)
    assert lead is not None
    return lead.shape


def test_a_sequence_of_sets_skips_the_rank() -> None:
    """Clubs and 7 trump: three 6s and three 8s are a sequence (§Leading's example)."""
    assert shape("6S 6S 6S 8S 8S 8S", CLUBS_7) == ((3, 2),)
    assert shape("6D 6D 8D 8D", CLUBS_7) == ((2, 2),)


def test_in_trumps_the_rank_is_skipped_too_but_never_joins_a_sequence() -> None:
    """Clubs and 7: 6C 6C 8C 8C is a sequence; 6C 6C 7C 7C is not (§Leading)."""
    assert shape("6C 6C 8C 8C", CLUBS_7) == ((2, 2),)
    assert shape("6C 6C 7C 7C", CLUBS_7) == ((2, 1), (2, 1))


@pytest.mark.parametrize(
    "text",
    ["LJ LJ BJ BJ", "AC AC 7S 7S", "7S 7S 7C 7C", "7C 7C LJ LJ", "7S 7S 7D 7D"],
)
def test_jokers_and_rank_cards_never_form_sequences(text: str) -> None:
    """Zhao Pengyou keeps jokers and rank cards out of sequences (§Leading)."""
    assert len(shape(text, CLUBS_7)) == 2


def test_sequences_run_from_a_down_to_2_without_wrapping() -> None:
    """Spades and 4 trump: 5 5 3 3 of hearts is a sequence, A A 2 2 is not."""
    assert shape("5H 5H 3H 3H", SPADES_4) == ((2, 2),)
    assert shape("AH AH 2H 2H", SPADES_4) == ((2, 1), (2, 1))


def test_a_set_of_three_must_be_answered_by_a_set_of_three_when_held() -> None:
    """Nine players, three packs: 9D 9D 9D led; holding 5D 5D 5D 6D you must play the three 5s."""
    ctx = TrumpContext("2", "H", sequences=True, rank_sequences=False)
    lead = read_lead(Counter(cards("9D 9D 9D")), ctx)
    assert lead is not None
    assert set(legal_follows(Counter(cards("5D 5D 5D 6D")), lead, ctx)) == {("5D", "5D", "5D")}
    # Without a set of three, any three diamonds do (§Following asks for sets of the lead's size).
    assert ("5D", "6D", "7D") in set(legal_follows(Counter(cards("5D 5D 6D 7D")), lead, ctx))


def test_a_set_of_three_is_beaten_only_by_a_higher_set_of_three() -> None:
    """Nine players: 9D x3 led; KD KD QD cannot win, a trump set of three 3H does."""
    hands = {0: "9D 9D 9D", 1: "KD KD QD", 2: "3H 3H 3H", 3: "4H 4H 4H", 4: "5S 6S 7S"}
    state = in_play(9, hands | {s: "8C 8C 9C" for s in range(5, 9)}, "H", "2")
    trick(state, "0:9D+9D+9D 1:KD+KD+QD 2:3H+3H+3H 3:4H+4H+4H 4:5S+6S+7S")
    for seat in range(5, 9):
        play(state, seat, "8C 8C 9C")
    assert state.leader == 3


def test_sets_of_four_with_four_packs() -> None:
    """Twelve players: a set of four must be answered by a set of four; a sequence of fours is one unit."""
    ctx = TrumpContext("2", "H", sequences=True, rank_sequences=False)
    lead = read_lead(Counter(cards("QS QS QS QS")), ctx)
    assert lead is not None and lead.shape == ((4, 1),)
    assert set(legal_follows(Counter(cards("3S 3S 3S 3S 4S")), lead, ctx)) == {("3S", "3S", "3S", "3S")}
    assert shape("QS QS QS QS JS JS JS JS", ctx) == ((4, 2),)


def test_a_set_of_four_is_led_and_won_at_a_twelve_seat_table() -> None:
    """The whole trick of twelve: the higher set of four of the suit wins."""
    hands = {0: "QS QS QS QS", 1: "KS KS KS KS", 2: "AS AS AS AS"}
    state = in_play(12, hands | {s: "3D 4D 5D 6D" for s in range(3, 12)}, "H", "2")
    play(state, 0, "QS QS QS QS")
    play(state, 1, "KS KS KS KS")
    play(state, 2, "AS AS AS AS")
    for seat in range(3, 12):
        play(state, seat, "3D 4D 5D 6D")
    assert state.leader == 2


def test_equal_cards_go_to_the_first_played() -> None:
    """Identical cards, and off-suit rank cards, are equal: the earlier play wins (§Winning a trick)."""
    ctx = TrumpContext("2", "H", sequences=True, rank_sequences=False)
    assert trick_winner([Counter([c]) for c in ["AS", "AS", "KS"]], ctx) == 0
    assert trick_winner([Counter([c]) for c in ["3S", "2S", "2D", "2C"]], ctx) == 1
    assert trick_winner([Counter([c]) for c in ["3S", "2S", "2H", "2C"]], ctx) == 2


def test_a_throw_of_top_cards_is_legal_a_beatable_one_is_not() -> None:
    """Two packs, one AS held: AS KS KS may be led (the KS pair needs both AS to be beaten); AS KS not."""
    state = in_play(6, {0: "AS KS KS 3D", 1: "4S 5S 6S 7S"}, "H", "2")
    state.check(0, GAME.parse_action("play AS KS KS"))
    with pytest.raises(IllegalAction, match="throw not allowed"):
        state.check(0, GAME.parse_action("play AS KS"))


def test_big_jokers_are_always_top_but_a_little_joker_needs_both_big_ones_accounted_for() -> None:
    """BJ LJ is a throw only when the other BJ cannot be out against it."""
    state = in_play(6, {0: "BJ LJ 3D", 1: "BJ 4S"}, "H", "2")
    with pytest.raises(IllegalAction):
        state.check(0, GAME.parse_action("play BJ LJ"))
    state = in_play(6, {0: "BJ BJ LJ 3D"}, "H", "2")
    state.check(0, GAME.parse_action("play BJ BJ LJ"))


def test_follow_the_led_suit_with_as_many_cards_as_held() -> None:
    """A two-card spade lead: one spade held must be played with any other card."""
    state = in_play(6, {0: "9S 9S", 1: "3S 4D 5C", 2: "3D 3D"}, "H", "2")
    play(state, 0, "9S 9S")
    with pytest.raises(IllegalAction, match="follow spades"):
        state.check(1, GAME.parse_action("play 4D 5C"))
    state.check(1, GAME.parse_action("play 3S 4D"))


@pytest.mark.parametrize("on", [False, True])
def test_tractor_follow_binds_a_sequence_lead_not_a_throw_holding_one(on: bool) -> None:
    """Three packs, hearts trump at 2: against QD QD QD KD KD KD + AD, 5D 5D 5D 9D 9D 9D 6D follows
    with the option on or off (docs/rules/zhaopengyou.md §Following); against the sequence alone,
    the option asks for the held 5D 5D 5D 6D 6D 6D."""
    ctx = TrumpContext("2", "H", sequences=True, rank_sequences=False)
    hand = Counter(cards("5D 5D 5D 6D 6D 6D 9D 9D 9D"))
    throw = read_lead(Counter(cards("QD QD QD KD KD KD AD")), ctx)
    assert throw is not None
    assert ("5D", "5D", "5D", "6D", "9D", "9D", "9D") in set(legal_follows(hand, throw, ctx, on))
    sequence = read_lead(Counter(cards("QD QD QD KD KD KD")), ctx)
    assert sequence is not None
    answers = set(legal_follows(hand, sequence, ctx, on))
    assert (("5D", "5D", "5D", "9D", "9D", "9D") in answers) is not on
