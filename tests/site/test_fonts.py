"""The shipped Chinese fonts hold every character the site shows (static/fonts/make_font.py)."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest
from fontTools.ttLib import TTFont

from tests.servers import ROOT

pytestmark = pytest.mark.backend_free

FONTS = ROOT / "static" / "fonts"
spec = importlib.util.spec_from_file_location("make_font", FONTS / "make_font.py")
assert spec and spec.loader
make_font = importlib.util.module_from_spec(spec)
sys.modules["make_font"] = make_font  # its dataclass looks its module up
spec.loader.exec_module(make_font)


@pytest.mark.parametrize("face", make_font.FACES, ids=lambda f: f.locale)
def test_each_font_holds_every_character_its_pages_show(face: object) -> None:
    """Every Chinese character of the catalogues, templates and rules pages of the face's script is in
    the font: a new string with a new character needs the script rerun."""
    cjk = {
        c
        for c in make_font.shown_characters(face)
        if re.match(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]", c)
    }
    drawn = set(TTFont(str(FONTS / face.file)).getBestCmap())  # type: ignore[attr-defined]
    lacking = "".join(sorted(c for c in cjk if ord(c) not in drawn))
    assert not lacking, f"{face.file} lacks {lacking}: rerun static/fonts/make_font.py (its docstring)"  # type: ignore[attr-defined]


def test_the_fonts_travel_with_their_licence() -> None:
    """The SIL Open Font License and the copyright of the faces are beside the fonts."""
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Copyright 2014-2021 Adobe" in licence


def test_the_site_css_declares_both_faces() -> None:
    """site.css loads each file by @font-face, for CJK characters only."""
    css = (ROOT / "static" / "css" / "site.css").read_text(encoding="utf-8")
    for face in make_font.FACES:
        assert f'url("../fonts/{face.file}") format("woff2")' in css
    assert css.count("unicode-range: U+2E80-9FFF") == 2
