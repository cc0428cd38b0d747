"""One-deck Shengji (升级), clause by clause of docs/rules/shengji.md (after Parlett), variants on and off."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from family_table import cards, deck_for, draw_all, in_play, play, start, to_play

from engine.core.errors import IllegalAction, NotYourTurn, WrongPhase
from engine.core.registry import get_game
from engine.family.actions import Declare, Draw, PickUp, Play, Redeal
from engine.games.shengji import shengji_outcome

GAME = get_game("shengji")


def last_trick(
    last: dict[int, str],
    suit: str = "S",
    rank: str = "2",
    defenders_won: str = "",
    kitty: str = "",
    **options: Any,
) -> dict[str, Any]:
    """Play a last trick led by the dealer (seat 0) after the defenders won ``defenders_won``."""
    state = in_play("shengji", last, suit, rank, **options)
    state.won[1] = Counter(cards(defenders_won))
    state.kitty = cards(kitty)
    for seat in range(4):
        play(state, seat, last[seat])
    result = state.result()
    assert result is not None
    return result


def test_four_players_partners_opposite() -> None:
    """Seats 0 and 2 are partners against 1 and 3 (§Players, partners and order)."""
    state = in_play("shengji", {}, "S")
    assert [state.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_deck_is_54_cards_with_both_jokers() -> None:
    """One deck of 54 cards with a coloured and a black joker."""
    deck = GAME.deck(GAME.rules_from_json({}), 4)
    assert len(deck) == 54 and "BJ" in deck and "LJ" in deck


def test_cards_are_drawn_one_at_a_time_from_the_first_drawer() -> None:
    """Draws go 0, 1, 2, 3, ... one card each, starting with the chosen first drawer."""
    state = start("shengji", deck_for("shengji", {1: "AS"}, first=1), first_drawer=1)
    assert state.must_move() == {1}
    state.apply(1, Draw())
    assert state.hands[1]["AS"] == 1 and state.must_move() == {2}


def test_drawing_out_of_turn_is_refused() -> None:
    """Only the seat whose turn it is may draw."""
    state = start("shengji", deck_for("shengji", {}))
    with pytest.raises(NotYourTurn):
        state.apply(2, Draw())


def test_twelve_each_and_six_left_as_kitty() -> None:
    """Each hand has 12 cards; 6 are left over (§Drawing and declaring)."""
    state = draw_all(start("shengji", deck_for("shengji", {}, kitty="AS KS QS JS TS 9S")))
    assert [sum(h.values()) for h in state.hands] == [12] * 4
    assert state.kitty == cards("AS KS QS JS TS 9S")


def test_later_deals_draw_from_the_dealer() -> None:
    """From the second deal the dealer draws first."""
    state = start("shengji", deck_for("shengji", {}), {"dealer": 3, "levels": ["2", "2"]})
    assert state.must_move() == {3}


def test_a_rank_card_may_be_shown_to_name_trumps_by_any_seat_during_the_draw() -> None:
    """Every seat holding a rank card may declare while drawing, even out of drawing turn."""
    state = start("shengji", deck_for("shengji", {1: "2H"}))
    for _ in range(2):
        state.apply(state.drawer, Draw())
    assert 1 in state.to_move() and state.must_move() == {2}
    state.apply(1, Declare(("2H",)))
    assert state.trump.suit == "H"


def test_first_declaration_wins_no_overcall() -> None:
    """The first to show wins; a later rank card cannot override (§Drawing and declaring)."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "2H", 2: "2S"})))
    state.apply(2, Declare(("2S",)))
    assert not state.declarations(1)
    with pytest.raises(IllegalAction):
        state.apply(1, Declare(("2H",)))


def test_declaring_needs_a_rank_card_held() -> None:
    """Only a card of the trump rank you hold may be shown."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "3H 2H"})))
    with pytest.raises(IllegalAction):
        state.apply(1, Declare(("3H",)))
    with pytest.raises(IllegalAction):
        state.apply(0, Declare(("2H",)))


def test_declaring_may_wait_until_the_draw_is_over() -> None:
    """Showing later is allowed: until the kitty is taken."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "2H"})))
    assert state.phase == "kitty" and Declare(("2H",)) in state.declarations(1)


def test_first_deal_declarer_becomes_dealer() -> None:
    """First deal: whoever shows becomes the dealer and takes the kitty."""
    state = draw_all(start("shengji", deck_for("shengji", {3: "2C"})))
    state.apply(3, Declare(("2C",)))
    assert state.must_move() == {3}
    state.apply(3, PickUp())
    assert state.dealer == 3 and sum(state.hands[3].values()) == 18


