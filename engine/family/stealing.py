"""Kitty stealing (炒底, option ``kitty_stealing``, docs/rules/tractor.md §Kitty stealing).

Once the kitty is buried, the other seats in turn, from the one after the burier, may show a
declaration strictly stronger than the standing one (the game's ``declarations``) or pass. A steal
names the new trump (as a declaration during the draw would), and the stealer takes the kitty into
hand and buries as many cards; a new round of turns starts after it. When every other seat has
passed in a row the play begins; the dealer, and so the sides, never change. Only the last burier
sees the kitty.

A mixin over a game's deal (``StealingTractorDeal``): a deal without the option never meets it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import JSON, Action, Rules
from engine.family.actions import Declare, Pass
from engine.family.dealfacts import Setup
from engine.family.phases import Phase
from engine.family.trickdeal import ONE_SEAT, TrickDeal

PASS = Pass()


class KittyStealing(TrickDeal):
    """A deal whose buried kitty may be stolen by a stronger declaration, in turn."""

    def __init__(self, rules: Rules, setup: Setup, deck: Sequence[str], situation: Mapping[str, JSON] | None):
        super().__init__(rules, setup, deck, situation)
        self.buried_by: tuple[int, ...] = ()  # every burial's seat, in order (a tuple: copies share it)
        self.stealer: int | None = None  # the last seat that took the kitty up by a steal
        self.steal_turn = 0  # the seat that may steal or pass now

    def burier(self) -> int:
        """The seat that buries now, or buried last: the last stealer, else the dealer."""
        assert self.dealer is not None
        return self.dealer if self.stealer is None else self.stealer

    def buriers(self) -> frozenset[int]:
        """Every seat that buried a kitty."""
        return frozenset(self.buried_by)

    def must_move(self) -> frozenset[int]:
        """In the steal phase the seat whose turn it is; burying, the burier."""
        if self.phase is Phase.STEAL:
            return ONE_SEAT[self.steal_turn]
        if self.phase is Phase.BURY:
            return ONE_SEAT[self.burier()]
        return super().must_move()

    def declarations(self, seat: int) -> list[Declare]:
        """The game's; in the steal phase, the steals of the seat in turn (its stronger declarations)."""
        if self.phase is Phase.STEAL and seat != self.steal_turn:
            return []
        return super().declarations(seat)

    def phase_actions(self, seat: int) -> Iterator[Action]:
        """In the steal phase, to the seat in turn: a pass, then its steals."""
        if self.phase is not Phase.STEAL:
            yield from super().phase_actions(seat)
        elif seat == self.steal_turn:
            yield PASS
            yield from self.declarations(seat)

    def other_phases(self, action: Action) -> tuple[Phase, ...]:
        """A steal is a declaration, and a pass declines one: both in the steal phase."""
        return (Phase.STEAL,) if isinstance(action, Declare | Pass) else super().other_phases(action)

    def error(self, seat: int, action: Action) -> Exception | None:
        """In the steal phase only the seat in turn acts, with a pass or a stronger declaration."""
        if self.phase is not Phase.STEAL:
            return super().error(seat, action)
        if seat != self.steal_turn:
            return NotYourTurn(f"it is seat {self.steal_turn}'s turn to steal the kitty or pass")
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Declare)
        reason = self.declare_error(seat, action.cards)
        return None if reason is None else IllegalAction(reason)

    def decision_kind(self, action: Action) -> str:
        """``steal`` for a steal or a pass in the steal phase."""
        return "steal" if self.phase is Phase.STEAL else super().decision_kind(action)

    def on_declare(self, seat: int, cards: tuple[str, ...]) -> None:
        """A steal names the trump as any declaration does, and the stealer takes the kitty up."""
        super().on_declare(seat, cards)
        if self.phase is Phase.STEAL:
            self.hands[seat].update(self.kitty)
            self.kitty = []
            self.stealer = seat
            self.phase = Phase.BURY

    def apply_other(self, seat: int, action: Action) -> None:
        """A pass hands the turn on; back at the burier, everybody passed and the play begins."""
        if not (self.phase is Phase.STEAL and isinstance(action, Pass)):
            super().apply_other(seat, action)
            return
        self.steal_turn = (seat + 1) % self.setup.seats
        if self.steal_turn == self.burier():
            super().after_bury()

    def after_bury(self) -> None:
        """Open the steal phase at the seat after the burier."""
        burier = self.burier()
        self.buried_by = (*self.buried_by, burier)
        self.phase = Phase.STEAL
        self.steal_turn = (burier + 1) % self.setup.seats

    def hidden_from(self, seat: int | None) -> frozenset[str]:
        """As the family's, the kitty seen by its last burier only."""
        hidden = super().hidden_from(seat)
        if self.phase is Phase.OVER or not self.buried:
            return hidden
        return hidden - {"kitty"} if seat == self.burier() else hidden | {"kitty"}

    def extra_view(self, seat: int | None) -> dict[str, JSON]:
        """The game's facts, and who buried (in order) and who may steal now (public)."""
        stealing: dict[str, JSON] = {
            "buried_by": list(self.buried_by),
            "turn": self.steal_turn if self.phase is Phase.STEAL else None,
        }
        return {**super().extra_view(seat), "stealing": stealing}
