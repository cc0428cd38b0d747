"""Tractor (拖拉机, two decks), clause by clause of docs/rules/tractor.md."""

from __future__ import annotations

import random
from typing import Any

import family_table
import pytest
from family_table import cards, deck_for, draw_all, in_play, play, start, to_play
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.core.match import bot_move
from engine.core.registry import get_game
from engine.family.actions import Declare, PickUp, Play, Redeal
from engine.family.levels import tractor_outcome

GAME = get_game("tractor")
LATER = {"dealer": 0, "levels": ["2", "2"]}


def test_two_decks_108_cards_25_each_8_in_the_kitty() -> None:
    """108 cards; 25 each; the dealer exchanges 8 (§Cards and deal, §Kitty)."""
    state = draw_all(start("tractor", deck_for("tractor", {})))
    assert len(state.deck) == 108 and [sum(h.values()) for h in state.hands] == [25] * 4
    assert len(state.kitty) == 8


def test_single_rank_card_declares() -> None:
    """亮主: one rank card names its suit."""
    state = draw_all(start("tractor", deck_for("tractor", {1: "2H"})))
    state.apply(1, Declare(("2H",)))
    assert state.trump.suit == "H"


def test_pair_overrides_single() -> None:
    """反主: a pair of identical rank cards overrides a single."""
    state = draw_all(start("tractor", deck_for("tractor", {1: "2H", 2: "2S 2S"})))
    state.apply(1, Declare(("2H",)))
    state.apply(2, Declare(("2S", "2S")))
    assert state.trump.suit == "S" and state.dealer_to_be() == 2


def test_single_does_not_override_single() -> None:
    """Only a strictly stronger declaration overrides."""
    state = draw_all(start("tractor", deck_for("tractor", {1: "2H", 2: "2S"})))
    state.apply(1, Declare(("2H",)))
    with pytest.raises(IllegalAction):
        state.apply(2, Declare(("2S",)))


def test_pair_does_not_override_pair() -> None:
    """A pair does not override a pair."""
    state = draw_all(start("tractor", deck_for("tractor", {1: "2H 2H", 2: "2S 2S"})))
    state.apply(1, Declare(("2H", "2H")))
    assert Declare(("2S", "2S")) not in state.declarations(2)


@pytest.mark.parametrize(("first", "second"), [("2H 2H", "LJ LJ"), ("LJ LJ", "BJ BJ"), ("2H", "BJ BJ")])
def test_joker_pairs_override_and_make_no_trump(first: str, second: str) -> None:
    """LJ LJ and BJ BJ (無主) override; BJ BJ beats LJ LJ; no trump suit."""
    state = draw_all(start("tractor", deck_for("tractor", {1: first, 2: second})))
    state.apply(1, Declare(tuple(cards(first))))
    state.apply(2, Declare(tuple(cards(second))))
    assert state.trump.suit is None and state.dealer_to_be() == 2


def test_self_reinforcing_pair_needs_joker_pair_to_override() -> None:
    """自保: the declarer shows the second copy; others then need a joker pair."""
    state = draw_all(start("tractor", deck_for("tractor", {1: "2H 2H", 2: "2S 2S LJ LJ"})))
    state.apply(1, Declare(("2H",)))
    state.apply(1, Declare(("2H", "2H")))
    assert state.declarations(2) == [Declare(("LJ", "LJ"))]


