"""Moves in players' words: each action of a record as a verb, its cards or pieces and its numbers,
which the page turns into a sentence of the viewer's language (``labels.move_sentences``).

The description holds no language, so the cached steps serve every language; the sentences are
translated on the server and the page only puts drawn cards into their slots.
"""

from __future__ import annotations

from typing import Any

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Verbs whose arguments are cards (trick games) or pieces (Si Se Pai), drawn as faces.
WITH_CARDS = {"play", "declare", "bury", "discard", "chi", "meld"}
ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


def describe(text: str | None, frame_before: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """``text`` (an action in notation) as ``{"verb", "cards", ...}``; ``None`` if it is hidden.

    ``frame_before`` (the viewer's frame the action was made in) tells a lead from a follow.
    """
    if text is None:
        return None
    verb, *args = text.split()
    words: dict[str, Any] = {"verb": verb}
    if verb in WITH_CARDS:
        words["cards"] = args
        if verb == "meld" and not args:
            words["verb"] = "meld_single"
    if verb == "play" and frame_before is not None and not frame_before.get("trick"):
        words["verb"] = "lead"
    if verb == "bid" and args:
        words["n"] = args[0]
    if verb == "trump" and args:
        words["suit"] = SUIT_SYMBOLS.get(args[0], args[0])
    if verb == "call" and len(args) == 2:
        words.update(nth=ORDINALS.get(args[0], args[0]), cards=[args[1]])
    return words


def describe_all(moves: list[list[Any]], frames: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """One description per visible move (``[seat, text]``), read with the frame it was made in."""
    out = []
    for k, (_, text) in enumerate(moves):
        words = describe(text, frames[k])
        after = frames[k + 1]
        # Si Se Pai: a drawn piece is shown to every seat at once.
        if words is not None and words["verb"] == "draw" and after.get("shown"):
            words["cards"] = [after["shown"]["card"]]
            words["verb"] = "draw_shown"
        out.append(words)
    return out
