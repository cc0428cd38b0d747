"""Write the site's Chinese web fonts: Noto Sans CJK SC and TC cut down to the characters the site shows.

The characters are every non-ASCII one in the translation catalogues (``locale/``), the templates
(the rules pages in ``templates/rules/`` included), the rules documents the site renders and the
Python code that names games and cards in Chinese; nothing else is kept, so the fonts stay small.
Rerun after the catalogues or the rules pages change (``tests/site/test_fonts.py`` fails until
then)::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    .venv/bin/python static/fonts/make_font.py --fonts /tmp/noto/usr/share/fonts/opentype/noto

Noto Sans CJK is under the SIL Open Font License 1.1 (``static/fonts/OFL.txt``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.conf.locale import LANG_INFO
from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "static" / "fonts"
# The texts a visitor can read, by glob from the project's root.
SOURCES = [
    "locale/*/LC_MESSAGES/django.po",
    "templates/**/*.html",
    "docs/rules/*.md",  # rendered on the rules pages until each game has its player page
    "cardclub/**/*.py",
    "league/**/*.py",
    "tables/**/*.py",
    "replays/**/*.py",
]


@dataclass(frozen=True)
class Face:
    """One font written: a face of NotoSansCJK-Regular.ttc and the locale whose texts it draws."""

    file: str
    face: str
    locale: str
    other: str  # the other script's catalogue and rules pages are left out

    def skips(self, path: Path) -> bool:
        """Whether ``path`` belongs to the other script only."""
        return self.other in path.parts or path.name.endswith(f".{self.other}.html")


# Mainland and Taiwan glyph shapes differ, and each page needs only its own script's characters.
FACES = [
    Face("cardclub-sc.woff2", "Noto Sans CJK SC", "zh_Hans", "zh_Hant"),
    Face("cardclub-tc.woff2", "Noto Sans CJK TC", "zh_Hant", "zh_Hans"),
]


def shown_characters(face: Face, root: Path = ROOT, patterns: Iterable[str] = SOURCES) -> set[str]:
    """Every non-ASCII character of the sources a page in ``face``'s script shows (the Latin stack
    draws ASCII)."""
    # The language menu names each language in itself on every page (Django's own names).
    chars = {c for code in ("zh-hans", "zh-hant") for c in LANG_INFO[code]["name_local"]}
    for pattern in patterns:
        for path in root.glob(pattern):
            if "migrations" not in path.parts and not face.skips(path.relative_to(root)):
                chars |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F and c.isprintable()}
    return chars


def cut(collection: TTCollection, face: str, chars: set[str], out: Path) -> int:
    """Write ``face`` holding only ``chars`` as WOFF2; its size in bytes."""
    font = next(f for f in collection.fonts if f["name"].getDebugName(4) == face)  # full name
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # screens render CJK unhinted; hints were a third of the size
    options.desubroutinize = True  # WOFF2 compresses flat outlines better
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes={ord(c) for c in chars})
    subsetter.subset(font)
    font.recalcTimestamp = False  # the same sources give the same file
    font.flavor = "woff2"
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    """Cut both faces from the unpacked fonts folder and report their sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", type=Path, default=Path("/usr/share/fonts/opentype/noto"))
    args = parser.parse_args(argv)
    for face in FACES:
        chars = shown_characters(face)
        collection = TTCollection(str(args.fonts / "NotoSansCJK-Regular.ttc"))
        size = cut(collection, face.face, chars, OUT / face.file)
        print(f"{face.file}: {face.face}, {len(chars)} characters, {size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
