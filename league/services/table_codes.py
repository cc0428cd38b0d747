"""Table codes and side PINs: capabilities that let a physical table enter its own result by phone.

A published round's table gets a card: a short code (printed, and as a QR code of the phone
page's address) and one four-digit PIN per side, printed on that side's half of the card. The
code opens that one match's phone page, without an account; a side unlocks entering with its
PIN, and the other side confirms with theirs. Both go through ``league/services/results.py``
as a ``confirmation.TableActor``, so the confirmation rule and every check of the match page
apply unchanged, and every step lands in the match's event log with the card it came from.

Codes and PINs are derived from a random nonce with the site's secret key (HMAC-SHA256); only
their digests are stored, so a copy of the database alone opens no table, while a director can
print the cards again. A code stops working when its round is no longer published (the round
closes when its last match finishes) or when a new card is issued. Failed guesses are counted
per address (codes) and per card (PINs) by ``league/services/ratelimit.py`` and logged.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Match, Round, TableCode
from league.services import offline, ratelimit
from league.services.confirmation import TableActor
from league.services.games import side_of

logger = logging.getLogger(__name__)

# No 0/O, 1/I/L: a code is read off paper and typed on a phone. 31 ** 8 is about 2 ** 39.6.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
PIN_DIGITS = 4
# Wrong codes from one address, wrong PINs on one card, per window (seconds): a PIN of 4 digits
# then takes weeks to guess, and a round lasts hours.
CODE_GUESSES, CODE_WINDOW = 20, 600
PIN_GUESSES, PIN_WINDOW = 5, 600


class CodeError(Exception):
    """A code or PIN that opens nothing; ``status`` is the HTTP answer (404, 410 expired, 429)."""

    def __init__(self, message: str, status: int = 404) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Card:
    """What a printed table card shows: the code and each side's PIN, with the side's seats."""

    code: TableCode
    text: str
    pins: dict[int, str]
    seats: dict[int, list[int]]


def derived(nonce: str, purpose: str) -> bytes:
    """The secret bytes of one code or PIN: HMAC-SHA256 of the nonce under the site's key."""
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, f"table-card:{purpose}:{nonce}".encode(), hashlib.sha256).digest()


def code_text(nonce: str) -> str:
    """The card's code: eight characters of the reading-safe alphabet."""
    return "".join(ALPHABET[b % len(ALPHABET)] for b in derived(nonce, "code")[:CODE_LENGTH])


def pin_text(nonce: str, side: int) -> str:
    """One side's PIN: four digits."""
    number = int.from_bytes(derived(nonce, f"pin:{side}")[:8], "big")
    return str(number % 10**PIN_DIGITS).zfill(PIN_DIGITS)


def digest(text: str) -> str:
    """The stored form of a code or PIN (SHA-256 of the text; the text is a keyed derivation)."""
    return hashlib.sha256(text.encode()).hexdigest()


def normalised(code: str) -> str:
    """A typed code as the card prints it: upper case, spaces and dashes ignored."""
    return "".join(c for c in code.upper() if c.isalnum())


def sides_of(match: Match) -> dict[int, list[int]]:
    """The match's sides, each with its seats in order."""
    sides: dict[int, list[int]] = {}
    for seat in sorted(match.seats.values_list("seat", flat=True)):
        sides.setdefault(side_of(match.game, seat), []).append(seat)
    return sides


def takes_codes(match: Match) -> bool:
    """Tables whose result is entered by hand get a card (every game that supports entry)."""
    return offline.supports(match.game) and match.status != Match.Status.FINISHED


def fresh_nonce(match: Match) -> str:
    """A nonce whose PINs differ between sides (a typed PIN names its side)."""
    sides = sides_of(match)
    while True:
        nonce = secrets.token_hex(16)
        if len({pin_text(nonce, side) for side in sides}) == len(sides):
            return nonce


@transaction.atomic
def issue(match: Match) -> TableCode:
    """A new card for the match; the previous one stops working."""
    match.table_codes.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
    nonce = fresh_nonce(match)
    issued = match.table_codes.count() + 1
    return TableCode.objects.create(
        match=match,
        label=f"T{match.table_number}·{issued}",
        nonce=nonce,
        digest=digest(code_text(nonce)),
        pins={str(side): digest(pin_text(nonce, side)) for side in sides_of(match)},
    )


def current(match: Match) -> TableCode | None:
    """The match's card in force, if any."""
    return match.table_codes.filter(revoked_at__isnull=True).order_by("-id").first()


def issue_round(rnd: Round) -> list[TableCode]:
    """Cards for every table of a published round that has none yet (publishing calls this)."""
    return [issue(m) for m in rnd.matches.order_by("table_number") if takes_codes(m) and current(m) is None]


def card(code: TableCode) -> Card:
    """The printable card of a code: its text and PINs derived again, with each side's seats."""
    sides = sides_of(code.match)
    pins = {side: pin_text(code.nonce, side) for side in sides}
    return Card(code=code, text=code_text(code.nonce), pins=pins, seats=sides)


def expired(code: TableCode) -> bool:
    """Whether the code no longer opens its match: revoked, or its round is no longer published."""
    rnd = code.match.round
    return code.revoked_at is not None or rnd is None or rnd.status != Round.Status.PUBLISHED


def open_code(typed: str, address: str) -> TableCode:
    """The card a typed code belongs to; ``CodeError`` when unknown, expired or guessed too often."""
    key = f"table-code:{address}"
    if ratelimit.exceeded(key, CODE_GUESSES, CODE_WINDOW):
        logger.warning("table code refused from %s: too many wrong codes", address)
        raise CodeError(_("Too many wrong codes from this device: wait a few minutes and try again."), 429)
    code = (
        TableCode.objects.select_related("match__round", "match__club", "match__tournament")
        .filter(digest=digest(normalised(typed)))
        .first()
    )
    if code is None:
        ratelimit.hit(key, CODE_GUESSES, CODE_WINDOW)
        logger.warning("unknown table code tried from %s", address)
        raise CodeError(_("No table has this code. Check it against the card on your table."))
    if expired(code):
        logger.info("expired table code %s tried from %s", code.label, address)
        raise CodeError(_("This table card has expired: its round is closed, or a new card was issued."), 410)
    return code


def side_by_pin(code: TableCode, pin: str, address: str) -> int:
    """The side whose PIN was typed on this card; ``CodeError`` when wrong or guessed too often."""
    key = f"table-pin:{code.digest[:24]}"
    if ratelimit.exceeded(key, PIN_GUESSES, PIN_WINDOW):
        logger.warning("PIN refused on card %s from %s: too many wrong PINs", code.label, address)
        raise CodeError(_("Too many wrong PINs at this table: wait a few minutes, or ask the director."), 429)
    typed = digest(pin.strip())
    for side, stored in code.pins.items():
        if hmac.compare_digest(stored, typed):
            return int(side)
    ratelimit.hit(key, PIN_GUESSES, PIN_WINDOW)
    logger.warning("wrong PIN on card %s from %s", code.label, address)
    raise CodeError(_("That PIN is not one of this table's. Check the card and try again."), 403)


def actor(code: TableCode, side: int) -> TableActor:
    """The side acting through the phone page: its first seat stands for it in the event log."""
    seats = sides_of(code.match).get(side)
    if not seats:
        raise CodeError(_("No such side at this table."))
    return TableActor(code=code, seat=seats[0])