@pytest.mark.parametrize(
    ("first", "second", "legal"),
    [
        ("2H", "2H 2H", True),  # 自保: the same card again
        ("2H", "2S 2S", False),  # a pair of another suit would outbid its own single
        ("2H", "LJ LJ", False),
        ("2H", "BJ BJ", False),
        ("2H 2H", "LJ LJ", False),
        ("LJ LJ", "BJ BJ", False),
    ],
)
def test_the_standing_declarer_may_only_reinforce_its_own_declaration(
    first: str, second: str, legal: bool
) -> None:
    """反主 cancels another player's 亮主 (§Declaring): the standing declarer may show only 自保."""
    held = second if second.startswith(first) else f"{first} {second}"
    state = draw_all(start("tractor", deck_for("tractor", {0: held})))
    state.apply(0, Declare(tuple(cards(first))))
    assert (Declare(tuple(cards(second))) in state.declarations(0)) is legal
    if legal:
        state.apply(0, Declare(tuple(cards(second))))
        assert state.declaration == (0, tuple(cards(second)))
    else:
        with pytest.raises(IllegalAction, match="yours"):
            state.apply(0, Declare(tuple(cards(second))))
        assert state.declaration == (0, tuple(cards(first)))
        assert state.trump.suit == ("H" if "2H" in first else None)


@pytest.mark.parametrize(
    ("first", "second"), [("2H", "2S 2S"), ("2H", "LJ LJ"), ("2H 2H", "LJ LJ"), ("LJ LJ", "BJ BJ")]
)
def test_another_player_may_override_the_standing_declaration(first: str, second: str) -> None:
    """The same outbids by another seat stand: 反主 is made against another player's 亮主."""
    state = draw_all(start("tractor", deck_for("tractor", {0: first, 1: second})))
    state.apply(0, Declare(tuple(cards(first))))
    assert Declare(tuple(cards(second))) in state.declarations(1)
    state.apply(1, Declare(tuple(cards(second))))
    assert state.dealer_to_be() == 1


def test_an_overridden_declarer_may_override_in_turn() -> None:
    """Seat 0's 2H is overridden by seat 1's 2S 2S; seat 0's LJ LJ then overrides seat 1's."""
    state = draw_all(start("tractor", deck_for("tractor", {0: "2H LJ LJ", 1: "2S 2S"})))
    state.apply(0, Declare(("2H",)))
    state.apply(1, Declare(("2S", "2S")))
    assert state.declarations(0) == [Declare(("LJ", "LJ"))] and state.declarations(1) == []
    state.apply(0, Declare(("LJ", "LJ")))
    assert state.trump.suit is None and state.dealer_to_be() == 0


def test_the_standing_declarer_without_the_twin_may_declare_nothing() -> None:
    """Holding one 2H and declaring it, with 2S 2S and BJ BJ in hand: nothing is left to show."""
    state = draw_all(start("tractor", deck_for("tractor", {0: "2H 2S 2S BJ BJ", 2: "2H"})))
    state.apply(0, Declare(("2H",)))
    assert state.declarations(0) == [] and not state.may_declare(0) and 0 not in state.declarers()


def test_first_deal_nobody_declares_redeal() -> None:
    """First deal without a declaration: redeal (§Declaring)."""
    state = draw_all(start("tractor", deck_for("tractor", {})))
    state.declaration = None
    assert Redeal() in list(state.legal_actions(0)) and PickUp() not in list(state.legal_actions(0))
    with pytest.raises(IllegalAction):
        state.apply(0, PickUp())
    state.apply(0, Redeal())
    assert state.result() is not None and state.result()["reason"] == "nobody declared"  # type: ignore[index]


def test_later_deal_nobody_declares_turns_up_the_kitty() -> None:
    """§Declaring: a later deal without a declaration turns up the kitty as in one deck."""
    state = draw_all(start("tractor", deck_for("tractor", {}, kitty="3S 4S 2D 5D 6D 7D 8D 9D"), LATER))
    state.apply(0, PickUp())
    assert state.trump.suit == "D" and state.turned == cards("3S 4S 2D")


def test_dealer_buries_eight() -> None:
    """The dealer takes and buries 8 cards."""
    state = draw_all(start("tractor", deck_for("tractor", {}), LATER))
    to_play(state)
    assert len(state.kitty) == 8 and sum(state.hands[0].values()) == 25


