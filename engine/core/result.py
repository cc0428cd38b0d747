"""A deal's result and a match's situation as typed values, read once from the JSON a record stores.

The games still answer ``result()`` and ``next_situation()`` in JSON, the form records, rows and
golden playthroughs keep byte for byte; the services read these values instead of indexing that
JSON by string. ``from_json`` reads the fields a family names, keeps any other key as it was, and
remembers the stored key order, so ``to_json`` gives back the very same JSON (records written by
any version load and are written back unchanged). Each game names its classes
(``Game.deal_result``, ``Game.match_situation``).

The JSON carries no version while it is format 1: a value written in a later format says so in a
``"format"`` key, which this version refuses rather than misread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any, ClassVar, Self

from engine.core.errors import BadResult

JSON = Any  # a value json.dumps accepts

FORMAT = 1  # the format these classes read and write


def seq(default: tuple[()] | None = ()) -> Any:
    """A field holding a JSON list, kept as a tuple (``default`` when the key is absent; a stored
    ``null`` stays ``None``)."""
    return field(default=default, metadata={"seq": True})


_NAMED: dict[type, dict[str, Field[Any]]] = {}


def _named_fields(cls: type) -> dict[str, Field[Any]]:
    """A typed value's named fields by name, once per class (``fields`` walks them every call)."""
    named = _NAMED.get(cls)
    if named is None:
        named = _NAMED[cls] = {f.name: f for f in fields(cls) if f.name not in ("keys", "extra")}
    return named


