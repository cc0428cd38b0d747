"""A finished deal packed: record and move log in a few hundred bytes (docs/record-format.md §Packed deals).

While a deal is live its moves are ``Move`` rows; once it is over they, the deck and the record's
header fields are packed into one ``bytes`` value on the ``Deal`` row. The encoding:

- byte 0: the format version (``VERSION``); a new version only ever adds to the tables below;
- the rest: raw DEFLATE (``zlib``, no header) with the preset dictionary ``DICTIONARY`` of what
  every record repeats (the games' house rules, seat keys, situations), holding in order:
  the header as UTF-8 JSON (a varint length first) and its salt and seed as 16 bytes each when
  they are 128-bit hex (they then come back as its last keys), the deck as tokens, the number of moves,
  each move's seat, each move's action as tokens, the auto-played moves' positions, and each
  move's time as the tenths of a second since the move before (the first: since the deal started).

A token is a varint code: ``0`` a literal (its UTF-8 length, then the text), ``1`` a number (its
value, for a canonical decimal such as a bid), ``2`` and up a word of ``WORDS`` (verbs, cards,
suits, ordinals, Si Se Pai pieces). An action is its words split on single spaces, so any text
packs and unpacks unchanged. Pure Python: no Django, no database.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

VERSION = 1
RANKS = "23456789TJQKA"
SUITS = "SHDC"
# Version 1's words, in code order (code = index + 2): never reorder, only append (with a new version).
WORDS: tuple[str, ...] = (
    *("draw", "play", "declare", "bury", "pickup", "redeal", "bid", "pass", "trump", "call"),
    *("discard", "tsumo", "hu", "kong", "pong", "meld", "chi"),
    *(rank + suit for suit in SUITS for rank in RANKS),
    *("LJ", "BJ", *SUITS, "1st", "2nd", "3rd", "4th"),
    *(colour + piece for colour in "RYGW" for piece in "KAERHCP"),
)
_CODES = {word: code for code, word in enumerate(WORDS, start=2)}
LITERAL, NUMBER = 0, 1
# Header fields carried as 16 bytes when they are 128 bits in lower-case hex (the platform's secrets).
SECRETS = ("salt", "seed")
# What headers repeat, as PostgreSQL hands JSON back (shorter keys first); DEFLATE finds the longest
# matches in it, the most frequent last. Frozen with VERSION: any change is a new version.
DICTIONARY = (
    b'"situation":null,"situation":{"deals":1,"dealer":0,"scores":[0,0,0,0]}'
    b'{"deal":1,"ranks":["2","2","2","2","2","2"],"winners":null,"last_winners":[],"provisional_dealer":0}'
    b'{"deal":1,"played":0,"scores":[0,0,0,0],"first_bidder":0}'
    b'"rules":{"redeal":true,"dealer_21":false,"min_points":9,"match_deals":0},'
    b'"rules":{"first_dealer":-1,"throw_penalty":false,"tractor_follow":false,"passive_penalty":1,'
    b'"kitty_multiplier":2,"real_hand_throws":false},'
    b'"rules":{"match_deals":8,"first_bidder":0,"throw_penalty":false,"kitty_per_card":false,'
    b'"tractor_follow":false,"pointless_redeal":true,"real_hand_throws":false},'
    b'"rules":{"j_hook":false,"first_drawer":0,"throw_penalty":false,"four_of_a_kind":false,'
    b'"pointless_redeal":true,"real_hand_throws":false,"two_always_trump":false,"last_trick_passes":false},'
    b'"rules":{"first_drawer":0,"notrump_ranks":true,"throw_penalty":false,"kitty_per_card":false,'
    b'"tractor_follow":false,"pointless_redeal":true,"real_hand_throws":false},'
    b'"situation":{"deal":1,"dealer":0,"levels":["2","2"],"winners":null},'
    b'{"id":null,"bot":"expert","name":"Expert bot (East)"},{"id":null,"bot":"heuristic","name":"'
    b'{"seats":[{"id":1,"name":"Player 0'
)


class PackError(ValueError):
    """Bytes that are not a packed deal of a known version."""


@dataclass(frozen=True)
class Played:
    """One stored move: the seat, the action in notation, whether the clock bot played it, and
    when (``at``: tenths of a second after the deal started)."""

    seat: int
    action: str
    auto: bool = False
    at: int = 0


@dataclass
class Packed:
    """What a packed deal holds: the record's header fields (JSON), the deck and the moves."""

    header: dict[str, Any] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    moves: list[Played] = field(default_factory=list)


def pack(deal: Packed) -> bytes:
    """The bytes of ``deal`` in the current version."""
    out = bytearray()
    _header(deal.header, out)
    _tokens(deal.deck, out)
    _varint(len(deal.moves), out)
    for move in deal.moves:
        _varint(move.seat, out)
    for move in deal.moves:
        _tokens(move.action.split(" "), out)
    autos = [i for i, move in enumerate(deal.moves) if move.auto]
    _varint(len(autos), out)
    for previous, i in zip([-1, *autos], autos, strict=False):
        _varint(i - previous - 1, out)
    previous = 0
    for move in deal.moves:
        _varint(_zigzag(move.at - previous), out)
        previous = move.at
    return _deflate(out)


