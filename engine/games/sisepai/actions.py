"""Si Se Pai actions and their text notation (``parse(str(a)) == a``).

- ``draw``: the seat whose turn it is takes the top card of the stock and shows it (it never
  enters the hand).
- ``discard RK``: the drawer after melding, or a claimer, puts a card from its hand face up; the
  card gets a claim window.
- ``pass``: a seat in a window makes no claim (in the redeal window: keeps its hand). A seat whose
  clock runs out passes.
- ``tsumo``: the drawer wins with the card it drew (自摸, priority 1).
- ``hu``: another seat wins with the shown card (胡, priority 2).
- ``kong`` / ``pong``: four / three identical with the shown card (槓 / 碰, priority 3); any seat
  in the window.
- ``meld RA RE``: the drawer's own meld with its drawn card and these hand cards (priority 4);
  ``meld`` alone is a single general.
- ``chi RA RE``: the seat after the card's owner makes a run or soldier set with the shown card
  and these hand cards (吃, priority 5).
- ``redeal``: a seat whose dealt hand qualifies demands a redeal (docs/rules/sisepai.md §8).

Hand cards in ``meld`` and ``chi`` are written in display order (colour, then general … soldier).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import NotationError
from engine.core.game import Action
from engine.games.sisepai.pieces import parse_piece, sorted_pieces


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the stock and show it."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass(Action):
    """Answer a window without claiming (or keep the dealt hand)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Redeal(Action):
    """Demand a redeal: no single general, no three or four identical, no four-colour soldiers."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class Tsumo(Action):
    """The drawer wins with its own drawn card (自摸)."""

    def __str__(self) -> str:
        return "tsumo"


@dataclass(frozen=True)
class Hu(Action):
    """Win with another seat's shown card (胡)."""

    def __str__(self) -> str:
        return "hu"


@dataclass(frozen=True)
class Kong(Action):
    """Four identical with the shown card and three from the hand (槓)."""

    def __str__(self) -> str:
        return "kong"


@dataclass(frozen=True)
class Pong(Action):
    """Three identical with the shown card and two from the hand (碰)."""

    def __str__(self) -> str:
        return "pong"


@dataclass(frozen=True)
class Discard(Action):
    """Put ``card`` from the hand face up."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class _WithCards(Action):
    """A claim naming the hand cards it uses, kept in display order so equal claims compare equal."""

    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted_pieces(self.cards)))

    def _text(self, word: str) -> str:
        return " ".join((word, *self.cards))


@dataclass(frozen=True)
class MeldOwn(_WithCards):
    """The drawer's own meld with its drawn card (priority 4); no cards: a single general."""

    def __str__(self) -> str:
        return self._text("meld")


@dataclass(frozen=True)
class Chi(_WithCards):
    """The next seat's run or soldier set with the previous seat's shown card (吃)."""

    def __str__(self) -> str:
        return self._text("chi")


CLAIMS = (Tsumo, Hu, Kong, Pong, MeldOwn, Chi)
"""Every kind of claim in a window."""

PRIORITY: dict[type[Action], int] = {Tsumo: 1, Hu: 2, Kong: 3, Pong: 3, MeldOwn: 4, Chi: 5}
"""sisepai.md §5: lower wins; ties go to the seat nearest the card's owner in turn order."""

_BARE: dict[str, Action] = {
    "draw": Draw(),
    "pass": Pass(),
    "redeal": Redeal(),
    "tsumo": Tsumo(),
    "hu": Hu(),
    "kong": Kong(),
    "pong": Pong(),
}


def parse_action(text: str) -> Action:
    """The action written ``text``, or ``NotationError``."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    head, args = words[0].lower(), words[1:]
    if head in _BARE and not args:
        return _BARE[head]
    if head == "discard" and len(args) == 1:
        return Discard(parse_piece(args[0]))
    if head == "meld" and len(args) <= 3:
        return MeldOwn(tuple(parse_piece(a) for a in args))
    if head == "chi" and 2 <= len(args) <= 3:
        return Chi(tuple(parse_piece(a) for a in args))
    raise NotationError(f"{text!r} is not a Si Se Pai action")
