"""The rules pages' drawn examples say what the engine plays: each follow marked allowed is legal
and each marked not allowed is refused, each pair, set, tractor and sequence is one unit of its
kind, and each throw is allowed or refused as its caption says."""

from __future__ import annotations

from collections import Counter

import pytest

from cardclub.rules_examples import EXAMPLES, Row
from engine import get_game
from engine.family.tricks import follow_error, lead_error, read_lead
from engine.family.trump import TrumpContext, display_order
from engine.family.units import decompose
from engine.games.sandaha import PERMANENT
from engine.games.sisepai.melds import Meld, MeldKind

pytestmark = pytest.mark.backend_free

# The trump the captions name: hearts at rank 2 (rank 8 where a tractor skips the rank), San Da Ha's
# permanent 7s and 2s with hearts, Zhao Pengyou's rank cards that never join a sequence.
CONTEXTS = {
    "shengji": TrumpContext("2", "H", (), sequences=False),
    "tractor": TrumpContext("2", "H", ()),
    "sandaha": TrumpContext(None, "H", PERMANENT),
    "zhaopengyou": TrumpContext("2", "H", (), rank_sequences=False),
}
SKIP_RANK = {"shengji": "2", "tractor": "8", "sandaha": None, "zhaopengyou": "8"}
FAMILY = list(CONTEXTS)


def cards_of(example: tuple[Row, ...], role: str) -> Counter[str]:
    """The cards of the example's row with ``role``."""
    (row,) = [row for row in example if row.role == role]
    return Counter(row.cards)


def context_for(game: str, name: str) -> TrumpContext:
    """The trump an example is read with (the rank-skipping tractor has its own rank)."""
    ctx = CONTEXTS[game]
    if name == "tractor-skip" and SKIP_RANK[game]:
        return TrumpContext(SKIP_RANK[game], "H", (), rank_sequences=ctx.rank_sequences)
    return ctx


FOLLOWS = [(game, name) for game in FAMILY for name in EXAMPLES[game] if name.startswith("follow")]


@pytest.mark.parametrize(("game", "name"), FOLLOWS)
def test_an_allowed_follow_is_legal(game: str, name: str) -> None:
    """The cards drawn as allowed are a legal follow of the lead from that hand."""
    example, ctx = EXAMPLES[game][name], CONTEXTS[game]
    lead = read_lead(cards_of(example, "led"), ctx)
    assert lead is not None
    assert follow_error(cards_of(example, "allowed"), cards_of(example, "hand"), lead, ctx) is None


@pytest.mark.parametrize(("game", "name"), FOLLOWS)
def test_a_follow_marked_not_allowed_is_refused(game: str, name: str) -> None:
    """The cards drawn as not allowed are refused by the engine."""
    example, ctx = EXAMPLES[game][name], CONTEXTS[game]
    lead = read_lead(cards_of(example, "led"), ctx)
    assert lead is not None
    assert follow_error(cards_of(example, "refused"), cards_of(example, "hand"), lead, ctx) is not None


UNITS = {"pair": (2, 1), "tractor": (2, 2), "tractor-skip": (2, 2), "set": (3, 1), "sequence": (3, 2)}


@pytest.mark.parametrize(
    ("game", "name"), [(game, name) for game in FAMILY for name in EXAMPLES[game] if name in UNITS]
)
def test_a_drawn_unit_is_one_unit_of_its_kind(game: str, name: str) -> None:
    """A pair is one pair, a tractor one tractor of two pairs, a set of three one set …"""
    (row,) = EXAMPLES[game][name]
    (unit,) = decompose(Counter(row.cards), context_for(game, name))
    assert (unit.size, unit.length) == UNITS[name]


@pytest.mark.parametrize("game", ["tractor", "sandaha"])
def test_a_drawn_trump_tractor_chain_links_each_neighbour(game: str) -> None:
    """Each two neighbouring pairs of the trump chain make one tractor."""
    (row,) = EXAMPLES[game]["trump-tractor"]
    for low, high in zip(row.groups, row.groups[1:], strict=False):
        (unit,) = decompose(Counter(low + high), CONTEXTS[game])
        assert (unit.size, unit.length) == (2, 2), (low, high)


def first_trick_unknown(game: str, hand: Counter[str]) -> Counter[str]:
    """Every card the leader cannot see on the first trick."""
    rules = get_game(game).rules_type()
    return Counter(get_game(game).deck(rules, get_game(game).default_seats)) - hand


@pytest.mark.parametrize("game", ["tractor", "sandaha", "zhaopengyou"])
def test_the_drawn_throw_is_allowed_and_the_refused_one_is_not(game: str) -> None:
    """On the first trick A K K of a suit may be thrown, A K may not."""
    ctx = CONTEXTS[game]
    (throw,) = EXAMPLES[game]["throw"]
    (refused,) = EXAMPLES[game]["throw-refused"]
    hand = Counter(throw.cards)
    assert lead_error(hand, hand, first_trick_unknown(game, hand), ctx) is None
    assert lead_error(Counter(refused.cards), hand, first_trick_unknown(game, hand), ctx) is not None


def test_the_shengji_throw_is_allowed_once_the_higher_hearts_are_played() -> None:
    """K♠ 10♠ with A♠ Q♠ J♠ gone: legal; with the Q♠ still out: not."""
    ctx = CONTEXTS["shengji"]
    (throw,) = EXAMPLES["shengji"]["throw"]
    hand = Counter(throw.cards)
    played = Counter(["AS", "QS", "JS"])
    assert lead_error(hand, hand, first_trick_unknown("shengji", hand) - played, ctx) is None
    unplayed_queen = first_trick_unknown("shengji", hand) - Counter(["AS", "JS"])
    assert lead_error(hand, hand, unplayed_queen, ctx) is not None


TRUMP_ROWS = {
    "shengji": CONTEXTS["shengji"],
    "tractor": CONTEXTS["tractor"],
    "sandaha": TrumpContext(None, "S", PERMANENT),
}


@pytest.mark.parametrize("game", list(TRUMP_ROWS))
def test_the_drawn_trumps_run_from_the_strongest_as_the_table_sorts_them(game: str) -> None:
    """The trump order example is the engine's trump order (strongest first), as a hand shows it."""
    (row,) = EXAMPLES[game]["trumps"]
    order, trumps = display_order(TRUMP_ROWS[game])
    drawn = list(dict.fromkeys(row.cards))
    assert drawn == [card for card in order[-trumps:] if card in drawn]


def test_the_bidding_hand_holds_seven_permanent_trumps() -> None:
    """San Da Ha's example of a hand that must bid: seven jokers, 7s and 2s."""
    (row,) = EXAMPLES["sandaha"]["bid-trumps"]
    assert sum(1 for card in row.cards if card in ("BJ", "LJ") or card[0] in PERMANENT) == 7


@pytest.mark.parametrize(("name", "kind"), [("chi", MeldKind.CHARIOTS), ("pong", MeldKind.TRIPLE)])
def test_a_si_se_pai_claim_makes_its_meld_from_the_shown_card_and_the_hand(name: str, kind: MeldKind) -> None:
    """The claimed meld is the shown card plus cards of the hand, and of the kind the caption says."""
    example = EXAMPLES["sisepai"][name]
    made = cards_of(example, "meld")
    assert Meld.of(made.elements()).kind is kind
    assert made - cards_of(example, "shown") <= cards_of(example, "hand")
