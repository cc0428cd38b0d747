"""A Swiss pairing's refusal reaches the director in their language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from league.pairing import PairingError
from league.services.pairing_words import REFUSALS, refusal
from tests.servers import ROOT

pytestmark = pytest.mark.backend_free


def test_every_refusal_of_the_pairing_has_its_words() -> None:
    """Each message league/pairing.py raises a PairingError with is worded in the catalogue."""
    source = (ROOT / "league" / "pairing.py").read_text(encoding="utf-8")
    raised = set(re.findall(r'raise PairingError\("([^"]+)"\)', source))
    assert raised and raised <= set(REFUSALS)


def test_a_refusal_reads_in_chinese() -> None:
    """The rematch refusal, in Simplified Chinese; an unknown one as it is."""
    with translation.override("zh-hans"):
        assert refusal(PairingError("every remaining pairing would be a rematch")).startswith("本轮")
        assert refusal(PairingError("something new")) == "something new"
