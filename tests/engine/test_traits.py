"""Every registered game declares its traits consistently (docs/engine.md, "What a game declares")."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine import game_names, get_game
from engine.core.figures import Figures
from engine.core.registry import games
from engine.core.traits import Layout, MatchScore, RatedBy, Sides

GAMES = game_names()
ROLES = {"", "trumps", "led", "hand", "allowed", "refused", "meld", "exposed", "shown"}


@pytest.mark.parametrize("name", GAMES)
def test_its_words_for_the_pages_are_declared(name: str) -> None:
    """A short title, a summary and a Chinese name, each a non-empty string."""
    game = get_game(name)
    assert all(isinstance(text, str) and text for text in (game.page_title, game.summary, game.chinese))


def test_one_game_is_the_headline() -> None:
    """The site's menu opens one family's rankings: exactly one game says so."""
    assert [game.name for game in games() if game.headline] == ["tractor"]


@pytest.mark.parametrize("name", GAMES)
def test_its_traits_take_their_kinds_values(name: str) -> None:
    game = get_game(name)
    assert isinstance(game.sides, Sides) and isinstance(game.layout, Layout)
    assert isinstance(game.match_score, MatchScore) and isinstance(game.rated_by, RatedBy)
    assert game.result_unit in ("levels", "points", "ranks")


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_is_rated_by_its_outcome_exactly_when_deals_are_rated(name: str) -> None:
    game = get_game(name)
    assert bool(game.rated_outcome) == (game.rated_by is not RatedBy.PLACES)


@pytest.mark.parametrize("name", GAMES)
def test_partnerships_are_alternate_seats(name: str) -> None:
    """Partners alternate: four seats, six for three-deck Tractor (docs/rules/tractor.md §Options);
    duplicate boards are for partnerships only."""
    game = get_game(name)
    if game.sides is Sides.PARTNERS:
        assert game.min_seats == game.default_seats == 4
        assert game.max_seats in (4, 6)
    if game.duplicate:
        assert game.sides is Sides.PARTNERS


@pytest.mark.parametrize("name", GAMES)
def test_its_figures_are_fields_of_figures(name: str) -> None:
    """Hand entry reads only what ``Figures`` carries, the declarer first; every variant's too."""
    game = get_game(name)
    known = {f.name for f in fields(Figures)}
    read = game.figures_read(game.rules_from_json({}))
    assert game.figures[0] == "declarer" and set(read) <= known
    assert read[: len(game.figures)] == game.figures


@pytest.mark.parametrize("name", GAMES)
def test_its_duels_are_of_kinds_it_seats(name: str) -> None:
    game = get_game(name)
    kinds = game.bot_kinds()
    for kind, duel in game.strength.items():
        assert duel.a == kind and kind in kinds and duel.b in kinds
        assert game.min_seats <= duel.players <= game.max_seats
        assert duel.ci95[0] <= duel.mean_diff <= duel.ci95[1]


@pytest.mark.parametrize("name", GAMES)
def test_its_examples_name_the_pages_roles_and_its_cards(name: str) -> None:
    game = get_game(name)
    deck = set(game.deck(game.rules_from_json({}), game.default_seats))
    assert game.examples
    for rows in game.examples.values():
        for role, cards in rows:
            assert role in ROLES
            assert set(cards.replace("|", " ").split()) <= deck


@pytest.mark.parametrize("name", GAMES)
def test_its_review_measures_in_a_unit_of_its_own(name: str) -> None:
    assert get_game(name).review_knowledge().measure.unit in ("card points", "points paid")
