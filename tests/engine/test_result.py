"""Typed deal results and match situations read the stored JSON and give it back exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core.entered import entered_result
from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.match import selfplay_deal
from engine.core.registry import game_names, get_game
from engine.core.result import (
    FORMAT,
    DealResult,
    FriendCall,
    LevelsResult,
    LevelsSituation,
    SandahaResult,
    SisepaiResult,
    Throw,
    ZhaoResult,
)
from engine.tools.playthrough import DIRECTORY, parse

FILES = sorted(DIRECTORY.glob("*.txt"))


def exact(value: object) -> str:
    """The JSON text with the key order as stored (no sorting)."""
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_golden_playthrough_result_round_trips(path: Path) -> None:
    """The playthrough's result, as the deal reports it, reads and writes back key for key."""
    deal = parse(path.read_text(encoding="utf-8"))
    game = get_game(deal.game)
    state = game.start(game.rules_from_json(deal.rules), deal.players, deal.deck, deal.situation)
    for seat, text in deal.actions:
        state.apply(seat, game.parse_action(text))
    result = state.result()
    assert result is not None
    assert exact(game.typed_result(result).to_json()) == exact(result)


@pytest.mark.parametrize("name", game_names())
def test_a_match_of_self_play_round_trips_every_result_and_situation(name: str) -> None:
    """Twelve deals by the bots, redeals and all: every result and situation comes back exactly."""
    game = get_game(name)
    rules = game.rules_from_json({})
    seats, situation, rng = game.default_seats, None, random.Random(7)
    for _ in range(12):
        record = selfplay_deal(game, rules, seats, situation, rng, ["heuristic"])
        assert record.result is not None
        assert exact(game.typed_result(record.result).to_json()) == exact(record.result)
        situation = game.next_situation(rules, seats, situation, record.result)
        assert exact(game.typed_situation(situation).to_json()) == exact(situation)  # type: ignore[union-attr]


def test_fields_read_as_typed_values() -> None:
    """A Tractor deal's lists become tuples; what the family does not name is kept aside."""
    result = LevelsResult.from_json(
        {"outcome": "played", "scores": [2, 0, 2, 0], "levels_after": ["4", "2"], "new": 1}
    )
    assert result.scores == (2, 0, 2, 0) and result.levels_after == ("4", "2")
    assert result.extra == {"new": 1} and result.played and result.counts


@pytest.mark.parametrize(
    ("outcome", "counts"), [("played", True), ("win", True), ("void", True), ("redeal", False)]
)
def test_only_a_redeal_does_not_count_toward_the_match(outcome: str, counts: bool) -> None:
    """Si Se Pai's "win" and "void" were played out; a redeal counts for nothing."""
    assert DealResult.from_json({"outcome": outcome, "scores": [0, 0]}).counts is counts


def test_the_format_version_is_one() -> None:
    """Results carry no version key while the format is 1; every class reads format 1."""
    assert FORMAT == 1 and SisepaiResult.FORMAT == ZhaoResult.FORMAT == LevelsSituation.FORMAT == 1


@pytest.mark.parametrize("version", [1, 2])
def test_a_later_format_is_refused_not_misread(version: int) -> None:
    """A value that says it is format 2 raises ``BadResult``; one saying format 1 reads."""
    data = {"format": version, "outcome": "played", "scores": [1, -1]}
    if version == FORMAT:
        assert DealResult.from_json(data).to_json() == data
    else:
        with pytest.raises(BadResult) as caught:
            DealResult.from_json(data)
        assert caught.value.reason == "format"


def test_a_situation_without_winners_keeps_its_null() -> None:
    """``"winners": null`` stays ``None`` and is written back as null."""
    stored = {"deal": 3, "dealer": 1, "levels": ["5", "2"], "winners": None}
    situation = LevelsSituation.from_json(stored)
    assert situation.winners is None and situation.levels == ("5", "2")
    assert exact(situation.to_json()) == exact(stored)


