"""The rules' tables, the deck per number of players and the first provisional dealer's draw."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from zpy_table import GAME, deck_for, start

from engine.core.errors import BadSetup
from engine.games.zhaopengyou.rules import KITTY, ZhaoRules, calls_for, decks_for, hand_size
from engine.games.zhaopengyou.scoring import dealer_draw, draw_strength

# players: packs, big jokers, little jokers, cards each (zhaopengyou.md §Players and cards)
SEED_TABLE = {
    6: (2, 2, 2, 17),
    7: (2, 0, 0, 14),
    8: (3, 2, 0, 19),
    9: (3, 3, 0, 17),
    10: (3, 0, 0, 15),
    11: (3, 2, 2, 14),
    12: (4, 2, 0, 17),
}


@pytest.mark.parametrize("players", sorted(SEED_TABLE))
def test_the_deck_follows_seed_001s_table(players: int) -> None:
    """Packs, jokers and hand sizes per number of players; the kitty is always 6."""
    packs, big, little, each = SEED_TABLE[players]
    deck = Counter(GAME.deck(ZhaoRules(), players))
    assert deck["AS"] == packs and deck["2C"] == packs
    assert (deck["BJ"], deck["LJ"]) == (big, little)
    assert sum(deck.values()) == players * each + KITTY
    assert (decks_for(players), hand_size(players)) == (packs, each)


@pytest.mark.parametrize(("players", "calls"), [(6, 2), (7, 2), (8, 3), (9, 3), (10, 4), (11, 4), (12, 5)])
def test_the_number_of_calls_follows_the_players(players: int, calls: int) -> None:
    """6-7 players call 2 friends, 8-9 call 3, 10-11 call 4, 12 call 5."""
    assert calls_for(players) == calls


@pytest.mark.parametrize("players", [5, 13])
def test_five_or_thirteen_players_are_not_a_table(players: int) -> None:
    """Zhao Pengyou is for 6-12 players."""
    with pytest.raises(BadSetup):
        GAME.deck(ZhaoRules(), players)


def test_a_deck_of_another_table_size_is_refused() -> None:
    """A 6-player deck cannot be dealt to 7 players."""
    with pytest.raises(BadSetup):
        GAME.start(ZhaoRules(), 7, GAME.deck(ZhaoRules(), 6), None)


def test_the_draw_for_dealer_ranks_jokers_over_aces_and_ignores_suits() -> None:
    """BJ > LJ > A > K > ... > 2; AS and AH draw equal."""
    order = ["2C", "9D", "KS", "AH", "LJ", "BJ"]
    assert [draw_strength(c) for c in order] == sorted(draw_strength(c) for c in order)
    assert draw_strength("AS") == draw_strength("AH")


def test_the_highest_card_drawn_makes_the_first_provisional_dealer() -> None:
    """One round without a tie: the seat with the strongest card."""
    deck = list(GAME.deck(ZhaoRules(), 6))
    random.Random(1).shuffle(deck)
    dealer, rounds = dealer_draw(deck, 6)
    last = rounds[-1]
    best = max(draw_strength(c) for _, c in last)
    assert [s for s, c in last if draw_strength(c) == best] == [dealer]


def test_tied_seats_draw_again_until_one_is_highest() -> None:
    """A tie for the highest card sends only the tied seats to draw again (§The provisional dealer)."""
    for seed in range(200):
        deck = list(GAME.deck(ZhaoRules(), 12))
        random.Random(seed).shuffle(deck)
        dealer, rounds = dealer_draw(deck, 12)
        if len(rounds) > 1:
            break
    else:
        pytest.fail("no tie in 200 decks")
    for this, after in zip(rounds, rounds[1:], strict=False):
        best = max(draw_strength(c) for _, c in this)
        assert [s for s, _ in after] == [s for s, c in this if draw_strength(c) == best]
    assert dealer in [s for s, _ in rounds[-1]]


def test_the_draw_is_data_of_the_recorded_deck() -> None:
    """The same deck always gives the same provisional dealer, shown in every view."""
    deck = list(GAME.deck(ZhaoRules(), 6))
    random.Random(5).shuffle(deck)
    state = GAME.start(ZhaoRules(), 6, deck, None)
    dealer, rounds = dealer_draw(deck, 6)
    assert state.view(None)["provisional_dealer"] == dealer == state.view(3)["provisional_dealer"]
    assert state.view(None)["dealer_draw"] == [[[s, c] for s, c in r] for r in rounds]
    assert state.must_move() == {dealer}


def test_the_provisional_dealer_draws_first_and_the_draw_goes_round_in_play_order() -> None:
    """Seat 4 draws first, then 5, then 0 (counter-clockwise = seat order)."""
    state = start(6, deck_for(6, {}, first=4), first_dealer=4)
    assert state.must_move() == {4}
    state.apply(4, GAME.parse_action("draw"))
    assert state.must_move() == {5}
    state.apply(5, GAME.parse_action("draw"))
    assert state.must_move() == {0}


def test_rules_default_to_the_seed_and_read_their_json() -> None:
    """Every option has the seed's default; JSON round-trips."""
    rules = ZhaoRules()
    assert rules.first_dealer == -1 and rules.kitty_multiplier == 2 and rules.passive_penalty == 1
    assert GAME.rules_from_json(rules.to_json()) == rules
    assert GAME.rules_from_json({"tractor_follow": "true"}) == ZhaoRules(tractor_follow=True)
    with pytest.raises(BadSetup):
        GAME.rules_from_json({"no_such_rule": 1})
