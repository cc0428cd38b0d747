"""A Tractor tournament's tables follow its decks (docs/rules/tractor.md §Options): four, or six."""

from __future__ import annotations

import pytest

from league.models import Tournament
from league.services.tournaments import seat_range, seats_per_table


@pytest.mark.parametrize(("rules", "size"), [({}, 4), ({"decks": 2}, 4), ({"decks": 3, "level_step": 60}, 6)])
def test_the_tables_seat_what_the_decks_need(rules: dict[str, object], size: int) -> None:
    """Two decks seat four at every table, three seat six; no table of another size is made."""
    tournament = Tournament(game="tractor", rules=rules)
    assert seats_per_table(tournament) == size
    assert seat_range(tournament, 12) == (size, size)