@pytest.mark.parametrize(
    ("stored", "seat", "won"),
    [
        ({"dealer": 1, "deal_winners": [1, 3]}, 1, True),
        ({"dealer": 1, "deal_winners": [0, 2]}, 1, False),
    ],
)
def test_a_level_game_s_declaring_seat_is_the_dealer(stored: dict[str, object], seat: int, won: bool) -> None:
    """Shengji and Tractor: the dealer's side declared; it won when it is among the deal's winners."""
    result = LevelsResult.from_json({"outcome": "played", **stored})
    assert result.declaring_seat == seat and result.declarer_won is won


@pytest.mark.parametrize("wins", [True, False])
def test_a_san_da_ha_declarer_wins_as_the_result_says(wins: bool) -> None:
    """San Da Ha names its declarer (not the dealer) and whether the bid was made."""
    result = SandahaResult.from_json(
        {"outcome": "played", "dealer": 0, "declarer": 2, "declarer_wins": wins, "deal_winners": []}
    )
    assert result.declaring_seat == 2 and result.declarer_won is wins


@pytest.mark.parametrize(
    ("name", "figures"),
    [
        ("tractor", Figures(declarer=0, defender_points=85)),
        ("shengji", Figures(declarer=1, defender_points=40)),
        ("sandaha", Figures(declarer=3, defender_points=30, bid=60)),
    ],
)
def test_an_entered_deal_s_result_round_trips(name: str, figures: Figures) -> None:
    """A deal entered by hand (no cards known) reads its figures and writes its JSON back exactly."""
    game = get_game(name)
    result = entered_result(name, game.rules_from_json({}), 4, None, figures)
    typed = game.typed_result(result)
    assert typed.entered is True and exact(typed.to_json()) == exact(result)


@pytest.mark.parametrize(
    ("trump", "rank", "suit"),
    [
        ({"rank": "2", "suit": "H"}, "2", "H"),
        ({"rank": None, "suit": "S"}, None, "S"),
        ({"rank": "5", "suit": None}, "5", None),
    ],
)
def test_the_trump_reads_as_its_rank_and_suit(
    trump: dict[str, str | None], rank: str | None, suit: str | None
) -> None:
    """2♥; San Da Ha's suit without a rank; a rank with no trump suit (无主)."""
    result = DealResult.from_json({"outcome": "played", "trump": trump})
    assert (result.trump_rank, result.trump_suit) == (rank, suit)


def test_a_result_without_a_trump_has_no_rank_or_suit() -> None:
    """A redeal names no trump."""
    result = DealResult.from_json({"outcome": "redeal"})
    assert result.trump_rank is None and result.trump_suit is None


def test_a_failed_throw_reads_as_a_typed_value_and_the_result_round_trips() -> None:
    """``real_hand_throws``: the thrower, the trick, what was tried and what had to be played."""
    stored = {
        "outcome": "played",
        "failed_throws": [{"seat": 1, "trick": 3, "attempted": ["AS", "KS"], "forced": ["KS"]}],
    }
    result = LevelsResult.from_json(stored)
    assert result.throws == (Throw(seat=1, trick=3, attempted=("AS", "KS"), forced=("KS",)),)
    assert exact(result.to_json()) == exact(stored)


@pytest.mark.parametrize(("by", "joined"), [(None, None), (2, True), (0, False)])
def test_a_friend_call_reads_who_answered_it(by: int | None, joined: bool | None) -> None:
    """Never played; joined as a friend; played by one already on the team."""
    call = {"call": "2nd AH", "card": "AH", "nth": 2, "copies_played": 1, "by": by, "joined": joined}
    result = ZhaoResult.from_json({"outcome": "played", "calls": [call]})
    (friend,) = result.friend_calls
    assert isinstance(friend, FriendCall)
    assert (friend.card, friend.nth, friend.by, friend.joined) == ("AH", 2, by, joined)
