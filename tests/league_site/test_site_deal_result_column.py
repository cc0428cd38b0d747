"""A deal's result is kept as the JSON text it was written (league/fields.py): the same value, in
the engine's key order, and on PostgreSQL as compact text rather than ``jsonb``."""

from __future__ import annotations

import pytest
from django.core.exceptions import FieldError
from django.db import connection

from league.models import Club, Deal, Match

RESULT = {
    "outcome": "played",
    "dealer": 0,
    "trump": {"rank": "2", "suit": "D"},
    "kitty": ["7S", "7H", "6H", "4H", "7C", "7C", "4C", "3C"],
    "defender_points": 60,
    "levels_after": ["3", "2"],
    "winners": None,
    "note": "庄家 won",
}


@pytest.fixture
def deal(db: None) -> Deal:
    """A finished Tractor deal holding ``RESULT``."""
    club = Club.objects.create(name="Riverside", slug="riverside")
    match = Match.objects.create(club=club, game="tractor", status=Match.Status.FINISHED)
    return Deal.objects.create(
        match=match, number=1, game="tractor", status=Deal.Status.FINISHED, result=RESULT
    )


def test_a_result_reads_back_equal_and_in_its_own_key_order(deal: Deal) -> None:
    stored = Deal.objects.get(pk=deal.pk).result
    assert stored == RESULT
    assert list(stored) == list(RESULT)


def test_no_result_reads_back_as_none(deal: Deal) -> None:
    Deal.objects.filter(pk=deal.pk).update(result=None)
    assert Deal.objects.get(pk=deal.pk).result is None


def test_deals_can_be_selected_distinct(deal: Deal) -> None:
    """Pages join a deal's rows and ask for distinct ones: the column must compare for equality."""
    assert list(Deal.objects.filter(match__club__slug="riverside").distinct()) == [deal]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the column type is PostgreSQL's")
def test_postgresql_keeps_the_compact_text(deal: Deal) -> None:
    """Text, not ``jsonb``: the JSON as written, no space after a separator."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_typeof(result)::text, result::text FROM league_deal WHERE id = %s", [deal.pk]
        )
        kind, text = cursor.fetchone()
    assert kind == "text"
    assert text.startswith('{"outcome":"played","dealer":0,"trump":{"rank":"2","suit":"D"},')
    assert '"note":"庄家 won"' in text


def test_a_query_inside_the_result_is_refused_on_every_back_end(deal: Deal) -> None:
    """Text on PostgreSQL has no ``->``: a key lookup fails at once everywhere, not only there."""
    with pytest.raises(FieldError):
        Deal.objects.filter(result__outcome="played").count()
