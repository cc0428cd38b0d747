"""One deal of Si Se Pai: dealing, the turn, claim windows and the end (docs/rules/sisepai.md §2-§8).

Phases: ``redeal`` (every seat answers ``redeal`` or ``pass`` at once), ``draw`` (the turn's seat
draws), ``window`` (every seat that may claim the shown card answers at once: all seats for a drawn
card, all but the discarder for a discard), ``discard`` (the drawer after melding, or a claimer),
``over``. Every seat in a window must answer, whether or not it could claim, so being asked
reveals nothing. At a live table a seat whose clock runs out is played by the timeout bot (the
expert at its ``fast`` budget); ``timeout_action`` is the engine's own plain answer (``pass`` in
a window). During a window ``to_move()`` (and ``must_move()``) is the set of seats that have not
answered yet; the answers stay private until the last one arrives, then the best claim is carried
out (``claims``).

A seat sees its own hand, every seat's exposed melds and discards, the shown card, the window's
seats and whether it has answered itself, and the number of cards in the other hands and the
stock; once the deal is over every hand is shown (the record is public).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Self

from engine.core.errors import IllegalAction, NotYourTurn, WrongPhase
from engine.core.game import JSON, Action, DealState, check_replacement, copied, refilled
from engine.games.sisepai.actions import Chi, Discard, Draw, Hu, Kong, MeldOwn, Pass, Pong, Redeal, Tsumo
from engine.games.sisepai.claims import (
    hand_cards_used,
    has_cards,
    is_run_claim,
    may_demand_redeal,
    own_meld_options,
    run_partners,
    winning_claim,
)
from engine.games.sisepai.melds import Meld
from engine.games.sisepai.partition import concealed_melds, winning_score
from engine.games.sisepai.pieces import sorted_pieces
from engine.games.sisepai.rules import SiSePaiRules
from engine.games.sisepai.scoring import payments, settle

HAND_SIZE = 20
PACKET = 5


class Phase(Enum):
    REDEAL = "redeal"
    DRAW = "draw"
    WINDOW = "window"
    DISCARD = "discard"
    OVER = "over"


@dataclass(frozen=True)
class Shown:
    """The card face up on the table awaiting claims: its owner and whether it was drawn."""

    card: str
    owner: int
    drawn: bool


def deal_hands(deck: Sequence[str], seats: int, dealer: int, dealer_21: bool) -> tuple[list[list[str]], int]:
    """Deal packets of five from the top, the dealer first (six in the dealer's first packet with
    ``dealer_21``); returns the hands by seat and the index of the first stock card."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    pos = 0
    for packet in range(HAND_SIZE // PACKET):
        for i in range(seats):
            seat = (dealer + i) % seats
            size = PACKET + (1 if dealer_21 and packet == 0 and seat == dealer else 0)
            hands[seat].extend(deck[pos : pos + size])
            pos += size
    return hands, pos


class SiSePaiDeal(DealState):
    """A deal in progress. Seats are numbered in turn order (counter-clockwise at the table)."""

    def __init__(
        self,
        rules: SiSePaiRules,
        seats: int,
        deck: Sequence[str],
        dealer: int,
        dealer_draw: list[list[str]] | None = None,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.deck = tuple(deck)
        self.dealer = dealer
        self.dealer_draw = dealer_draw
        dealt, self.stock_pos = deal_hands(self.deck, seats, dealer, rules.dealer_21)
        self.dealt = [sorted_pieces(h) for h in dealt]
        self.hands: list[Counter[str]] = [Counter(h) for h in dealt]
        self.exposed: list[list[Meld]] = [[] for _ in range(seats)]
        self.discards: list[list[str]] = [[] for _ in range(seats)]
        self.phase = Phase.REDEAL
        self.turn: int | None = None
        self.shown: Shown | None = None
        self.window: frozenset[int] = frozenset()
        self.answers: dict[int, Action] = {}
        self.last_claim: dict[str, JSON] | None = None
        self._result: dict[str, JSON] | None = None
        if rules.redeal:
            self.window = frozenset(range(seats))
        else:
            self._begin_play()

    # -- the DealState interface ------------------------------------------------------------

    def to_move(self) -> frozenset[int]:
        if self.phase in (Phase.REDEAL, Phase.WINDOW):
            return self.window - self.answers.keys()
        if self.phase in (Phase.DRAW, Phase.DISCARD):
            assert self.turn is not None
            return frozenset({self.turn})
        return frozenset()

    def legal_actions(self, seat: int) -> Iterator[Action]:
        if seat not in self.to_move():
            return
        if self.phase is Phase.REDEAL:
            yield Pass()
            if may_demand_redeal(self.hands[seat]):
                yield Redeal()
        elif self.phase is Phase.DRAW:
            yield Draw()
        elif self.phase is Phase.DISCARD:
            yield from (Discard(c) for c in sorted_pieces(self.hands[seat]))
        else:
            yield Pass()
            yield from self._claims(seat)

    def check(self, seat: int, action: Action) -> None:
        if self.phase is Phase.OVER:
            raise WrongPhase("the deal is over")
        if seat not in self.to_move():
            raise NotYourTurn(f"seat {seat} is not to move (to move: {sorted(self.to_move())})")
        if self.phase is Phase.REDEAL:
            self._check_redeal(seat, action)
        elif self.phase is Phase.DRAW:
            if not isinstance(action, Draw):
                raise WrongPhase(f"seat {seat} must draw, not {action}")
        elif self.phase is Phase.DISCARD:
            if not isinstance(action, Discard):
                raise WrongPhase(f"seat {seat} must discard, not {action}")
            if self.hands[seat][action.card] < 1:
                raise IllegalAction(f"seat {seat} holds no {action.card}")
        else:
            self._check_claim(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        self.check(seat, action)
        self.apply_trusted(seat, action)

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Perform ``action`` without checking it (see ``DealState.apply_trusted``)."""
        if isinstance(action, Draw):
            self._draw(seat)
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
        else:
            self.answers[seat] = action
            if not self.to_move():
                self._resolve()

    def view(self, seat: int | None) -> dict[str, JSON]:
        """The seat's own hand, every seat's exposed melds and discards, the shown card, the window's
        seats and whether this seat has answered (others' pending answers never show); every hand
        once the deal is over (the record is public). ``None``: a spectator."""
        shown = self.shown
        out: dict[str, JSON] = {
            "game": "sisepai",
            "seat": seat,
            "seats": self.seats,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "hand": sorted_pieces(self.hands[seat].elements()) if seat is not None else None,
            "hand_counts": [self.hand_size(s) for s in range(self.seats)],
            "melds": [[m.to_json() for m in self.exposed[s]] for s in range(self.seats)],
            "discards": [list(d) for d in self.discards],
            "stock": self.stock_left(),
            "shown": None
            if shown is None
            else {"card": shown.card, "seat": shown.owner, "source": "draw" if shown.drawn else "discard"},
            "window": None,
            "last_claim": self.last_claim,
            "result": self.result(),
        }
        if self.phase in (Phase.REDEAL, Phase.WINDOW):
            out["window"] = {
                "seats": sorted(self.window),
                "answered": seat in self.answers if seat is not None else None,
            }
        if self.is_over():
            out["hands"] = [sorted_pieces(self.hands[s].elements()) for s in range(self.seats)]
        return out

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> dict[str, JSON] | None:
        return self._result

    def zones(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for s in range(self.seats):
            out[f"hand:{s}"] = sorted_pieces(self.hands[s].elements())
            out[f"melds:{s}"] = [c for m in self.exposed[s] for c in m.cards]
            out[f"discards:{s}"] = list(self.discards[s])
        out["shown"] = [self.shown.card] if self.shown is not None else []
        out["stock"] = list(self.deck[self.stock_pos :])
        return out

    def hidden_from(self, seat: int | None) -> frozenset[str]:
        # Once the deal is over the record is public: nothing is hidden (the result names the
        # dealer-draw cards in the stock).
        if self.is_over():
            return frozenset()
        return frozenset({"stock", *(f"hand:{s}" for s in range(self.seats) if s != seat)})

    def copy(self) -> Self:
        """An independent copy; rules, deck and melds (immutable) are shared, hands and piles copied."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hands = [copied(hand) for hand in self.hands]
        new.exposed = [list(melds) for melds in self.exposed]
        new.discards = [list(pile) for pile in self.discards]
        new.answers = dict(self.answers)
        return new

    def replace_hidden(self, zones: Mapping[str, Sequence[str]]) -> Self:
        """A copy with the named hands or the stock (in draw order) holding other pieces.

        Answers already given in an open window (or the redeal question) stay; ``ValueError`` if
        one is no longer possible with the seat's new hand (a claim needs the pieces it uses).
        """
        check_replacement(self.zones(), zones, lambda name: name.startswith("hand:") or name == "stock")
        new = self.copy()
        for name, cards in zones.items():
            if name == "stock":
                new.deck = self.deck[: self.stock_pos] + tuple(cards)
            else:
                seat = int(name[5:])
                new.hands[seat] = refilled(self.hands[seat], cards)
        for seat, answer in new.answers.items():
            try:
                new._check_redeal(seat, answer) if new.phase is Phase.REDEAL else new._check_claim(
                    seat, answer
                )
            except IllegalAction as exc:
                raise ValueError(f"seat {seat} has answered {answer}, impossible now: {exc}") from None
        return new

    # -- helpers for servers and bots ---------------------------------------------------------

    def timeout_action(self, seat: int) -> Action:
        """What a seat whose clock ran out does: pass in a window, draw, or discard its last card."""
        if self.phase is Phase.DRAW:
            return Draw()
        if self.phase is Phase.DISCARD:
            return Discard(sorted_pieces(self.hands[seat])[-1])
        return Pass()

    def stock_left(self) -> int:
        return len(self.deck) - self.stock_pos

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def win_points(self, seat: int, card: str) -> int | None:
        """Points ``seat`` would score winning with ``card`` now, or ``None`` if it cannot win."""
        return winning_score(self.hands[seat], card, self.exposed[seat], self.rules.min_points)

    # -- checks -------------------------------------------------------------------------------

    def _check_redeal(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, Redeal):
            raise WrongPhase(f"before play a seat answers redeal or pass, not {action}")
        if not may_demand_redeal(self.hands[seat]):
            raise IllegalAction(
                f"seat {seat} holds a general, three identical or four-colour soldiers: no redeal"
            )

    def _claims(self, seat: int) -> Iterator[Action]:
        for claim in self._candidate_claims(seat):
            if self._claim_error(seat, claim) is None:
                yield claim

    def meld_claims(self, seat: int) -> Iterator[Action]:
        """The claims ``seat`` may make on the shown card other than winning with it (for bots,
        which check the win on its own first)."""
        for claim in self._meld_candidates(seat):
            if self._claim_error(seat, claim) is None:
                yield claim

    def _candidate_claims(self, seat: int) -> Iterator[Action]:
        assert self.shown is not None
        yield Tsumo() if seat == self.shown.owner else Hu()
        yield from self._meld_candidates(seat)

    def _meld_candidates(self, seat: int) -> Iterator[Action]:
        assert self.shown is not None
        card, hand = self.shown.card, self.hands[seat]
        yield Kong()
        yield Pong()
        if seat == self.shown.owner and self.shown.drawn:
            yield from (MeldOwn(used) for used in own_meld_options(hand, card))
        if seat == (self.shown.owner + 1) % self.seats:
            yield from (Chi(used) for used in run_partners(hand, card))

    def _check_claim(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, (Tsumo, Hu, Kong, Pong, MeldOwn, Chi)):
            raise WrongPhase(f"in a claim window a seat claims or passes, not {action}")
        error = self._claim_error(seat, action)
        if error is not None:
            raise IllegalAction(error)

    def _claim_error(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not make the claim ``action`` on the shown card, or ``None``."""
        assert self.shown is not None
        card, owner, hand = self.shown.card, self.shown.owner, self.hands[seat]
        if isinstance(action, (Tsumo, Hu)):
            if isinstance(action, Tsumo) != (seat == owner):
                return "only the drawer says tsumo; other seats say hu"
            if self.win_points(seat, card) is None:
                need = self.rules.min_points
                return f"seat {seat} cannot win with {card} (all 21 cards in melds, {need}+ points)"
            return None
        used = hand_cards_used(action, card)
        assert used is not None
        if isinstance(action, (MeldOwn, Chi)):
            if isinstance(action, MeldOwn) and (seat != owner or not self.shown.drawn):
                return "only the drawer melds with its own drawn card"
            if isinstance(action, Chi) and seat != (owner + 1) % self.seats:
                return f"only seat {(owner + 1) % self.seats} may chi seat {owner}'s card"
            if not is_run_claim(card, used, allow_single=isinstance(action, MeldOwn)):
                return f"{card} {' '.join(used)} is not a run, a soldier set or a single general"
        if not has_cards(hand, used):
            return f"seat {seat} does not hold {' '.join(used)}"
        if self.hand_size(seat) - len(used) < 1:
            return "a claim that does not win must leave a card to discard"
        return None

    # -- changes ------------------------------------------------------------------------------

    def _begin_play(self) -> None:
        if self.rules.dealer_21:
            self.phase, self.turn = Phase.DISCARD, self.dealer
        else:
            self._start_turn(self.dealer)

    def _start_turn(self, seat: int) -> None:
        self.shown, self.window, self.answers = None, frozenset(), {}
        if self.stock_left() == 0:
            self._finish({"outcome": "void", "winner": None})
        else:
            self.phase, self.turn = Phase.DRAW, seat

    def _open_window(self, card: str, owner: int, drawn: bool) -> None:
        self.shown = Shown(card, owner, drawn)
        self.phase, self.turn, self.answers = Phase.WINDOW, owner, {}
        self.window = frozenset(s for s in range(self.seats) if drawn or s != owner)

    def _draw(self, seat: int) -> None:
        card = self.deck[self.stock_pos]
        self.stock_pos += 1
        self._open_window(card, seat, drawn=True)

    def _discard(self, seat: int, card: str) -> None:
        self.hands[seat][card] -= 1
        if not self.hands[seat][card]:
            del self.hands[seat][card]
        self._open_window(card, seat, drawn=False)

    def _resolve(self) -> None:
        if self.phase is Phase.REDEAL:
            self._resolve_redeal()
            return
        assert self.shown is not None
        card, owner = self.shown.card, self.shown.owner
        claim = winning_claim(self.answers, owner, self.seats)
        if claim is None:
            self.discards[owner].append(card)
            self._start_turn((owner + 1) % self.seats)
            return
        seat, action = claim
        self.last_claim = {"seat": seat, "claim": str(action), "from": owner}
        if isinstance(action, (Tsumo, Hu)):
            self._win(seat, action)
            return
        used = hand_cards_used(action, card)
        assert used is not None
        self.hands[seat].subtract(used)
        self.hands[seat] = +self.hands[seat]
        self.exposed[seat].append(Meld.of((card, *used), exposed=True))
        self.shown, self.window, self.answers = None, frozenset(), {}
        self.phase, self.turn = Phase.DISCARD, seat

    def _resolve_redeal(self) -> None:
        demanded = sorted(s for s, a in self.answers.items() if isinstance(a, Redeal))
        self.window, self.answers = frozenset(), {}
        if demanded:
            self._finish({"outcome": "redeal", "winner": None, "redeal_by": demanded})
        else:
            self._begin_play()

    def _win(self, seat: int, action: Action) -> None:
        assert self.shown is not None
        card = self.shown.card
        counts = self.hands[seat] + Counter([card])
        concealed = concealed_melds(counts)
        assert concealed is not None
        melds = [*self.exposed[seat], *concealed]
        points = sum(m.points for m in melds)
        self._finish(
            {
                "outcome": "win",
                "winner": seat,
                "by": str(action),
                "card": card,
                "from": self.shown.owner,
                "melds": [m.to_json() for m in melds],
                "points": points,
                "payments": payments(seat, points, self.seats),
            }
        )

    def _finish(self, result: dict[str, JSON]) -> None:
        settle(result, self.seats, self.dealer, self.dealer_draw)
        self._result = result
        self.phase, self.turn, self.window, self.answers = Phase.OVER, None, frozenset(), {}
