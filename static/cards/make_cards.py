"""Write cards.svg: one symbol sprite with every card face, the two jokers, Si Se Pai's pieces and the backs.

Pages draw a card as ``<svg viewBox="0 0 60 84"><use href=".../cards.svg#c-AS"/></svg>`` (a piece:
``viewBox="0 0 40 64"``, ``#p-RK``). Every letter, digit and Chinese character is a path taken from
Noto Sans / Serif CJK (SIL Open Font License 1.1, see OFL.txt), so a machine without a CJK font
still draws 大王, 小王 and 將士象車馬炮卒; the suits and the joker's star are drawn here by hand.
The sprite is committed: nothing is built or downloaded when the site runs. To regenerate it
(docs/dependencies.md, "Card faces"):

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    .venv/bin/pip install 'fonttools>=4.50'
    .venv/bin/python static/cards/make_cards.py --fonts /tmp/noto/usr/share/fonts/opentype/noto
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CARD_W, CARD_H = 60, 84
PIECE_W, PIECE_H = 40, 64
RED, BLACK, GOLD = "#c62828", "#1a1a1a", "#f9a825"
RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10", **{r: r for r in "98765432"}}
SUITS = "SHDC"
# Si Se Pai (docs/rules/sisepai.md, "Card codes"): the piece and the colour's own character, so
# the four colours stay apart without relying on colour vision.
PIECES = {"K": "將", "A": "士", "E": "象", "R": "車", "H": "馬", "C": "炮", "P": "卒"}
COLOURS = {"R": "紅", "Y": "黃", "G": "綠", "W": "白"}
PIECE_INK = {"R": "#c62828", "Y": "#8a6100", "G": "#1b5e20", "W": "#37474f"}
PIECE_PAPER = {"R": "#ffffff", "Y": "#fff3c4", "G": "#e6f4e7", "W": "#e3e8eb"}

# Suits in a 100 x 100 box, drawn by hand (no font has to hold them).
SUIT_PATHS = {
    "H": "M50 94C22 70 3 52 3 30C3 14 15 5 28 5C38 5 46 11 50 21C54 11 62 5 72 5C85 5 97 14 97 30"
    "C97 52 78 70 50 94Z",
    "D": "M50 2L90 50L50 98L10 50Z",
    "S": "M50 3C62 22 97 40 97 62C97 76 87 84 75 84C66 84 58 79 54 72C55 82 60 90 69 97H31C40 90 45 82 46 72"
    "C42 79 34 84 25 84C13 84 3 76 3 62C3 40 38 22 50 3Z",
    "C": "M29 27a21 21 0 1 0 42 0a21 21 0 1 0-42 0ZM6 59a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
    "M52 59a21 21 0 1 0 42 0a21 21 0 1 0-42 0ZM46 52C46 76 41 88 30 97H70C59 88 54 76 54 52Z",
}


def star_path(points: int = 5, outer: float = 50, inner: float = 21) -> str:
    """A star in the 100 x 100 box, point up: the joker's emblem."""
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append(f"{50 + radius * math.cos(angle):.1f} {53 + radius * math.sin(angle):.1f}")
    return "M" + "L".join(corners) + "Z"


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class Glyph:
    """A glyph normalised to 100 units high, ``width`` wide, as a path defined once in the sprite."""

    ident: str
    width: float
    path: str


