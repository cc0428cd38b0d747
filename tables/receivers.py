"""What the live tables do when the league publishes a round."""

from __future__ import annotations

from typing import Any

from league.models import Round
from league.services.duplicate import is_duplicate
from tables.services import lobby


def open_duplicate_tables(sender: Any, rnd: Round, **kwargs: Any) -> None:
    """A published duplicate round gets a live table for each of its matches, seats assigned."""
    if is_duplicate(rnd.tournament):
        lobby.tables_for_round(rnd)