def with_header(data: bytes, header: dict[str, Any]) -> bytes:
    """The deal packed in ``data`` with ``header`` instead of its own; its deck and moves are not
    decoded (quick enough to repack a million copied deals)."""
    with _reading(data) as reader:
        reader.header()
    out = bytearray()
    _header(header, out)
    return _deflate(out + reader.body[reader.at :])


def header_of(data: bytes) -> dict[str, Any]:
    """The header of the deal packed in ``data``."""
    return unpack(data, moves=False).header


def _deflate(body: bytearray) -> bytes:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, DICTIONARY)
    return bytes([VERSION]) + squeeze.compress(bytes(body)) + squeeze.flush()


def unpack(data: bytes, *, moves: bool = True) -> Packed:
    """The deal packed in ``data`` (``moves=False``: its header and deck only, for pages that
    show no moves); ``PackError`` when it is not one."""
    with _reading(data) as reader:
        header, deck = reader.header(), reader.tokens()
        return Packed(header, deck, _moves(reader) if moves else [])


@contextmanager
def _reading(data: bytes) -> Iterator[_Reader]:
    """A reader of the body packed in ``data``; any damage found while reading is a ``PackError``."""
    if not data or data[0] != VERSION:
        raise PackError(f"not a packed deal of version {VERSION}")
    try:
        yield _Reader(_inflate(data))
    except (zlib.error, IndexError, UnicodeDecodeError, ValueError) as exc:
        raise PackError(f"a damaged packed deal ({exc})") from None


def _inflate(data: bytes) -> bytes:
    stretch = zlib.decompressobj(-15, DICTIONARY)
    return stretch.decompress(data[1:]) + stretch.flush()


def _moves(reader: _Reader) -> list[Played]:
    count = reader.varint()
    seats = [reader.varint() for _ in range(count)]
    actions = [" ".join(reader.tokens()) for _ in range(count)]
    autos: set[int] = set()
    at = -1
    for _ in range(reader.varint()):
        at += reader.varint() + 1
        autos.add(at)
    times, at = [], 0
    for _ in range(count):
        at += _unzigzag(reader.varint())
        times.append(at)
    if not reader.done():
        raise ValueError("bytes after the last move's time")
    rows = zip(seats, actions, times, strict=True)
    return [Played(seat, action, i in autos, at) for i, (seat, action, at) in enumerate(rows)]


def _header(header: dict[str, Any], out: bytearray) -> None:
    """The header as JSON, then its secrets (a 128-bit salt or seed in hex) as 16 bytes each: as
    text DEFLATE spends about 38 bytes on one."""
    secrets = {key: value for key, value in header.items() if key in SECRETS and _is_hex128(value)}
    rest = {key: value for key, value in header.items() if key not in secrets}
    _text(json.dumps(rest, ensure_ascii=False, separators=(",", ":")), out)
    _varint(len(secrets), out)
    for key, value in secrets.items():
        _text(key, out)
        out.extend(bytes.fromhex(value))


def _is_hex128(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 32 and all(c in "0123456789abcdef" for c in value)


def _tokens(words: Sequence[str], out: bytearray) -> None:
    _varint(len(words), out)
    for word in words:
        code = _CODES.get(word)
        if code is not None:
            _varint(code, out)
        elif word.isascii() and word.isdigit() and str(int(word)) == word:
            _varint(NUMBER, out)
            _varint(int(word), out)
        else:
            _varint(LITERAL, out)
            _text(word, out)


def _text(text: str, out: bytearray) -> None:
    raw = text.encode("utf-8")
    _varint(len(raw), out)
    out.extend(raw)


def _varint(n: int, out: bytearray) -> None:
    """LEB128: seven bits a byte, low bits first, the high bit set on every byte but the last."""
    if n < 0:
        raise ValueError(f"a varint is never negative ({n})")
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)


def _zigzag(n: int) -> int:
    """A signed number as a varint's unsigned one (0, -1, 1, -2 … → 0, 1, 2, 3 …)."""
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


class _Reader:
    """Reads varints, texts and tokens from the unpacked body, in order."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.at = 0

    def varint(self) -> int:
        n, shift = 0, 0
        while True:
            byte = self.body[self.at]
            self.at += 1
            n |= (byte & 0x7F) << shift
            if byte < 0x80:
                return n
            shift += 7

    def text(self) -> str:
        size = self.varint()
        raw = self.body[self.at : self.at + size]
        if len(raw) != size:
            raise ValueError("a text cut short")
        self.at += size
        return raw.decode("utf-8")

    def header(self) -> dict[str, Any]:
        header: dict[str, Any] = json.loads(self.text())
        for _ in range(self.varint()):
            key = self.text()
            raw = self.body[self.at : self.at + 16]
            if len(raw) != 16:
                raise ValueError("a secret cut short")
            self.at += 16
            header[key] = raw.hex()
        return header

    def tokens(self) -> list[str]:
        return list(self._words(self.varint()))

    def _words(self, count: int) -> Iterator[str]:
        for _ in range(count):
            code = self.varint()
            if code == LITERAL:
                yield self.text()
            elif code == NUMBER:
                yield str(self.varint())
            else:
                yield WORDS[code - 2]

    def done(self) -> bool:
        return self.at == len(self.body)