class Fonts:
    """Glyph outlines from the Noto CJK collections, normalised for the sprite."""

    def __init__(self, folder: Path) -> None:
        from fontTools.ttLib import TTCollection

        self.sans = self._face(TTCollection(str(folder / "NotoSansCJK-Bold.ttc")), "Noto Sans CJK SC")
        self.serif = self._face(TTCollection(str(folder / "NotoSerifCJK-Bold.ttc")), "Noto Serif CJK TC")
        self.glyphs: dict[str, Glyph] = {}

    @staticmethod
    def _face(collection: Any, family: str) -> Any:
        return next(f for f in collection.fonts if f["name"].getDebugName(1) == family)

    def glyph(self, ident: str, text: str, serif: bool = False) -> Glyph:
        """``text`` (one or more characters, set on one line) as a normalised path."""
        if ident in self.glyphs:
            return self.glyphs[ident]
        from fontTools.pens.boundsPen import BoundsPen
        from fontTools.pens.recordingPen import RecordingPen
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen

        font = self.serif if serif else self.sans
        glyph_set, cmap = font.getGlyphSet(), font.getBestCmap()
        recording = RecordingPen()
        x = 0
        for char in text:
            name = cmap[ord(char)]
            glyph_set[name].draw(TransformPen(recording, (1, 0, 0, 1, x, 0)))
            x += glyph_set[name].width
        bounds = BoundsPen(glyph_set)
        recording.replay(bounds)
        assert bounds.bounds is not None
        x0, y0, x1, y1 = bounds.bounds
        scale = 100 / (y1 - y0)
        svg = SVGPathPen(glyph_set, ntos=lambda v: num(round(v, 1)))
        # Font units grow upwards; the sprite's y grows downwards.
        recording.replay(TransformPen(svg, (scale, 0, 0, -scale, -x0 * scale, y1 * scale)))
        made = Glyph(ident, (x1 - x0) * scale, svg.getCommands())
        self.glyphs[ident] = made
        return made


Box = tuple[float, float, float, float]


def place(ident: str, width: float, box: Box, fill: str, squeeze: float = 1) -> str:
    """A ``<use>`` of a 100-high shape fitted into ``box`` (x, y, w, h), centred.

    ``squeeze`` < 1 lets a wide shape ("10") narrow instead of shrinking, down to that ratio.
    """
    bx, by, bw, bh = box
    sy = min(bh / 100, bw / (width * squeeze))
    sx = min(sy, bw / width)
    tx, ty = bx + (bw - width * sx) / 2, by + (bh - 100 * sy) / 2
    return (
        f'<use href="#{ident}" fill="{fill}" '
        f'transform="matrix({num(sx)} 0 0 {num(sy)} {num(tx)} {num(ty)})"/>'
    )


def rotated(inner: str, width: float, height: float) -> str:
    """``inner`` turned half a turn about the card's centre (the bottom corner of a card)."""
    return f'<g transform="rotate(180 {num(width / 2)} {num(height / 2)})">{inner}</g>'


def frame(width: int, height: int, paper: str, stroke: str = "#8f8f8f") -> str:
    """The card's paper and edge."""
    return (
        f'<rect x=".5" y=".5" width="{width - 1}" height="{height - 1}" rx="4" '
        f'fill="{paper}" stroke="{stroke}"/>'
    )


def card_symbol(fonts: Fonts, rank: str, suit: str) -> str:
    """A plain card: the index (rank over suit) in two corners, and a large centre."""
    ink = RED if suit in "HD" else BLACK
    label = fonts.glyph(f"r{rank}", RANKS[rank])
    corner = place(label.ident, label.width, (2.5, 3, 14, 15), ink, squeeze=0.62)
    corner += place(f"s{suit}", 100, (3.5, 20.5, 12, 12), ink)
    body = frame(CARD_W, CARD_H, "#fff") + corner + rotated(corner, CARD_W, CARD_H)
    if rank in "JQK":
        # Court cards: a tinted panel with the letter large, so they stand apart from the pips.
        tint = "#fdecea" if ink == RED else "#e8eaf0"
        panel = f'fill="{tint}" stroke="{ink}" stroke-width=".8"'
        body += f'<rect x="18" y="10" width="24" height="64" rx="2" {panel}/>'
        body += place(label.ident, label.width, (20, 22, 20, 22), ink)
        body += place(f"s{suit}", 100, (23, 48, 14, 14), ink)
    else:
        size = 30 if rank == "A" else 24
        body += place(f"s{suit}", 100, (30 - size / 2, 42 - size / 2, size, size), ink)
    return f'<symbol id="c-{rank}{suit}" viewBox="0 0 {CARD_W} {CARD_H}">{body}</symbol>'


