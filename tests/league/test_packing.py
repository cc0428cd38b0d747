"""The packed deal encoding: every golden playthrough, odd texts and odd fields come back unchanged."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from engine.tools.playthrough import golden_files, parse
from league.packing import DICTIONARY, VERSION, WORDS, Packed, PackError, Played, pack, unpack

PLAYTHROUGHS = golden_files()


def golden_deal(path: Path) -> Packed:
    """A golden playthrough as a packed deal's contents: its rules, deck and every action."""
    deal = parse(path.read_text(encoding="utf-8"))
    moves = [Played(seat, text) for seat, text in deal.actions]
    return Packed({"rules": deal.rules, "seats": [{"id": 7, "name": "Lin Feng"}]}, deal.deck, moves)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_a_golden_playthrough_packs_and_unpacks_unchanged(path: Path) -> None:
    """Every game's golden deals: header, deck and every action back exactly, in fewer bytes than
    LIN's 550 at most for a bridge deal (per two decks: more decks may take more)."""
    deal = golden_deal(path)
    assert len(deal.moves) > 20
    data = pack(deal)
    assert unpack(data) == deal
    assert len(data) < 550 * max(1.0, len(deal.deck) / 108)


def test_the_first_byte_is_the_version() -> None:
    """Byte 0 names the format; the rest is raw DEFLATE with the preset dictionary."""
    data = pack(Packed({"salt": "ab"}, ["AS"], [Played(0, "play AS")]))
    assert data[0] == VERSION
    stretch = zlib.decompressobj(-15, DICTIONARY)
    assert b'{"salt":"ab"}' in stretch.decompress(data[1:])


def test_an_empty_deal_packs() -> None:
    """No header fields, no deck, no moves: still a deal."""
    assert unpack(pack(Packed())) == Packed()


def test_unknown_words_and_odd_spacing_come_back_as_written() -> None:
    """Text outside the word list is kept as literal text, spaces and case included."""
    odd = ["shout 我赢了", "play  AS", " draw", "draw ", "", "PLAY as", "bid 075", "bid 0", "call 11th AS"]
    deal = Packed({}, ["AS", "XX", "7♠"], [Played(i % 4, text) for i, text in enumerate(odd)])
    assert unpack(pack(deal)) == deal


def test_extra_header_fields_are_kept() -> None:
    """Fields a newer record adds ride along in the header, nested values and key order included."""
    header = {"zeta": 1, "alpha": {"b": [1, 2.5, None], "a": "名"}, "seed": "", "flag": False}
    unpacked = unpack(pack(Packed(header, [], [])))
    assert unpacked.header == header
    assert list(unpacked.header) == ["zeta", "alpha", "seed", "flag"]
    assert list(unpacked.header["alpha"]) == ["b", "a"]


@pytest.mark.parametrize(
    "salt", ["5f0c3a9b1d2e4f60718293a4b5c6d7e8", "5F0C3A9B1D2E4F60718293A4B5C6D7E8", "abc", "", "5f0c" * 9]
)
def test_a_salt_comes_back_whatever_its_form(salt: str) -> None:
    """A 128-bit salt in lower-case hex rides as 16 bytes; any other text as it is."""
    header = {"salt": salt, "seed": "00112233445566778899aabbccddeeff", "rules": {}}
    assert unpack(pack(Packed(header))).header == header


def test_a_hex_salt_costs_less_than_its_text() -> None:
    """Sixteen bytes instead of 32 hex digits DEFLATE cannot squeeze."""
    hexed = pack(Packed({"salt": "5f0c3a9b1d2e4f60718293a4b5c6d7e8"}))
    texted = pack(Packed({"salt": "5F0C3A9B1D2E4F60718293A4B5C6D7E8"}))
    assert len(hexed) + 10 < len(texted)


def test_auto_played_moves_and_times_come_back() -> None:
    """The clock bot's moves keep their flag and their times (tenths of a second), an earlier one
    too (clock skew between nodes)."""
    moves = [
        Played(0, "draw", False, 0),
        Played(1, "draw", True, 300),
        Played(2, "draw", True, 299),
        Played(3, "play 2S", False, 864_000),
        Played(0, "play BJ", True, 864_001),
    ]
    assert unpack(pack(Packed({}, [], moves))).moves == moves


def test_a_word_list_entry_is_one_byte_before_compression() -> None:
    """Codes 2.. are the words, all below 128 (one varint byte each)."""
    assert len(WORDS) + 2 < 128
    assert len(set(WORDS)) == len(WORDS)


@pytest.mark.parametrize("data", [b"", b"\x00abc", bytes([VERSION]) + b"not deflate", bytes([VERSION])])
def test_damaged_bytes_are_refused(data: bytes) -> None:
    """Anything that is not a packed deal of this version raises ``PackError``."""
    with pytest.raises(PackError):
        unpack(data)


def test_bytes_after_the_last_time_are_refused() -> None:
    """A body longer than its moves say is damaged."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, DICTIONARY)
    body = bytes([2]) + b"{}" + bytes([0, 0, 0, 0, 0]) + b"!"
    with pytest.raises(PackError):
        unpack(bytes([VERSION]) + squeeze.compress(body) + squeeze.flush())
