"""The family's phases are one type whose values are the names views and records always carried."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import WrongPhase
from engine.family.actions import Bury
from engine.family.phases import Phase
from tests.engine.family_table import deck_for, start


def test_a_view_carries_the_phase_as_plain_text() -> None:
    """The view's phase is a ``str`` (not the enum), so its JSON is what it always was."""
    phase = start("tractor", deck_for("tractor", {})).view(0)["phase"]
    assert type(phase) is str and json.dumps(phase) == '"draw"'


def test_the_phases_keep_their_names() -> None:
    """Each phase's value is its old name, and a phase equals that name."""
    names = ["draw", "kitty", "bid", "bury", "steal", "name", "call", "play", "over"]
    assert [p.value for p in Phase] == names and all(Phase(n) == n for n in names)


def test_a_wrong_phase_is_named_in_words() -> None:
    """The error names the phase by its name, not the enum's member."""
    state = start("tractor", deck_for("tractor", {}))
    with pytest.raises(WrongPhase, match="^bury 3S is not possible in the draw phase$"):
        state.apply(0, Bury(("3S",)))