def test_later_deal_declaration_names_only_the_suit() -> None:
    """From the second deal the dealer is fixed; showing names only the trump suit."""
    deck = deck_for("shengji", {1: "5D"}, first=2)
    state = draw_all(start("shengji", deck, {"dealer": 2, "levels": ["5", "3"]}))
    state.apply(1, Declare(("5D",)))
    assert state.must_move() == {2} and state.trump.suit == "D" and state.trump.rank == "5"


@pytest.mark.parametrize(
    ("kitty", "suit", "turned"),
    [
        ("3S 2H 4D 5D 6D 7D", "H", 2),  # the first rank card turned up names the suit
        ("3S KH 4D KC 6D 7D", "H", 6),  # none: the highest non-joker, the first turned on ties
        ("BJ 9C AD 3S 4S 5S", "D", 6),  # jokers are skipped
    ],
)
def test_nobody_declares_kitty_is_turned_up(kitty: str, suit: str, turned: int) -> None:
    """§Drawing and declaring: turn the kitty up one card at a time."""
    state = draw_all(start("shengji", deck_for("shengji", {}, kitty=kitty)))
    state.declaration = None
    state.apply(0, PickUp())
    assert state.trump.suit == suit and len(state.turned) == turned


def test_nobody_declares_first_drawer_is_dealer() -> None:
    """First deal without a declaration: the first drawer becomes dealer (§Drawing and declaring)."""
    deck = deck_for("shengji", {}, kitty="3S 2H 4D 5D 6D 7D", first=2)
    state = draw_all(start("shengji", deck, first_drawer=2))
    state.apply(2, PickUp())
    assert state.dealer == 2


def test_turned_up_kitty_is_public_until_taken() -> None:
    """Cards turned up are seen by everyone."""
    state = draw_all(start("shengji", deck_for("shengji", {}, kitty="3S 2H 4D 5D 6D 7D")))
    state.apply(0, PickUp())
    assert state.view(1)["turned_up"] == ["3S", "2H"]


def test_dealer_takes_kitty_and_buries_six() -> None:
    """The dealer adds the 6 cards and puts 6 back face down."""
    state = draw_all(start("shengji", deck_for("shengji", {0: "2S"})))
    state.apply(0, Declare(("2S",)))
    to_play(state)
    assert sum(state.hands[0].values()) == 12 and len(state.kitty) == 6
    assert "kitty" in state.hidden_from(1) and "kitty" not in state.hidden_from(0)


def test_burying_the_wrong_number_is_refused() -> None:
    """Exactly six cards are buried."""
    from engine.family.actions import Bury

    state = draw_all(start("shengji", deck_for("shengji", {0: "2S"})))
    state.apply(0, Declare(("2S",)))
    state.apply(0, PickUp())
    with pytest.raises(IllegalAction):
        state.apply(0, Bury(tuple(list(state.hands[0].elements())[:5])))


def test_play_before_the_kitty_is_wrong_phase() -> None:
    """A play during the draw is a WrongPhase error."""
    state = start("shengji", deck_for("shengji", {}))
    with pytest.raises(WrongPhase):
        state.apply(0, Play(("AS",)))


def test_dealer_leads_the_first_trick() -> None:
    """After the kitty, the dealer leads."""
    state = draw_all(start("shengji", deck_for("shengji", {2: "2S"})))
    state.apply(2, Declare(("2S",)))
    to_play(state)
    assert state.phase == "play" and state.must_move() == {2}


def test_must_follow_and_a_revoke_changes_nothing() -> None:
    """Holding the led suit you must follow; a refused play leaves the deal as it was."""
    state = in_play("shengji", {0: "AH 3C", 1: "4H 5C", 2: "6H 7C", 3: "8H 9C"}, "S")
    play(state, 0, "AH")
    before = state.view(None)
    with pytest.raises(IllegalAction):
        play(state, 1, "5C")
    assert state.view(None) == before


def test_trick_winner_leads_next() -> None:
    """The trick's winner leads the next one."""
    state = in_play("shengji", {0: "3H 3C", 1: "4H 5C", 2: "AH 7C", 3: "8H 9C"}, "S")
    for seat, card in [(0, "3H"), (1, "4H"), (2, "AH"), (3, "8H")]:
        play(state, seat, card)
    assert state.must_move() == {2} and state.won[2]["AH"] == 1


