"""The pages read a deal's typed result: a field the stored JSON does not hold shows nothing, and
the trump prints from the result's rank and suit."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from engine.core.result import DealResult, SisepaiResult
from league.templatetags.duplicate_tags import trump_text
from league.templatetags.result_tags import stores

pytestmark = pytest.mark.backend_free

# The match page's defenders' points cell (templates/league/match_detail.html).
POINTS = (
    '{% load result_tags %}{% if r|stores:"defender_points" %}'
    '{{ r.defender_points|default_if_none:"—" }}{% endif %}'
)


def shown(result: DealResult) -> str:
    """The defenders' points cell of the match page for ``result``."""
    return Template(POINTS).render(Context({"r": result}))


def test_a_field_the_result_does_not_store_shows_nothing() -> None:
    """A Si Se Pai deal has no defenders: its points cell stays empty."""
    assert shown(SisepaiResult.from_json({"outcome": "win", "winner": 1})) == ""


def test_a_field_stored_as_null_shows_a_dash() -> None:
    """A trick deal that stored no points yet reads "—"."""
    assert shown(DealResult.from_json({"outcome": "played", "defender_points": None})) == "—"


def test_a_stored_field_shows_its_value() -> None:
    assert shown(DealResult.from_json({"outcome": "played", "defender_points": 85})) == "85"


def test_stores_is_false_without_a_result() -> None:
    """A deal still being played has no result to read."""
    assert stores(None, "defender_points") is False


@pytest.mark.parametrize(
    ("trump", "text"),
    [
        ({"rank": "2", "suit": "H"}, "2♥"),
        ({"rank": None, "suit": "S"}, "♠"),
        ({"rank": "5", "suit": None}, "5 no trump suit"),
    ],
)
def test_a_traveller_prints_the_trump_of_the_typed_result(trump: dict[str, str | None], text: str) -> None:
    """2♥; a suit named without a rank; a rank with no trump suit (无主)."""
    assert trump_text(DealResult.from_json({"outcome": "played", "trump": trump})) == text


@pytest.mark.parametrize("result", [None, DealResult.from_json({"outcome": "redeal"})])
def test_a_traveller_without_a_trump_prints_a_dash(result: DealResult | None) -> None:
    assert trump_text(result) == "—"
