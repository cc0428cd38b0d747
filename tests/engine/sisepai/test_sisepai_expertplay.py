"""The expert's one-ply bot (``WideBot``): the heuristic, but among its equally cheap discards the
one that leaves the hand able to claim the most unseen pieces."""

from __future__ import annotations

import random
from collections import Counter

from sisepai_table import play, table

from engine.games.sisepai import GAME
from engine.games.sisepai.expert import SiSePaiKnowledge
from engine.games.sisepai.expertplay import WideBot, acceptance, claimable, unseen_counts
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.state import Phase

DEALER_21 = SiSePaiRules(dealer_21=True, redeal=False)
# The heuristic values discarding GA or YA alike; kept, GA (beside GK and a pair of GE) is
# claimable into more melds than YA.
TIED = "RA RE RR RH RP RP RP YA YR YH YP GK GA GE GE WE WE WR WH WC WP"


def test_a_pair_claims_its_third_piece_and_a_near_run_its_missing_piece() -> None:
    hand = Counter(["YC", "YC", "RR", "RH"])
    assert claimable(hand, "YC")
    assert claimable(hand, "RC")


def test_a_loose_piece_claims_nothing_as_pairs_are_never_claimed() -> None:
    assert not claimable(Counter(["GA"]), "GA")


def test_acceptance_counts_the_unseen_copies_of_every_claimable_piece() -> None:
    hand = Counter(["YC", "YC", "RR", "RH", "GA"])
    assert acceptance(hand, Counter({"YC": 2, "RC": 3, "GA": 3, "WP": 4})) == 5


def test_the_dealers_opening_discard_counts_every_other_piece_as_unseen() -> None:
    deal = table(3, hands={0: TIED}, rules=DEALER_21)
    pool = unseen_counts(deal, 0)
    assert sum(pool.values()) == 112 - 21
    assert pool["RP"] == 1 and pool["GK"] == 3


def test_of_two_equally_cheap_discards_it_keeps_the_piece_that_claims_more() -> None:
    deal = table(3, hands={0: TIED}, rules=DEALER_21)
    assert deal.phase is Phase.DISCARD
    heuristic = {str(GAME.bot("heuristic", random.Random(s)).choose(deal, 0)) for s in range(12)}
    wide = {str(WideBot(random.Random(s), "fast").choose(deal, 0)) for s in range(12)}
    assert heuristic == {"discard GA", "discard YA"}
    assert wide == {"discard YA"}


def test_in_a_window_it_claims_like_the_heuristic() -> None:
    hand = "RK RA RE RR RH YC YC YP GA GE GR GH GC GP YA WE WR WH WC WP"
    deal = play(table(3, hands={0: hand}, stock="YC"), "0:draw")
    assert str(WideBot(random.Random(0), "fast").choose(deal, 0)) == "pong"


def test_the_expert_plays_from_the_wide_bot() -> None:
    assert isinstance(SiSePaiKnowledge().fallback(random.Random(0)), WideBot)
