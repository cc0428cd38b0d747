"""Elo per game family: team averages, pairwise tables, free-for-all, provisional K, determinism."""

from __future__ import annotations

import random

import pytest

from league.elo import EloConfig, RatedMatch, RatingBook, RatingChange, Side, recompute

ESTABLISHED = EloConfig(k=20, provisional_k=40, provisional_games=0)


def _book(ratings: dict[int, int], config: EloConfig = ESTABLISHED) -> RatingBook:
    return RatingBook(config, {"shengji": dict(ratings)})


def _deltas(changes: list[RatingChange]) -> dict[int, int]:
    return {c.player: c.delta for c in changes}


def _duel(winner: tuple[int, ...], loser: tuple[int, ...], match_id: int = 1) -> RatedMatch:
    return RatedMatch(match_id, "shengji", (Side(winner, 1), Side(loser, 2)))


def test_it_moves_equal_players_by_half_k() -> None:
    """Equal ratings, K 20: the winner gains 10 and the loser loses 10."""
    assert _deltas(_book({1: 1500, 2: 1500}).apply(_duel((1,), (2,)))) == {1: 10, 2: -10}


def test_it_uses_the_expected_score_for_a_200_point_gap() -> None:
    """Expected 0.76 at +200: the favourite gains 5 by winning, loses 15 by losing (K 20)."""
    assert _deltas(_book({1: 1700, 2: 1500}).apply(_duel((1,), (2,)))) == {1: 5, 2: -5}
    assert _deltas(_book({1: 1700, 2: 1500}).apply(_duel((2,), (1,)))) == {1: -15, 2: 15}


def test_it_rates_a_draw_by_equal_places() -> None:
    """Equal places are a draw: the stronger side loses a little."""
    match = RatedMatch(1, "shengji", (Side((1,), 1), Side((2,), 1)))
    assert _deltas(_book({1: 1700, 2: 1500}).apply(match)) == {1: -5, 2: 5}


def test_it_rates_partnerships_by_team_average() -> None:
    """1600+1400 against 1500+1500 is an even game: ten points each way."""
    changes = _book({1: 1600, 2: 1400, 3: 1500, 4: 1500}).apply(_duel((1, 2), (3, 4)))
    assert _deltas(changes) == {1: 10, 2: 10, 3: -10, 4: -10}
    assert {c.side_average for c in changes} == {1500}


def test_it_gives_both_partners_the_same_change() -> None:
    """Partners with different ratings but the same K move by the same amount."""
    deltas = _deltas(_book({1: 1800, 2: 1300, 3: 1500, 4: 1560}).apply(_duel((3, 4), (1, 2))))
    assert deltas[1] == deltas[2]
    assert deltas[3] == deltas[4]


def test_it_rounds_the_team_average_half_up() -> None:
    """1501 and 1500 average to 1501."""
    changes = _book({1: 1501, 2: 1500, 3: 1500, 4: 1500}).apply(_duel((1, 2), (3, 4)))
    assert changes[0].side_average == 1501


def test_it_rates_three_sides_pairwise_and_divides_k() -> None:
    """Places 1-2-3 at equal ratings: +10, 0, -10 (two pairings each, K/2 each)."""
    match = RatedMatch(1, "sandaha", (Side((1,), 1), Side((2,), 2), Side((3,), 3)))
    book = RatingBook(ESTABLISHED)
    assert _deltas(book.apply(match)) == {1: 10, 2: 0, 3: -10}


# Zhao Pengyou (找朋友): six players, one deal, rated on the final sides of the deal.
ALICE, BOB, CAROL, DAVE, ERIN, FRANK = 1, 2, 3, 4, 5, 6
TABLE = (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)


def _zhao_deal(winners: tuple[int, ...], ratings: dict[int, int] | None = None) -> list[RatingChange]:
    """Rate one deal in which ``winners`` beat everyone else at the table (all established, K 20)."""
    losers = tuple(p for p in TABLE if p not in winners)
    book = RatingBook(ESTABLISHED, {"zhaopengyou": ratings or dict.fromkeys(TABLE, 1500)})
    deal = RatedMatch(1, "zhaopengyou", (Side(winners, 1), Side(losers, 2)), zero_sum=True, deal_id=7)
    return book.apply(deal)


def test_a_lone_declarer_who_wins_gains_what_five_defenders_lose() -> None:
    """1 against 5, equal ratings: Alice, alone, gains 10; each defender pays a fifth, 2."""
    assert _deltas(_zhao_deal((ALICE,))) == {ALICE: 10, BOB: -2, CAROL: -2, DAVE: -2, ERIN: -2, FRANK: -2}


def test_a_lone_declarer_who_loses_pays_the_five_defenders() -> None:
    """1 against 5, the defenders win: Alice loses 10, each defender gains 2."""
    deltas = _deltas(_zhao_deal((BOB, CAROL, DAVE, ERIN, FRANK)))
    assert deltas == {ALICE: -10, BOB: 2, CAROL: 2, DAVE: 2, ERIN: 2, FRANK: 2}


