"""Every game names the bot kinds it has, and they are exactly the kinds its ``bot`` accepts."""

from __future__ import annotations

import random

import pytest

from engine import game_names, get_game
from engine.core.game import Bot, UnknownBot


@pytest.mark.parametrize("name", game_names())
def test_every_kind_a_game_names_is_a_bot_it_builds(name: str) -> None:
    """The lobby offers ``bot_kinds``: each one builds a bot; random and heuristic are always there."""
    game = get_game(name)
    kinds = game.bot_kinds()
    assert {"random", "heuristic"} <= set(kinds)
    for kind in kinds:
        assert isinstance(game.bot(kind, random.Random(1)), Bot)


@pytest.mark.parametrize("name", game_names())
def test_a_kind_a_game_does_not_have_is_refused_naming_the_ones_it_has(name: str) -> None:
    """``UnknownBot`` carries the game's kinds (the list ``bot_kinds`` reads) and says them."""
    game = get_game(name)
    with pytest.raises(UnknownBot) as refused:
        game.bot("nobody", random.Random(1))
    assert refused.value.kinds == game.bot_kinds()
    assert refused.value.code == "bad_setup" and "heuristic" in refused.value.message
