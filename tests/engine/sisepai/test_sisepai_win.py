"""docs/rules/sisepai.md §6: 21 cards all in melds, at least 9 points, odd totals."""

from __future__ import annotations

from collections import Counter

from sisepai_table import answer_all, cards, play, table

from engine.games.sisepai.melds import Meld, MeldKind
from engine.games.sisepai.partition import concealed_melds, concealed_score, winning_score
from engine.games.sisepai.rules import SiSePaiRules

# 20-card hands and the card each waits for.
WAITS_FOR_GC_9 = "RA RA RA YH YH YH YP GP WP RK YK GC WR WR RE RE GR GR WH WH"
WAITS_FOR_GC_7 = "RA RA RA YH YH YH YP GP WP GC WR WR RE RE GR GR WH WH YC YC"
WAITS_FOR_RA_21 = "RK RE YR YR YR YR GH GH GH WC WC RP YP GP WP YK GE GE GE WK"


def score(hand: str, card: str, exposed: list[Meld] | None = None, minimum: int = 9) -> int | None:
    return winning_score(Counter(cards(hand)), card, exposed or [], minimum)


def test_nine_points_win() -> None:
    assert score(WAITS_FOR_GC_9, "GC") == 9


def test_nine_points_fall_short_of_a_ten_point_minimum() -> None:
    assert score(WAITS_FOR_GC_9, "GC", minimum=10) is None
    assert score(WAITS_FOR_GC_9, "GC", minimum=9) == 9


def test_seven_points_do_not_win() -> None:
    assert score(WAITS_FOR_GC_7, "GC") is None
    assert score(WAITS_FOR_GC_7, "GC", minimum=7) == 7


def test_eight_points_cannot_happen_because_21_cards_always_score_odd() -> None:
    # Each meld's points have the parity of its size, so 21 cards score odd: 8 is never a total.
    for kind_cards in ["RK", "YH YH", "RK RA RE", "WC WC WC", "RP YP GP", "YA YA YA YA", "RP YP GP WP"]:
        meld = Meld.of(kind_cards.split())
        assert meld.points % 2 == len(meld.cards) % 2
        assert Meld.of(kind_cards.split(), exposed=True).points % 2 == len(meld.cards) % 2
    assert score(WAITS_FOR_GC_9, "GC", minimum=8) == 9


def test_a_card_that_leaves_a_piece_out_of_every_meld_does_not_win() -> None:
    assert score(WAITS_FOR_GC_9, "GH") is None


def test_the_best_scoring_partition_is_chosen() -> None:
    # RK RA RE + RK could be a run and a single (2) or a pair of generals + A + E: only the first fits.
    assert concealed_score(Counter(cards("RK RK RA RE"))) == 2
    # Two generals are two singles (2), never a pair (0).
    assert concealed_score(Counter(cards("YK YK"))) == 2
    # Four generals are a four (8), better than four singles (4).
    assert concealed_score(Counter(cards("GK GK GK GK"))) == 8
    # Four soldiers of four colours (4) beat a three-colour set and a leftover (impossible).
    assert concealed_score(Counter(cards("RP YP GP WP"))) == 4


def test_the_winning_hand_melds_are_listed_with_their_points() -> None:
    melds = concealed_melds(Counter(cards(WAITS_FOR_GC_9) + ["GC"]))
    assert melds is not None
    assert sum(m.points for m in melds) == 9
    assert Meld.of(["GC", "GC"]) in melds


def test_exposed_melds_count_at_their_exposed_points() -> None:
    # The hand's own YH YH YH is worth 3 concealed; the same three exposed is worth 1.
    hand = "RA RA RA YP GP WP RK YK GC WR WR RE RE GR GR WH WH"
    pong = Meld.of(["YH"] * 3, exposed=True)
    assert score(hand, "GC", [pong], minimum=1) == 7


def test_hu_on_a_discard_pays_from_every_other_seat() -> None:
    deal = table(3, hands={0: "GC", 1: WAITS_FOR_GC_9}, stock="RK", dealer=0)
    play(deal, "0:draw")
    answer_all(deal, s0="meld")  # the red general as a single; seat 0 must now discard
    play(deal, "0:discard GC")
    answer_all(deal, s1="hu")
    result = deal.result()
    assert result is not None
    assert result["outcome"] == "win"
    assert (result["winner"], result["by"], result["card"], result["from"]) == (1, "hu", "GC", 0)
    assert result["points"] == 9
    assert result["payments"] == [-9, 18, -9]


def test_tsumo_wins_with_the_drawn_card_and_pays_the_same() -> None:
    deal = table(2, hands={0: WAITS_FOR_RA_21}, stock="RA")
    play(deal, "0:draw")
    answer_all(deal, s0="tsumo")
    result = deal.result()
    assert result is not None
    assert (result["winner"], result["by"], result["points"], result["payments"]) == (
        0,
        "tsumo",
        21,
        [21, -21],
    )
    kinds = [m["kind"] for m in result["melds"]]
    assert kinds.count(MeldKind.FOUR.value) == 1


def test_a_win_below_the_minimum_is_not_offered() -> None:
    deal = table(3, hands={1: WAITS_FOR_GC_7}, stock="GC")
    play(deal, "0:draw")
    assert "hu" not in {str(a) for a in deal.legal_actions(1)}
    deal = table(3, hands={1: WAITS_FOR_GC_7}, stock="GC", rules=SiSePaiRules(redeal=False, min_points=7))
    play(deal, "0:draw")
    assert "hu" in {str(a) for a in deal.legal_actions(1)}