@pytest.mark.parametrize(
    ("winners", "change"),
    [((ALICE, BOB, CAROL), 10), ((DAVE, ERIN, FRANK), -10)],
    ids=["declarer-team-wins", "defenders-win"],
)
def test_three_against_three_moves_everyone_by_half_k(winners: tuple[int, ...], change: int) -> None:
    """Alice with friends Bob and Carol against three: a full half-K each way."""
    deltas = _deltas(_zhao_deal(winners))
    assert [deltas[p] for p in (ALICE, BOB, CAROL)] == [change] * 3
    assert [deltas[p] for p in (DAVE, ERIN, FRANK)] == [-change] * 3


def test_the_sides_are_rated_by_their_averages() -> None:
    """Alice 1600, Bob 1400 and Carol 1500 average 1500: an even deal against three at 1500."""
    ratings = {ALICE: 1600, BOB: 1400, CAROL: 1500, DAVE: 1500, ERIN: 1500, FRANK: 1500}
    changes = _zhao_deal((ALICE, BOB, CAROL), ratings)
    assert {c.side_average for c in changes} == {1500}
    assert _deltas(changes)[ALICE] == _deltas(changes)[BOB] == 10


def test_uneven_rounding_is_shared_out_so_the_deal_stays_zero_sum() -> None:
    """Alice (1608) beats five at 1500: +7 for her is -1, -1, -1, -2, -2 for the five."""
    ratings = {ALICE: 1608, BOB: 1500, CAROL: 1500, DAVE: 1500, ERIN: 1500, FRANK: 1500}
    deltas = _deltas(_zhao_deal((ALICE,), ratings))
    assert deltas[ALICE] == 7
    assert sorted(deltas[p] for p in (BOB, CAROL, DAVE, ERIN, FRANK)) == [-2, -2, -1, -1, -1]