@dataclass(frozen=True)
class Stored:
    """Base of the typed JSON values: named fields, the other keys verbatim, the stored key order."""

    FORMAT: ClassVar[int] = FORMAT

    keys: tuple[str, ...] = field(default=(), repr=False, compare=False)
    extra: Mapping[str, JSON] = field(default_factory=dict, repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        """Read ``data``; ``BadResult`` if it is not an object or is of a later format."""
        if not isinstance(data, Mapping):
            raise BadResult("not_an_object", f"a {cls.__name__} is a JSON object, not {data!r}")
        version = data.get("format", FORMAT)
        if version != FORMAT:
            raise BadResult("format", f"{cls.__name__} of format {version!r}; this version reads {FORMAT}")
        named = _named_fields(cls)
        values: dict[str, JSON] = {}
        extra: dict[str, JSON] = {}
        for key, value in data.items():
            spec = named.get(key)
            if spec is None:
                extra[key] = value
            else:
                values[key] = tuple(value) if spec.metadata.get("seq") and value is not None else value
        return cls(keys=tuple(data), extra=extra, **values)

    def to_json(self) -> dict[str, JSON]:
        """The JSON this value was read from (or would be stored as), key order and all."""
        out: dict[str, JSON] = {}
        for key in self.keys or self.field_names():
            if key in self.extra:
                out[key] = self.extra[key]
            else:
                value = getattr(self, key)
                out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The named fields in declaration order (what a value built in code stores)."""
        return tuple(f.name for f in fields(cls) if f.name not in ("keys", "extra"))

    def has(self, key: str) -> bool:
        """Whether the stored JSON holds ``key`` (a field left at its default may not be stored)."""
        return key in self.keys


@dataclass(frozen=True)
class Throw(Stored):
    """A failed throw under ``real_hand_throws``: the thrower, the trick (from 0), the cards it
    tried and the smallest beatable unit it had to play instead."""

    seat: int = 0
    trick: int = 0
    attempted: tuple[str, ...] = seq()
    forced: tuple[str, ...] = seq()


@dataclass(frozen=True)
class FriendCall(Stored):
    """A Zhao Pengyou call: the card, which copy of it, and who answered (``None``: never played;
    ``joined`` false: already on the declarer's team)."""

    call: str | None = None
    card: str = ""
    nth: int = 0
    copies_played: int | None = None
    by: int | None = None
    joined: bool | None = None


@dataclass(frozen=True)
class DealResult(Stored):
    """What every game's deal result holds: the outcome and each seat's score for the deal.

    ``outcome`` is "played", "redeal" (the deal counts for nothing) or, in Si Se Pai, "win" or
    "void"; ``scores`` are per seat in the game's unit (levels risen, points paid).
    """

    outcome: str | None = None
    scores: tuple[int, ...] = seq()
    deal_winners: tuple[int, ...] = seq()
    dealer: int | None = None
    next_dealer: int | None = None
    by: JSON = None
    reason: str | None = None
    trump: Mapping[str, JSON] | None = None
    kitty: tuple[str, ...] = seq()
    kitty_points: int | None = None
    kitty_multiplier: int | None = None
    last_trick_winner: int | None = None
    defender_points: int | None = None
    card_points: JSON = None
    entered: bool | None = None  # True: entered by hand, the cards unknown (engine/core/entered.py)
    # The trick games' failed throws under ``real_hand_throws``: {"seat", "trick", "attempted", "forced"}.
    failed_throws: tuple[Mapping[str, JSON], ...] = seq()

    @property
    def trump_rank(self) -> str | None:
        """The trump rank the deal was played in (``None``: none named, or no trump stored)."""
        rank = None if self.trump is None else self.trump.get("rank")
        return None if rank is None else str(rank)

    @property
    def trump_suit(self) -> str | None:
        """The trump suit, "S", "H", "D" or "C" (``None``: no trump suit, or no trump stored)."""
        suit = None if self.trump is None else self.trump.get("suit")
        return None if suit is None else str(suit)

    @property
    def throws(self) -> tuple[Throw, ...]:
        """The failed throws, each as its typed value."""
        return tuple(Throw.from_json(t) for t in self.failed_throws or ())

    @property
    def counts(self) -> bool:
        """Whether the deal counts toward a match's length (every finished deal but a redeal)."""
        # A Si Se Pai deal ends "win" or "void" (stock ran out): both were played out.
        return self.outcome not in (None, "redeal")

    @property
    def played(self) -> bool:
        """Whether the deal was played out to a score (outcome "played")."""
        return self.outcome == "played"

    @property
    def declaring_seat(self) -> int | None:
        """The seat whose side declared (here the dealer; a bidding game names its declarer)."""
        return self.dealer

    @property
    def declarer_won(self) -> bool:
        """Whether the declaring seat's side won the deal."""
        return self.declaring_seat in self.deal_winners


@dataclass(frozen=True)
class LevelsResult(DealResult):
    """A Shengji or Tractor deal (升级): the attackers' points decide how many levels who rises."""

    declared_by: int | None = None
    kitty_bonus: int | None = None
    levels_before: tuple[str, ...] = seq()
    levels_after: tuple[str, ...] = seq()
    winners: tuple[int, ...] | None = seq(None)  # the match's winners once someone has won


@dataclass(frozen=True)
class DeclarerResult(DealResult):
    """A deal with a declarer other than the dealer, who wins or loses it (San Da Ha, Zhao Pengyou)."""

    declarer: int | None = None
    declarer_wins: bool | None = None

    @property
    def declaring_seat(self) -> int | None:
        """The declarer (San Da Ha: the winning bidder; Zhao Pengyou: who called the friends)."""
        return self.declarer if self.has("declarer") else self.dealer

    @property
    def declarer_won(self) -> bool:
        """Whether the declarer's side (Zhao Pengyou: the friends included) won."""
        return super().declarer_won if self.declarer_wins is None else self.declarer_wins


@dataclass(frozen=True)
class SandahaResult(DeclarerResult):
    """A San Da Ha deal (三打哈): the declarer's bid against the defenders' points."""

    bid: int | None = None


@dataclass(frozen=True)
class ZhaoResult(DeclarerResult):
    """A Zhao Pengyou deal (找朋友): the declarer's called friends, the team, each rank's rise."""

    declared_by: int | None = None
    provisional_dealer: int | None = None
    calls: tuple[JSON, ...] = seq()
    team: tuple[int, ...] = seq()
    threshold: int | None = None
    game_points: int | None = None
    ranks_before: tuple[str, ...] = seq()
    ranks_after: tuple[str, ...] = seq()
    winners: tuple[int, ...] | None = seq(None)  # the match's winners once someone has won

    @property
    def friend_calls(self) -> tuple[FriendCall, ...]:
        """The declarer's calls, each as its typed value."""
        return tuple(FriendCall.from_json(c) for c in self.calls or ())


@dataclass(frozen=True)
class SisepaiResult(DealResult):
    """A Si Se Pai deal (四色牌): who went out, and what each seat pays or is paid."""

    winner: int | None = None
    points: int | None = None
    payments: tuple[int, ...] = seq()
    dealer_draw: JSON = None


@dataclass(frozen=True)
class MatchSituation(Stored):
    """The situation a match's next deal starts from (``None`` before the first deal)."""

    deal: int | None = None
    dealer: int | None = None
    winners: tuple[int, ...] | None = seq(None)  # None while nobody has won the match


@dataclass(frozen=True)
class LevelsSituation(MatchSituation):
    """Shengji and Tractor: each side's level and the next dealer."""

    levels: tuple[str, ...] = seq()


@dataclass(frozen=True)
class SandahaSituation(MatchSituation):
    """San Da Ha: who bids first, the running scores, the deals played."""

    first_bidder: int | None = None
    scores: tuple[int, ...] = seq()
    played: int | None = None


@dataclass(frozen=True)
class ZhaoSituation(MatchSituation):
    """Zhao Pengyou: each player's rank, the last deal's winners, the provisional dealer."""

    ranks: tuple[str, ...] = seq()
    last_winners: tuple[int, ...] = seq()
    provisional_dealer: int | None = None


@dataclass(frozen=True)
class SisepaiSituation(MatchSituation):
    """Si Se Pai: the dealer, the deals played and the running payments."""

    deals: int | None = None
    scores: tuple[int, ...] = seq()
