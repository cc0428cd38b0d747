"""Each game's rules page says, one line per bot kind, what the bot does and how it fared in a duel."""

from __future__ import annotations

import pytest
from django.test import Client

from cardclub.games import catalogue
from cardclub.strength import figure, strength_lines
from engine import get_game
from engine.core.traits import Duel

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", [g.name for g in catalogue()])
def test_every_bot_kind_has_one_line_on_the_rules_page(client: Client, game: str) -> None:
    page = client.get(f"/games/{game}/").content.decode()
    lines = strength_lines(game)
    assert len(lines) == len(get_game(game).bot_kinds()) == 3
    assert [line.split(":")[0] for line in lines] == ["Random bot", "Heuristic bot", "Expert bot"]
    for line in lines:
        assert line in page.replace("&#x27;", "'")


def test_a_measured_kind_shows_its_duel() -> None:
    (line,) = [line for line in strength_lines("sisepai") if line.startswith("Expert bot")]
    duel = get_game("sisepai").strength["expert"]
    assert figure(duel, "points") in line
    assert f"{duel.budget} budget, {duel.decks} decks of {duel.players} players" in line


def test_a_duel_reads_as_a_sentence() -> None:
    duel = Duel("expert", "heuristic", 200, 3, "fast", 0.6, 2.5, (-0.375, 5.125))
    assert figure(duel, "points") == (
        "Against the heuristic bot (fast budget, 200 decks of 3 players, each played twice): "
        "60.0% of deals favoured it, 2.50 points a deck (95% interval -0.38 to 5.12)."
    )


def test_the_lines_are_in_chinese_on_the_chinese_page(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    page = client.get("/games/sisepai/").content.decode()
    assert "牌桌上的机器人" in page and "高手机器人：" in page and "对阵策略机器人（快速预算" in page


def test_a_one_move_bots_duel_names_no_budget() -> None:
    (line,) = [line for line in strength_lines("tractor") if line.startswith("Heuristic bot")]
    assert "Against the random bot (200 decks of 4 players, each played twice): 96.0% of deals" in line
    assert "budget" not in line