def joker_symbol(fonts: Fonts, code: str) -> str:
    """大王 (big, coloured: red on a warm card with a gold star) and 小王 (little, black and grey)."""
    big = code == "BJ"
    ink = RED if big else BLACK
    first = fonts.glyph("j-da" if big else "j-xiao", "大" if big else "小")
    king = fonts.glyph("j-wang", "王")
    word = fonts.glyph("j-word", "JOKER")
    corner = place(first.ident, first.width, (2.5, 3, 14, 14), ink)
    corner += place(king.ident, king.width, (2.5, 19, 14, 14), ink)
    body = frame(CARD_W, CARD_H, "#fff8e1" if big else "#fff") + corner + rotated(corner, CARD_W, CARD_H)
    star = f'<use href="#star" fill="{GOLD if big else "#757575"}" stroke="{ink}" stroke-width="4" '
    star += 'transform="matrix(.3 0 0 .3 15 24)"/>'
    body += star + place(word.ident, word.width, (19, 58, 22, 6), ink)
    return f'<symbol id="c-{code}" viewBox="0 0 {CARD_W} {CARD_H}">{body}</symbol>'


def back_symbol() -> str:
    """A card's back: a red lattice inside a white border."""
    lattice = "".join(f"M{x} 6L{x + 72} 78M{x + 72} 6L{x} 78" for x in range(-66, 60, 9))
    lines = f'<path d="{lattice}" stroke="#c9574b" stroke-width="1.2"/>'
    body = frame(CARD_W, CARD_H, "#fff")
    body += '<clipPath id="back-clip"><rect x="5" y="5" width="50" height="74" rx="2"/></clipPath>'
    field = '<rect x="5" y="5" width="50" height="74" fill="#8d2a22"/>'
    body += f'<g clip-path="url(#back-clip)">{field}{lines}</g>'
    return f'<symbol id="c-back" viewBox="0 0 {CARD_W} {CARD_H}">{body}</symbol>'


def piece_symbol(fonts: Fonts, colour: str, piece: str) -> str:
    """A Si Se Pai piece: the xiangqi character large, the colour's character small below it."""
    ink = PIECE_INK[colour]
    big = fonts.glyph(f"h{piece}", PIECES[piece], serif=True)
    small = fonts.glyph(f"k{colour}", COLOURS[colour], serif=True)
    body = frame(PIECE_W, PIECE_H, PIECE_PAPER[colour])
    body += f'<circle cx="20" cy="21" r="16.5" fill="none" stroke="{ink}" stroke-width="1.4"/>'
    body += place(big.ident, big.width, (8, 9, 24, 24), ink)
    body += f'<rect x="10" y="42" width="20" height="16" rx="2" fill="{ink}"/>'
    body += place(small.ident, small.width, (13, 43.5, 14, 13), PIECE_PAPER[colour])
    return f'<symbol id="p-{colour}{piece}" viewBox="0 0 {PIECE_W} {PIECE_H}">{body}</symbol>'


def sprite(fonts: Fonts) -> str:
    """The whole sprite as text."""
    symbols = [card_symbol(fonts, rank, suit) for suit in SUITS for rank in RANKS]
    symbols += [joker_symbol(fonts, "BJ"), joker_symbol(fonts, "LJ"), back_symbol()]
    symbols += [piece_symbol(fonts, colour, piece) for colour in COLOURS for piece in PIECES]
    defs = [f'<path id="s{suit}" d="{d}"/>' for suit, d in SUIT_PATHS.items()]
    defs.append(f'<path id="star" d="{star_path()}"/>')
    defs += [f'<path id="{g.ident}" d="{g.path}"/>' for g in fonts.glyphs.values()]
    head = (
        "<!-- Card Club's card faces and Si Se Pai pieces, written by static/cards/make_cards.py. "
        "Glyph outlines: Noto Sans CJK and Noto Serif CJK, (c) 2014-2022 Adobe, "
        "SIL Open Font License 1.1 (OFL.txt beside this file). -->"
    )
    lines = [head, '<svg xmlns="http://www.w3.org/2000/svg">', "<defs>", *defs, "</defs>", *symbols, "</svg>"]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", type=Path, default=Path("/usr/share/fonts/opentype/noto"))
    parser.add_argument("--out", type=Path, default=HERE / "cards.svg")
    args = parser.parse_args()
    args.out.write_text(sprite(Fonts(args.fonts)), encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
