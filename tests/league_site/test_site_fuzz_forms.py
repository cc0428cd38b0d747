"""The fuzz walk (tests/league_site/fuzzing.py): every field of every form that posts."""

from __future__ import annotations

from league.models import Tournament
from tests.league_site import fuzzing

pytestmark = fuzzing.MARKS


def test_no_form_field_gives_a_5xx(tractor_round: Tournament) -> None:
    """Each form field with each nasty value, the other fields as the page gives them."""
    fuzzing.walk_forms(tractor_round)