def test_off_suit_rank_cards_tie_first_played_wins() -> None:
    """Two off-suit rank cards: the first played wins."""
    state = in_play("shengji", {0: "3S 3C", 1: "2H 5C", 2: "2D 7C", 3: "4S 9C"}, "S")
    for seat, card in [(0, "3S"), (1, "2H"), (2, "2D"), (3, "4S")]:
        play(state, seat, card)
    assert state.leader == 1


def test_multi_card_lead_of_top_cards() -> None:
    """Top cards of a suit (excluding played cards) may be led together."""
    state = in_play("shengji", {0: "KH TH", 1: "4H 5C", 2: "6H 7C", 3: "8H 9C"}, "S", played="AH QH JH")
    play(state, 0, "KH TH")
    assert state.lead is not None and state.lead.size == 2


def test_multi_card_lead_not_top_is_refused() -> None:
    """K-10 of hearts while the A is out is refused."""
    state = in_play("shengji", {0: "KH TH", 1: "4H 5C", 2: "6H 7C", 3: "8H 9C"}, "S")
    with pytest.raises(IllegalAction):
        play(state, 0, "KH TH")


@pytest.mark.parametrize(
    ("defenders", "dealer_wins", "dealer_rise", "defender_rise"),
    [
        (0, True, 2, 0),
        (5, True, 1, 0),
        (35, True, 1, 0),
        (40, False, 0, 0),
        (75, False, 0, 0),
        (80, False, 0, 1),
        (95, False, 0, 1),
        (100, False, 0, 2),
        (200, False, 0, 2),
    ],
)
def test_levels_by_defender_points(
    defenders: int, dealer_wins: bool, dealer_rise: int, defender_rise: int
) -> None:
    """Under 40: dealer +1 (+2 at 0); 40-79: no change; 80-99: defenders +1; 100+: +2 (§Scoring)."""
    assert shengji_outcome(defenders) == (dealer_wins, dealer_rise, defender_rise)


@pytest.mark.parametrize(
    ("won", "next_dealer", "levels"), [("KC TC KD", 2, ["3", "2"]), ("KC TC KD TD", 1, ["2", "2"])]
)
def test_next_dealer_partner_after_win_next_seat_after_loss(
    won: str, next_dealer: int, levels: list[str]
) -> None:
    """§Scoring: dealer's side wins → partner deals; loses → the next seat (下家)."""
    result = last_trick({0: "AS", 1: "3H", 2: "4H", 3: "6H"}, defenders_won=won)
    assert (result["next_dealer"], result["levels_after"]) == (next_dealer, levels)


def test_only_defender_points_count() -> None:
    """Points taken by the dealer's side do not count (§Scoring)."""
    result = last_trick({0: "AS", 1: "3H", 2: "KH", 3: "6H"})
    assert result["defender_points"] == 0 and result["levels_after"] == ["4", "2"]


@pytest.mark.parametrize(
    ("last", "defenders"),
    [({0: "4H", 1: "3H", 2: "AS", 3: "6H"}, 0), ({0: "4H", 1: "AS", 2: "3H", 3: "6H"}, 20)],
    ids=["dealer side takes it", "defenders take it doubled"],
)
def test_buried_kitty_points_doubled_to_last_trick_side(last: dict[int, str], defenders: int) -> None:
    """The kitty's points go doubled to the side taking the last trick (§Scoring)."""
    result = last_trick(last, kitty="TD 3D")
    assert result["defender_points"] == defenders


def test_pointless_hand_may_demand_a_redeal() -> None:
    """§Redeal for a pointless hand: a hand with no 5, 10 or K may be shown before the kitty is taken."""
    plain = "2S 3S 4S 6S 7S 8S 9S JS QS AS 3H 4H"
    state = draw_all(start("shengji", deck_for("shengji", {1: plain})))
    assert 1 in state.to_move()
    state.apply(1, Redeal())
    assert state.result() == {
        "outcome": "redeal",
        "reason": "pointless hand",
        "by": 1,
        "scores": [0] * 4,
        "next_dealer": None,
    }


