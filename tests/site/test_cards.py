"""The card sprite and the card words: every face drawn without a font, every card named in the
page's language, and the server's drawn face for templates (board sheets)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from cardclub.cards import card_label, card_words
from engine.family.cards import ALL_CARDS

SPRITE = Path(__file__).resolve().parents[2] / "static" / "cards" / "cards.svg"
PIECES = [colour + piece for colour in "RYGW" for piece in "KAERHCP"]


def sprite() -> str:
    return SPRITE.read_text(encoding="utf-8")


def test_the_sprite_draws_every_card_every_piece_and_the_back() -> None:
    """One symbol per card code (c-AS … c-BJ), per Si Se Pai piece (p-RK …) and the back."""
    ids = set(re.findall(r'<symbol id="([^"]+)"', sprite()))
    assert ids == {f"c-{c}" for c in ALL_CARDS} | {f"p-{p}" for p in PIECES} | {"c-back"}


def test_the_sprite_needs_no_font_and_nothing_from_outside() -> None:
    """No <text> (the glyphs are paths), and every reference points inside the sprite."""
    text = sprite()
    assert "<text" not in text and "@import" not in text and "<image" not in text
    defined = set(re.findall(r' id="([^"]+)"', text))
    used = set(re.findall(r'href="#([^"]+)"', text)) | set(re.findall(r"url\(#([^)]+)\)", text))
    assert used and used <= defined


def test_the_sprite_carries_its_font_licence() -> None:
    """The outlines come from Noto CJK (OFL 1.1): the licence sits beside the sprite."""
    assert "SIL Open Font License" in sprite()
    licence = (SPRITE.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        (
            "en",
            {
                "TH": "10 of hearts",
                "AS": "ace of spades",
                "QC": "queen of clubs",
                "BJ": "big joker",
                "LJ": "little joker",
            },
        ),
        ("zh-hans", {"TH": "红桃10", "AS": "黑桃A", "QC": "梅花Q", "BJ": "大王", "LJ": "小王"}),
    ],
)
def test_every_card_is_named_in_the_page_language(language: str, labels: dict[str, str]) -> None:
    """Screen readers, titles and select options read these names."""
    with translation.override(language):
        words = card_words()
        assert {code: words["labels"][code] for code in labels} == labels
        assert set(words["labels"]) == set(ALL_CARDS)
        assert {code: card_label(code) for code in labels} == labels


def test_the_card_face_tag_draws_a_named_face_from_the_sprite() -> None:
    """``{% card_face "TH" %}``: an SVG using the sprite's c-TH, labelled for screen readers."""
    with translation.override("en"):
        html = Template('{% load cards %}{% card_face "TH" %}').render(Context())
    assert 'aria-label="10 of hearts"' in html and 'role="img"' in html
    assert re.search(r'<use href="[^"]*cards/cards\.svg#c-TH">', html)