def test_tractor_must_be_followed_with_pairs() -> None:
    """A tractor lead takes as many pairs as the follower holds."""
    hands = {0: "3H 3H 4H 4H", 1: "9H 9H JH QH KH", 2: "5C 6C 7C 8C", 3: "5D 6D 7D 8D"}
    state = in_play("tractor", hands, "S")
    play(state, 0, "3H 3H 4H 4H")
    with pytest.raises(IllegalAction):
        play(state, 1, "9H JH QH KH")
    play(state, 1, "9H 9H JH QH")


def test_trump_tractor_wins_over_side_tractor() -> None:
    """A void follower's trump tractor beats the led tractor."""
    hands = {0: "3H 3H 4H 4H", 1: "5S 5S 6S 6S", 2: "5C 6C 7C 8C", 3: "5D 6D 7D 8D"}
    state = in_play("tractor", hands, "S")
    for seat in range(4):
        play(state, seat, hands[seat])
    assert state.leader == 1


@pytest.mark.parametrize(
    ("defenders", "dealer_keeps", "rise"),
    [
        (0, True, 3),
        (5, True, 2),
        (35, True, 2),
        (40, True, 1),
        (75, True, 1),
        (80, False, 0),
        (115, False, 0),
        (120, False, 1),
        (155, False, 1),
        (160, False, 2),
        (195, False, 2),
        (200, False, 3),
        (235, False, 3),
        (240, False, 4),
        (280, False, 5),
    ],
)
def test_level_table_by_forty_points(defenders: int, dealer_keeps: bool, rise: int) -> None:
    """§Scoring's table, extended past 240 one level per 40 points."""
    assert tractor_outcome(defenders) == (dealer_keeps, rise)


def last_trick(last: dict[int, str], kitty: str, won: str = "", suit: str = "S") -> dict[str, Any]:
    """Play a tractor last trick from the dealer (seat 0)."""
    return family_table.last_trick("tractor", last, kitty, won, suit)


@pytest.mark.parametrize("game", ["tractor", "sandaha"])
@pytest.mark.parametrize("on", [False, True])
def test_tractor_follow_does_not_bind_a_throw_holding_a_tractor(game: str, on: bool) -> None:
    """The option binds a lead that is a tractor; a throw's units are matched as without it: against
    QH QH KH KH + AH, 5H 5H 9H 9H 6H (two pairs, not consecutive) follows, option on or off."""
    hands = {0: "QH QH KH KH AH", 1: "5H 5H 6H 6H 9H 9H", 2: "5C 6C 8C 9C TC", 3: "5D 6D 8D 9D TD"}
    state = in_play(game, hands, "S", tractor_follow=on)
    play(state, 0, "QH QH KH KH AH")
    assert Play(tuple(cards("5H 5H 9H 9H 6H"))) in list(state.legal_actions(1))
    play(state, 1, "5H 5H 9H 9H 6H")


def test_tractor_follow_still_asks_pairs_against_a_throw() -> None:
    """Against a throw holding a tractor, the pairs are still asked for (as without the option)."""
    hands = {0: "QH QH KH KH AH", 1: "5H 5H 6H 6H 7H 9H 9H", 2: "5C 6C 7C 8C 9C", 3: "5D 6D 7D 8D 9D"}
    state = in_play("tractor", hands, "S", tractor_follow=True)
    play(state, 0, "QH QH KH KH AH")
    with pytest.raises(IllegalAction, match="2 pairs"):
        play(state, 1, "5H 6H 7H 9H 9H")


@pytest.mark.parametrize(
    ("last", "multiplier"),
    [
        ({0: "3S", 1: "AS", 2: "4S", 3: "6S"}, 2),  # a single: 2^1
        ({0: "3H 3H", 1: "AS AS", 2: "4H 6H", 3: "7H 8H"}, 4),  # a pair: 2^2
        ({0: "3H 3H 4H 4H", 1: "JS JS QS QS", 2: "6H 7H 8H 9H", 3: "6C 7C 8C 9C"}, 16),  # 4-card tractor: 2^4
    ],
)
def test_kitty_multiplied_by_two_to_the_n(last: dict[int, str], multiplier: int) -> None:
    """§Scoring: defenders taking the last trick get kitty × 2^n (n: tractor cards, 2 for a pair)."""
    result = last_trick(last, kitty="5D")
    assert result["kitty_multiplier"] == multiplier and result["defender_points"] == 5 * multiplier


