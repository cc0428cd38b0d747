"""A redealt deal's reason reads as words in the viewer, in English and in Chinese."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.core.result import DealResult
from replays.services.viewer import result_rows

pytestmark = pytest.mark.backend_free

REASONS = [
    ("nobody declared", "nobody declared"),
    ("all passed", "all passed"),
    ("pointless hand", "a hand without points"),
    ("weak hand", "a weak hand (few points or few trumps)"),
]


def reason_shown(reason: str, language: str) -> str:
    """The Reason line of a redeal's result rows, as ``language`` reads it."""
    with translation.override(language):
        redeal = DealResult.from_json({"outcome": "redeal", "reason": reason})
        rows = dict(result_rows(redeal, ["N", "E", "S", "W"]))
        return rows[translation.gettext("Reason")]


@pytest.mark.parametrize(("reason", "words"), REASONS)
def test_each_redeal_reason_the_engine_writes_reads_as_words(reason: str, words: str) -> None:
    """The engine's reason key is shown as a sentence, not as the key."""
    assert reason_shown(reason, "en") == words


@pytest.mark.parametrize(("reason", "words"), REASONS)
def test_each_redeal_reason_is_translated(reason: str, words: str) -> None:
    """Simplified and Traditional Chinese readers get the reason in their language."""
    assert reason_shown(reason, "zh-hans") != words
    assert reason_shown(reason, "zh-hant") != words