def test_a_hand_with_points_may_not_demand_a_redeal() -> None:
    """A hand holding a 5, 10 or K may not."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "5S 2S"})))
    with pytest.raises(IllegalAction):
        state.apply(1, Redeal())


def test_pointless_redeal_option_off() -> None:
    """pointless_redeal=False removes the right."""
    plain = "3S 4S 6S 7S 8S 9S JS QS AS 3H 4H 6H"
    state = draw_all(start("shengji", deck_for("shengji", {1: plain}), pointless_redeal=False))
    assert 1 not in state.to_move()


@pytest.mark.parametrize(("rank", "winners"), [("A", [0, 2]), ("K", None)])
def test_game_ends_only_by_winning_as_dealer_at_ace(rank: str, winners: list[int] | None) -> None:
    """§End of the game: the dealer's side at A wins the game by winning the deal."""
    result = last_trick({0: "AS", 1: "3H", 2: "4H", 3: "6H"}, rank=rank)
    assert result["winners"] == winners


def test_defenders_at_ace_do_not_win_the_game() -> None:
    """Levels stop at A; defenders reaching A have not yet won."""
    state = in_play("shengji", {0: "3H", 1: "AS", 2: "4H", 3: "6H"}, "S", rank="A")
    state.setup = type(state.setup)(**{**state.setup.__dict__, "levels": ("A", "K")})
    state.won[1] = Counter(cards("KC KD KH KS TC TD TH TS 5C 5D"))
    result = [play(state, s, c) for s, c in [(0, "3H"), (1, "AS"), (2, "4H"), (3, "6H")]] and state.result()
    assert result is not None and result["levels_after"] == ["A", "A"] and result["winners"] is None


# -- variants (§House rules), each on and off -------------------------------------------------


@pytest.mark.parametrize(("on", "trump_ranks"), [(True, ("3", "2")), (False, ("2",))])
def test_two_always_trump_starts_at_three(on: bool, trump_ranks: tuple[str, ...]) -> None:
    """Variant 1: 2s are always trump and levels start at 3."""
    state = start("shengji", deck_for("shengji", {1: "2H 3H"}), two_always_trump=on)
    assert state.trump.trump_ranks() == trump_ranks


def test_two_always_trump_a_two_does_not_declare() -> None:
    """With 2s always trump, only the rank (3) names the suit."""
    state = draw_all(start("shengji", deck_for("shengji", {1: "2H 3H"}), two_always_trump=True))
    assert Declare(("3H",)) in state.declarations(1) and Declare(("2H",)) not in state.declarations(1)


@pytest.mark.parametrize("on", [True, False])
def test_four_of_a_kind_lead(on: bool) -> None:
    """Variant 2: four cards of one rank may be led together."""
    hands = {0: "9S 9H 9D 9C", 1: "3H 4H 5H 6H", 2: "7H 8H TH JH", 3: "KH AH 3C 4C"}
    state = in_play("shengji", hands, "S", four_of_a_kind=on)
    if on:
        play(state, 0, "9S 9H 9D 9C")
        play(state, 1, "3H 4H 5H 6H")
        assert state.trick
    else:
        with pytest.raises(IllegalAction):
            play(state, 0, "9S 9H 9D 9C")


@pytest.mark.parametrize(("on", "next_dealer", "defenders"), [(True, 1, 10), (False, 2, 30)])
def test_last_trick_passes_the_deal(on: bool, next_dealer: int, defenders: int) -> None:
    """Variant 3: defenders taking the last trick pass the deal even under 40; the kitty does not count."""
    result = last_trick(
        {0: "4H", 1: "AS", 2: "6C", 3: "3H"}, defenders_won="TC", kitty="TH 3D", last_trick_passes=on
    )
    assert (result["next_dealer"], result["defender_points"]) == (next_dealer, defenders)


@pytest.mark.parametrize(
    ("on", "winning_card", "dealer_level"),
    [(True, "JS", "2"), (True, "JH", "7"), (False, "JS", "Q"), (True, "AS", "Q")],
)
def test_j_hook(on: bool, winning_card: str, dealer_level: str) -> None:
    """Variant 4 (鉤到底): at rank J, the last trick won by a defender's J sends the dealer back."""
    result = last_trick({0: "4H", 1: winning_card, 2: "5C", 3: "3H"}, rank="J", j_hook=on)
    assert result["levels_after"][0] == dealer_level


def test_j_hook_with_two_always_trump_returns_to_three() -> None:
    """With 2s always trump, the J-hook sends the dealer back to 3."""
    result = last_trick({0: "4H", 1: "JS", 2: "5C", 3: "3H"}, rank="J", j_hook=True, two_always_trump=True)
    assert result["levels_after"][0] == "3"


def test_game_registry_names_shengji() -> None:
    """The game is registered as shengji."""
    assert GAME.name == "shengji" and GAME.chinese == "升级"