def test_kitty_not_counted_when_dealer_side_takes_last_trick() -> None:
    """The dealer's side taking the last trick: the kitty adds nothing for the defenders."""
    result = last_trick({0: "AS", 1: "3S", 2: "4S", 3: "6S"}, kitty="KD")
    assert result["defender_points"] == 0


@pytest.mark.parametrize(("won", "next_dealer"), [("", 2), ("KC KC KD KD KH KH KS TS", 1)])
def test_next_dealer(won: str, next_dealer: int) -> None:
    """Dealer keeps (partner deals) under 80; from 80 the next seat deals (§Scoring)."""
    result = last_trick({0: "AS", 1: "3S", 2: "4S", 3: "6S"}, kitty="", won=won)
    assert result["next_dealer"] == next_dealer


def test_no_trump_deal_rank_cards_and_jokers_are_trumps() -> None:
    """無主 deal: a rank card beats a side-suit ace."""
    hands = {0: "AH", 1: "2C", 2: "3H", 3: "4H"}
    state = in_play("tractor", hands, None)
    for seat in range(4):
        play(state, seat, hands[seat])
    assert state.leader == 1


@pytest.mark.parametrize(("on", "legal"), [(False, True), (True, False)])
def test_tractor_follow_option(on: bool, legal: bool) -> None:
    """§Options, tractor_follow: holding a tractor, a tractor lead must be answered with one."""
    hands = {0: "3H 3H 4H 4H", 1: "9H 9H TH TH 6H 6H", 2: "5C 6C 7C 8C", 3: "5D 6D 7D 8D"}
    state = in_play("tractor", hands, "S", tractor_follow=on)
    play(state, 0, "3H 3H 4H 4H")
    if legal:
        play(state, 1, "6H 6H 9H 9H")
    else:
        with pytest.raises(IllegalAction):
            play(state, 1, "6H 6H 9H 9H")
        play(state, 1, "9H 9H TH TH")


@pytest.mark.parametrize(
    ("last", "multiplier"),
    [
        ({0: "3S", 1: "AS", 2: "4S", 3: "6S"}, 2),
        ({0: "3H 3H", 1: "AS AS", 2: "4H 6H", 3: "7H 8H"}, 4),
        ({0: "3H 3H 4H 4H", 1: "JS JS QS QS", 2: "6H 7H 8H 9H", 3: "6C 7C 8C 9C"}, 8),
    ],
)
def test_kitty_per_card_option(last: dict[int, str], multiplier: int) -> None:
    """§Options, kitty_per_card: the kitty × 2 per card of the last lead's largest unit."""
    state = in_play("tractor", last, "S", kitty_per_card=True)
    state.kitty = cards("5D")
    for seat in range(4):
        play(state, seat, last[seat])
    assert state.result() is not None and state.result()["kitty_multiplier"] == multiplier  # type: ignore[index]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000))
def test_the_seats_that_may_declare_are_read_again_after_every_draw(seed: int) -> None:
    """``declarers`` keeps its answer between draws and updates only the drawer's entry (for a
    rank card or a joker): at every step of a random draw phase it equals a fresh reading."""
    rng = random.Random(seed)
    state = GAME.start(
        GAME.rules_from_json({}), 4, GAME.shuffled_deck(GAME.rules_from_json({}), 4, rng), None
    )
    bots = [GAME.bot("random", random.Random(rng.getrandbits(64))) for _ in range(4)]
    while state.phase in ("draw", "kitty"):
        assert state.declarers() == [s for s in range(4) if state.may_declare(s)]
        seat, action = bot_move(state, bots)
        state.apply(seat, action)
