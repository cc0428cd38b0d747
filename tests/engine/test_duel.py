"""``python -m engine duel``: duplicate play, each deck twice with the kinds swapping seats."""

from __future__ import annotations

import io
import json

import pytest

from engine.tools.cli import main
from engine.tools.duel import ARRANGEMENTS, a_seats, summary


@pytest.mark.parametrize("seats", [2, 3, 4, 6, 9, 12])
def test_each_kind_holds_each_seat_once_per_deck(seats: int) -> None:
    """Over a deck's deals every seat (so every hand) is played once by a and once by b."""
    held = [a_seats(seats, arrangement) for arrangement in range(ARRANGEMENTS)]
    for seat in range(seats):
        assert sum(seat in mine for mine in held) == ARRANGEMENTS // 2
    assert a_seats(4, 0) == [0, 2] and a_seats(4, 1) == [1, 3]  # partnerships stay together


def deck(*diffs: float) -> dict[str, object]:
    """A deck line with one deal per difference."""
    return {"deals": [{"diff": d} for d in diffs], "diff": sum(diffs)}


def test_the_summary_counts_ties_as_half_and_gives_the_interval() -> None:
    """Deals favouring a count 1, ties 1/2; the mean is per deck, the interval around it."""
    out = summary("tractor", "expert", "heuristic", [deck(1, 0), deck(2, -1), deck(0, 0)])["duel"]
    assert out["deals"] == 6 and out["decks"] == 3
    assert out["a_deal_share"] == pytest.approx((1 + 0.5 + 1 + 0 + 0.5 + 0.5) / 6, abs=1e-4)
    assert out["mean_diff"] == pytest.approx(2 / 3, abs=1e-4)
    low, high = out["ci95"]
    assert low < out["mean_diff"] < high
    assert out["unit"] == "levels"


@pytest.mark.parametrize(("game", "players", "unit"), [("shengji", 4, "levels"), ("zhaopengyou", 7, "ranks")])
def test_a_small_duel_prints_each_deck_then_the_summary(game: str, players: int, unit: str) -> None:
    """Two decks: two deck lines with both arrangements, then the summary line."""
    out = io.StringIO()
    args = ["duel", "--game", game, "--a", "heuristic", "--b", "random", "--deals", "2", "--seed", "3"]
    assert main([*args, "--players", str(players)], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["deck"] for line in lines[:-1]] == [0, 1]
    for line in lines[:-1]:
        assert [d["a_seats"] for d in line["deals"]] == [a_seats(players, 0), a_seats(players, 1)]
        assert line["diff"] == pytest.approx(sum(d["diff"] for d in line["deals"]))
    duel = lines[-1]["duel"]
    assert (duel["game"], duel["a"], duel["b"], duel["deals"], duel["unit"]) == (
        game,
        "heuristic",
        "random",
        4,
        unit,
    )
    again = io.StringIO()
    main([*args, "--players", str(players)], again)
    assert again.getvalue() == out.getvalue()  # the same seed plays the same decks


def test_an_unknown_kind_is_refused_before_any_deal() -> None:
    """The error names the kinds the game has."""
    out = io.StringIO()
    assert main(["duel", "--game", "tractor", "--a", "oracle", "--b", "random", "--deals", "1"], out) == 2
    assert "expert" in json.loads(out.getvalue())["reason"]