@pytest.mark.parametrize("declarer_team", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("declarer_wins", [True, False])
@pytest.mark.parametrize("players", [6, 9, 12])
def test_every_zhao_pengyou_deal_is_zero_sum(declarer_team: int, declarer_wins: bool, players: int) -> None:
    """Any split of 6, 9 or 12 players, either outcome, random ratings: the changes add up to 0."""
    rng = random.Random(declarer_team * 100 + players)
    ids = list(range(1, players + 1))
    book = RatingBook(ESTABLISHED, {"zhaopengyou": {p: rng.randint(1200, 1900) for p in ids}})
    team, rest = tuple(ids[:declarer_team]), tuple(ids[declarer_team:])
    places = (1, 2) if declarer_wins else (2, 1)
    sides = (Side(team, places[0]), Side(rest, places[1]))
    changes = book.apply(RatedMatch(1, "zhaopengyou", sides, zero_sum=True, deal_id=players))
    assert sum(c.delta for c in changes) == 0
    assert all(c.delta > 0 for c in changes if (c.player in team) == declarer_wins)


def test_a_provisional_defender_moves_further_and_only_that_breaks_zero_sum() -> None:
    """Bob is new (K 40): he pays 4 where the other defenders pay 2; Alice still gains 10."""
    book = RatingBook(EloConfig(), {}, {"zhaopengyou": {p: 30 for p in TABLE if p != BOB}})
    sides = (Side((ALICE,), 1), Side((BOB, CAROL, DAVE, ERIN, FRANK), 2))
    deltas = _deltas(book.apply(RatedMatch(1, "zhaopengyou", sides, zero_sum=True)))
    assert deltas == {ALICE: 10, BOB: -4, CAROL: -2, DAVE: -2, ERIN: -2, FRANK: -2}


def test_it_explains_a_zhao_pengyou_change() -> None:
    """The line names the side sizes and the share of K."""
    changes = _zhao_deal((ALICE,))
    assert changes[0].explanation == (
        "+10 (1500 → 1510): side of 1 won against 5 averaging 1500 (side 1500), expected 0.50, "
        "K 20 × 5/5, shared to stay zero-sum"
    )
    assert changes[1].explanation.startswith("-2 (1500 → 1498): side of 5 lost against 1")
    assert changes[1].explanation.endswith("K 20 × 1/5, shared to stay zero-sum")


def test_it_refuses_a_zero_sum_deal_of_three_sides() -> None:
    """Zero-sum rating is for two sides only."""
    sides = (Side((ALICE,), 1), Side((BOB,), 2), Side((CAROL,), 2))
    with pytest.raises(ValueError, match="two sides"):
        RatingBook(ESTABLISHED).apply(RatedMatch(1, "zhaopengyou", sides, zero_sum=True))


def test_it_rates_si_se_pai_winner_against_each_other_player() -> None:
    """Four equal players: the winner gains 3 x 10/3 = 10, each other loses 10/3, rounded to 3."""
    sides = (Side((1,), 1), Side((2,), 2), Side((3,), 2), Side((4,), 2))
    changes = RatingBook(ESTABLISHED).apply(RatedMatch(1, "sisepai", sides, winner_only=True))
    assert _deltas(changes) == {1: 10, 2: -3, 3: -3, 4: -3}
    assert [c.pairings for c in changes] == [3, 1, 1, 1]
    assert changes[1].explanation == (
        "-3 (1500 → 1497): scored 0/1 against opponents averaging 1500 (side 1500), expected 0.50, K 20/3"
    )


def test_it_skips_void_deals() -> None:
    """A void deal changes no rating and counts no game."""
    book = RatingBook(EloConfig())
    sides = (Side((1,), 1), Side((2,), 1))
    assert book.apply(RatedMatch(1, "sisepai", sides, winner_only=True, void=True)) == []
    assert book.games == {}


def test_it_uses_provisional_k_below_the_threshold() -> None:
    """With 19 games before the match the player still has K 40."""
    config = EloConfig(k=20, provisional_k=40, provisional_games=20)
    book = RatingBook(config, {"f": {1: 1500, 2: 1500}}, {"f": {1: 19, 2: 30}})
    changes = book.apply(RatedMatch(1, "f", (Side((1,), 1), Side((2,), 2))))
    assert [(c.k, c.provisional, c.delta) for c in changes] == [(40, True, 20), (20, False, -10)]


def test_it_uses_normal_k_at_the_threshold() -> None:
    """With 20 games before the match the player has K 20."""
    config = EloConfig(k=20, provisional_k=40, provisional_games=20)
    book = RatingBook(config, {"f": {1: 1500, 2: 1500}}, {"f": {1: 20, 2: 30}})
    changes = book.apply(RatedMatch(1, "f", (Side((1,), 1), Side((2,), 2))))
    assert [(c.k, c.provisional, c.delta) for c in changes] == [(20, False, 10), (20, False, -10)]


def test_it_moves_a_provisional_partner_more() -> None:
    """A new partner has twice the K of the established one, so twice the change."""
    book = RatingBook(EloConfig(), {}, {"shengji": {1: 25, 3: 25, 4: 25}})
    deltas = _deltas(book.apply(_duel((1, 2), (3, 4))))
    assert deltas == {1: 10, 2: 20, 3: -10, 4: -10}


def test_it_keeps_families_apart() -> None:
    """A result in one family leaves the other family's rating alone."""
    book = RatingBook(EloConfig())
    book.apply(RatedMatch(1, "tractor", (Side((1,), 1), Side((2,), 2))))
    assert book.rating("tractor", 1) == 1520
    assert book.rating("sisepai", 1) == 1500


def test_it_explains_a_change_in_one_line() -> None:
    """The explanation names the change, the opponents' average, the expectation and K."""
    change = _book({1: 1700, 2: 1500}).apply(_duel((1,), (2,)))[0]
    assert change.explanation == (
        "+5 (1700 → 1705): scored 1/1 against opponents averaging 1500 (side 1700), expected 0.76, K 20"
    )


def _random_matches(rng: random.Random, count: int) -> list[RatedMatch]:
    matches = []
    for match_id in range(1, count + 1):
        players = rng.sample(range(1, 30), 8)
        kind = rng.choice(["pair", "ffa", "zhao", "void"])
        if kind == "pair":
            sides = (Side(tuple(players[:2]), rng.choice([1, 2])), Side(tuple(players[2:4]), 2))
            matches.append(RatedMatch(match_id, "shengji", sides))
        elif kind == "zhao":
            cut = rng.randint(1, 4)
            sides = (Side(tuple(players[:cut]), rng.choice([1, 2])), Side(tuple(players[cut:]), 2))
            matches.append(RatedMatch(match_id, "zhaopengyou", sides, zero_sum=True, deal_id=match_id))
        else:
            n = rng.randint(2, 4)
            winner = rng.randrange(n)
            sides = tuple(Side((p,), 1 if i == winner else 2) for i, p in enumerate(players[:n]))
            matches.append(RatedMatch(match_id, "sisepai", sides, winner_only=True, void=kind == "void"))
    return matches


def test_incremental_updates_equal_a_full_recompute() -> None:
    """Rating match by match from stored numbers gives exactly the full recompute."""
    matches = _random_matches(random.Random(2026), 400)
    full_book, full_changes = recompute(matches)
    stored: dict[str, dict[int, int]] = {}
    counts: dict[str, dict[int, int]] = {}
    incremental: list[RatingChange] = []
    for match in matches:
        # A fresh book each time, loaded from what a database would hold after the last match.
        book = RatingBook(
            EloConfig(), {f: dict(r) for f, r in stored.items()}, {f: dict(c) for f, c in counts.items()}
        )
        incremental.extend(book.apply(match))
        stored, counts = book.ratings, book.games
    assert incremental == full_changes
    assert stored == full_book.ratings
